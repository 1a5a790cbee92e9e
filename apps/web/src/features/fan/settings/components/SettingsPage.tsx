import { SOCIAL_PROVIDERS, type FanUser } from '#pie/contracts';
import { Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccountDetail, DeleteAccountSection, LinkedAccountsList, ProviderReturnAlerts } from '../../../../shared/account';
import { useAccountSettings } from '../hooks/use-account-settings';

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

export interface SettingsPageProps {
  user: FanUser;
  /** Account actions for the header (the app passes 'Log out'). */
  actions?: ReactNode;
}

/** The fan's /settings: account details, linked sign-in accounts and account deletion. */
export function SettingsPage({ user, actions }: SettingsPageProps) {
  const { connect, disconnect, deleteAccount } = useAccountSettings();
  const linked = user.linked_accounts ?? [];

  return (
    <Container size="md" py="xl">
      <title>{`Settings · Pie`}</title>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Title order={1}>Settings</Title>
          {actions}
        </Group>
        <ProviderReturnAlerts />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="account-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="account-heading">
              Account
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
              <AccountDetail label="Name">{`${user.first_name} ${user.last_name}`}</AccountDetail>
              <AccountDetail label="Email">
                <Group gap="xs" component="span">
                  <span>{user.email}</span>
                  <Badge size="sm" variant="light" color={user.email_verified ? 'teal' : 'yellow'}>
                    {user.email_verified ? 'Verified' : 'Not verified'}
                  </Badge>
                </Group>
              </AccountDetail>
              <AccountDetail label="Password">
                {user.has_password === false ? (
                  <>
                    {'Not set: you sign in with a linked account. '}
                    <Anchor component={Link} to="/forgot-password">
                      Set a password
                    </Anchor>
                  </>
                ) : (
                  'Set'
                )}
              </AccountDetail>
              <AccountDetail label="Member since">{memberSince(user.created_at)}</AccountDetail>
            </SimpleGrid>
          </Stack>
        </Paper>
        <LinkedAccountsList
          providers={SOCIAL_PROVIDERS}
          linked={linked}
          connect={connect}
          disconnect={disconnect}
          description="Sign in to Pie with any of these. Your streaming account also feeds your listening history."
        />
        <DeleteAccountSection
          onDelete={deleteAccount}
          removed={[
            'your name, e-mail address and password',
            'your linked Spotify, Google, X and Facebook accounts and their access',
            'your sessions: you are signed out on every device',
          ]}
          kept="Your payment history is kept, as financial records must be, but no longer carries your name or e-mail."
        />
      </Stack>
    </Container>
  );
}
