import { Anchor, Button, Code, Group, List, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { COMMUNICATION_CHANNELS, CRM_STATUSES } from '#pie/contracts';
import { errorMessage } from '@web/shared/api';
import { formatCount, formatDateTime, formatMoney, NOUNS } from '@web/shared/format';
import { Section } from '@web/shared/ui';
import { AdminRecordPage, AdminRefLink, AuditLogSection, useAdminActionMutation, useDiscoveryProgressQuery } from '@web/shared/back-office';

/** /admin/artists/:artistId: an artist's money and outreach — CRM status, contacts, e-mail discovery, invites. */
export function ArtistPage({ id: artistId }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Artist"
      id={artistId}
      path={`artists/${artistId}`}
      list={{ to: '/admin/artists', label: 'Artists' }}
      title={(artist) => artist.name}
      facts={(artist) => [
        { label: 'In escrow', value: formatMoney(artist.escrowCents), hint: artist.escrowFans > 0 ? `From ${formatCount(artist.escrowFans, NOUNS.fan)}` : undefined },
        { label: 'Oldest escrow', value: artist.oldestEscrowAt ? formatDateTime(artist.oldestEscrowAt) : '—' },
        {
          label: 'Claimed',
          value: artist.claim ? (
            <>
              <AdminRefLink value={{ type: 'claim', id: artist.claim.id, name: artist.claim.status }} />
              {' by '}
              <AdminRefLink value={{ type: 'office', id: artist.claim.officeId, name: artist.claim.officeName }} />
            </>
          ) : (
            'no'
          ),
        },
        { label: 'Fans (28 days)', value: String(artist.fans) },
        { label: 'Contact', value: artist.contactEmail ?? '—' },
        { label: 'Top fans', value: <Anchor component={Link} to={`/admin/artists/${artistId}/top-fans`}>See the top fans</Anchor> },
      ]}
    >
      {(artist) => (
        <>
          <OutreachSection artistId={artistId} crmStatus={artist.crmStatus} communications={artist.communications} />
          <DiscoverySection artistId={artistId} />
          <InviteSection artistId={artistId} />
          <AuditLogSection targetType="artist" targetId={artistId} title="Audit log of this artist" />
        </>
      )}
    </AdminRecordPage>
  );
}

function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  return outcome ? (
    <Text role={outcome.ok ? 'status' : 'alert'} c={outcome.ok ? 'teal' : 'red'} size="sm">
      {outcome.text}
    </Text>
  ) : null;
}

function OutreachSection({ artistId, crmStatus, communications }: { artistId: string; crmStatus: string; communications: { id: string; channel: string; note: string; contactedAt: string; adminName: string }[] }) {
  const [act, acting] = useAdminActionMutation();
  const [channel, setChannel] = useState<string>('email');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (request: Parameters<typeof act>[0], done: string) => {
    try {
      await act(request).unwrap();
      setOutcome({ ok: true, text: done });
      return true;
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'That did not work') });
      return false;
    }
  };
  return (
    <Section title="Outreach" description="Where the conversation with this artist stands, and a dated log of every contact.">
      <Stack gap="md">
        <NativeSelect
          label="Outreach status"
          value={crmStatus}
          data={CRM_STATUSES.map((value) => ({ value, label: value.replace(/_/g, ' ') }))}
          onChange={(event) => void run({ method: 'PUT', path: `artists/${artistId}/crm-status`, body: { crmStatus: event.currentTarget.value } }, 'Outreach status saved')}
          maw={280}
        />
        <Group align="flex-end" wrap="wrap">
          <NativeSelect label="Channel" value={channel} data={[...COMMUNICATION_CHANNELS]} onChange={(event) => setChannel(event.currentTarget.value)} />
          <Textarea label="What happened" value={note} onChange={(event) => setNote(event.currentTarget.value)} miw={280} autosize minRows={1} />
          <Button
            loading={acting.isLoading}
            onClick={async () => {
              if (await run({ method: 'POST', path: `artists/${artistId}/communication`, body: { channel, note } }, 'Contact logged')) setNote('');
            }}
          >
            Log contact
          </Button>
        </Group>
        <Outcome outcome={outcome} />
        {communications.length === 0 ? (
          <Text c="dimmed">No contact logged yet.</Text>
        ) : (
          <List spacing={4} size="sm">
            {communications.map((entry) => (
              <List.Item key={entry.id}>{`${formatDateTime(entry.contactedAt)} · ${entry.channel} · ${entry.adminName}: ${entry.note}`}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Section>
  );
}

function DiscoverySection({ artistId }: { artistId: string }) {
  const [act, acting] = useAdminActionMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const progress = useDiscoveryProgressQuery(artistId, { pollingInterval: 1000 });
  const data = progress.data;
  const start = async (forceRediscovery: boolean) => {
    try {
      await act({ method: 'POST', path: `artists/${artistId}/email-discovery/start`, body: { forceRediscovery } }).unwrap();
      setOutcome({ ok: true, text: 'Discovery started' });
      void progress.refetch();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'The discovery did not start') });
    }
  };
  return (
    <Section title="E-mail discovery" description="Looks for a contact address on the artist's public pages, one page at a time.">
      <Stack gap="sm">
        <Group>
          <Button loading={acting.isLoading} onClick={() => void start(false)}>
            Find a contact address
          </Button>
          {data?.status === 'done' && (
            <Button variant="default" onClick={() => void start(true)}>
              Look again
            </Button>
          )}
        </Group>
        <Outcome outcome={outcome} />
        <div aria-live="polite" data-testid="discovery-progress">
          <Text size="sm">{`Status: ${data?.status ?? '…'}`}</Text>
          {data?.steps.map((step, index) => <Text key={index} size="sm">{`${step.name}: ${step.status}${step.detail ? ` — ${step.detail}` : ''}`}</Text>)}
          {data?.email && (
            <Text size="sm">
              Found: <Code>{data.email}</Code> ({data.source})
            </Text>
          )}
        </div>
      </Stack>
    </Section>
  );
}

function InviteSection({ artistId }: { artistId: string }) {
  const [act, acting] = useAdminActionMutation();
  const [made, setMade] = useState<{ token: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Section title="Invite" description="A one-time link that lets the artist claim their profile without proving it again.">
      <Stack gap="sm" align="flex-start">
        <Button
          loading={acting.isLoading}
          onClick={async () => {
            try {
              setMade((await act({ method: 'POST', path: 'artist-invites/generate', body: { artistId } }).unwrap()) as { token: string; expiresAt: string });
              setError(null);
            } catch (failure) {
              setError(errorMessage(failure, 'The invite was not made'));
            }
          }}
        >
          Generate invite
        </Button>
        {made && (
          <Text role="status" size="sm">
            Invite link (shown once, valid until {formatDateTime(made.expiresAt)}): <Code>{`${window.location.origin}/artist-invite/${made.token}`}</Code>
          </Text>
        )}
        {error && (
          <Text role="alert" c="red" size="sm">
            {error}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
