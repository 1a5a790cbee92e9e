import type { LinkedAccount, SocialProvider } from '#pie/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { errorMessage } from '../api';
import { ProviderIcon, providerLabel } from '../social';

export interface LinkedAccountsListProps {
  /** The providers this kind of account can link, in display order. */
  providers: readonly SocialProvider[];
  linked: readonly LinkedAccount[];
  /** Starts linking: asks the server for the provider's page and goes there. Rejects on failure. */
  connect: (provider: SocialProvider) => Promise<void>;
  /** Removes the link; resolves with the server's message. Rejects with the server's reason. */
  disconnect: (provider: SocialProvider) => Promise<string | undefined>;
  /** A short line under the heading. */
  description?: string;
}

type Pending = { provider: SocialProvider; action: 'connect' | 'disconnect' } | null;
type Notice = { kind: 'success' | 'error'; text: string } | null;

function accountName(account: LinkedAccount): string {
  const parts = [account.display_name, account.email].filter((part): part is string => Boolean(part));
  if (parts.length === 2 && parts[0] !== parts[1]) return `${parts[0]} (${parts[1]})`;
  return parts[0] ?? 'your account';
}

/** Each provider with its state and a 'Connect <name>' or 'Disconnect <name>' button. */
export function LinkedAccountsList({ providers, linked, connect, disconnect, description }: LinkedAccountsListProps) {
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();

  const run = async (provider: SocialProvider, action: 'connect' | 'disconnect') => {
    if (pending) return;
    const label = providerLabel(provider);
    setPending({ provider, action });
    setNotice(null);
    try {
      if (action === 'connect') {
        await connect(provider);
        // The browser is leaving for the provider: keep the button busy.
        return;
      }
      const message = await disconnect(provider);
      setNotice({ kind: 'success', text: message ?? `Disconnected ${label}` });
      setPending(null);
    } catch (error) {
      const fallback =
        action === 'connect'
          ? `Could not start linking ${label}. Please try again.`
          : `Could not disconnect ${label}. Please try again.`;
      setNotice({ kind: 'error', text: errorMessage(error, fallback) });
      setPending(null);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            Linked accounts
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {notice && (
          <Alert
            color={notice.kind === 'success' ? 'teal' : 'red'}
            variant="light"
            role={notice.kind === 'success' ? 'status' : 'alert'}
          >
            {notice.text}
          </Alert>
        )}
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {providers.map((provider, index) => {
            const label = providerLabel(provider);
            const account = linked.find((item) => item.provider === provider);
            const busy = pending?.provider === provider;
            return (
              <li key={provider}>
                <Group
                  justify="space-between"
                  wrap="wrap"
                  gap="sm"
                  py="sm"
                  style={index > 0 ? { borderTop: '1px solid var(--mantine-color-dark-4)' } : undefined}
                >
                  <Group gap="sm" wrap="nowrap">
                    <ProviderIcon provider={provider} size={22} />
                    <div>
                      <Text fw={600}>{label}</Text>
                      <Text size="sm" c="dimmed">
                        {account ? `Connected as ${accountName(account)}` : 'Not connected'}
                      </Text>
                    </div>
                  </Group>
                  {account ? (
                    <Button
                      variant="default"
                      onClick={() => void run(provider, 'disconnect')}
                      loading={busy && pending?.action === 'disconnect'}
                      disabled={pending !== null && !busy}
                    >
                      {`Disconnect ${label}`}
                    </Button>
                  ) : (
                    <Button
                      variant="light"
                      onClick={() => void run(provider, 'connect')}
                      loading={busy && pending?.action === 'connect'}
                      disabled={pending !== null && !busy}
                    >
                      {`Connect ${label}`}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
