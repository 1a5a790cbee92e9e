import type { ArtistDetails, ArtistStandingView } from '#pie/contracts';
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { formatCount, formatDate, formatMoney, NOUNS } from '@web/shared/format';
import { selectSessionStatus } from '@web/shared/session';
import { ErrorBlock, LoadingBlock, ReasonDialog, Section } from '@web/shared/ui';
import { useGetArtistStandingQuery, useReportClaimMutation } from '../api/listening.api';
import { InviteArtistButton } from './InviteArtistButton';

const REASON_MIN = 3;
const REASON_MAX = 1000;

/** What waits in escrow for the artist, in aggregate ("$3.39 from 2 fans"). */
const waiting = (standing: ArtistStandingView) => `${formatMoney(standing.escrowCents)} from ${formatCount(standing.escrowFans, NOUNS.fan)}`;

/**
 * Where the artist stands on Pie, for fans: claimed by their team (the claim a fan can report) or
 * not yet (a link to invite them), and the fans' money waiting for them in escrow, in all.
 */
export function ArtistStandingSection({ artist }: { artist: ArtistDetails }) {
  const query = useGetArtistStandingQuery(artist.id);
  const standing = query.data;
  return (
    <Section title={`${artist.name} on Pie`} description={`Whether ${artist.name} receives what fans’ pies give them`}>
      {query.isLoading ? (
        <LoadingBlock label="Loading where the artist stands..." />
      ) : query.isError || !standing ? (
        <ErrorBlock error={query.error} fallback="We could not load where the artist stands." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : standing.claimed ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color="teal" variant="light">
              On Pie
            </Badge>
            <Text size="sm">{`${artist.name}’s team proved this profile is theirs${standing.claimedSince ? ` on ${formatDate(standing.claimedSince)}` : ''}: what fans’ pies give ${artist.name} goes to them.`}</Text>
          </Group>
          {standing.escrowCents > 0 && <Text size="sm">{`${waiting(standing)} waits in escrow until their team’s Stripe account can receive it.`}</Text>}
          {standing.claimId && <ReportClaim artist={artist} claimId={standing.claimId} />}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color="gray" variant="light">
              Not on Pie yet
            </Badge>
            <Text size="sm">{`Nobody has claimed ${artist.name} on Pie yet.`}</Text>
          </Group>
          <Text size="sm">
            {standing.escrowCents > 0
              ? `${waiting(standing)} waits in escrow for ${artist.name}: it is theirs as soon as they claim this profile and connect Stripe.`
              : `What fans’ pies give ${artist.name} waits in escrow until they claim this profile.`}
          </Text>
          <InviteArtist artist={artist} standing={standing} />
          <Text size="sm">
            {`Are you ${artist.name} or their team? `}
            <Anchor component={Link} to="/for-artists">
              Claim this profile on Pie for artists
            </Anchor>
          </Text>
        </Stack>
      )}
    </Section>
  );
}

/** "Invite this artist": the page's link to send them, saying what waits for them. */
function InviteArtist({ artist, standing }: { artist: ArtistDetails; standing: ArtistStandingView }) {
  const message = standing.escrowCents > 0 ? `${artist.name}: fans fund you on Pie, and ${formatMoney(standing.escrowCents)} waits for you. Claim your profile to receive it.` : `${artist.name}: fans fund you on Pie. Claim your profile to receive what their pies give you.`;
  return (
    <InviteArtistButton artistId={artist.id} artistName={artist.name} message={message}>
      Invite this artist
    </InviteArtistButton>
  );
}

/** "Report this claim": a signed-in fan says why the claim looks wrong, after a confirmation. */
function ReportClaim({ artist, claimId }: { artist: ArtistDetails; claimId: string }) {
  const session = useSelector(selectSessionStatus);
  const [opened, setOpened] = useState(false);
  const [report, reporting] = useReportClaimMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  if (session === 'anonymous') {
    return (
      <Text size="sm" c="dimmed">
        {'Does this claim look wrong? '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
        {' to report it.'}
      </Text>
    );
  }
  const send = async (reason: string) => {
    try {
      setOutcome({ ok: true, text: await report({ claimId, reason }).unwrap() });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Your report was not sent. Please try again.') });
    }
    setOpened(false);
  };
  return (
    <Stack gap={4} align="flex-start">
      {outcome?.ok ? null : (
        <Button variant="subtle" color="red" size="compact-sm" onClick={() => setOpened(true)}>
          Report this claim
        </Button>
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
      <ReasonDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Report this claim?"
        text={`Tell Pie’s team why the claim on ${artist.name} looks wrong (not their team, an impostor…). They check its proof again; the team is not told who reported it.`}
        label="Why"
        tooShortText={`Say why, in at least ${REASON_MIN} characters`}
        confirmLabel="Send report"
        onConfirm={(reason) => void send(reason)}
        loading={reporting.isLoading}
        minLength={REASON_MIN}
        maxLength={REASON_MAX}
        minRows={3}
      />
    </Stack>
  );
}
