import { SOCIAL_PLATFORM_LABELS, SOCIAL_PLATFORMS, type ClaimDetailed, type SocialPlatform } from '#pie/contracts';
import { Alert, Anchor, Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '@web/shared/api';
import { AfterFirstAnswers, LoadingBlock, ErrorBlock, PageFrame, Section } from '@web/shared/ui';
import { socialVerificationUrl, useDeleteClaimMutation, useFetchSocialsQuery, useGetClaimDetailedQuery, useVerifyBioMutation } from '../api/claims.api';
import { ClaimNotFound } from './ClaimNotFound';
import { ClaimStatusBadge } from './ClaimStatusBadge';

const STATUS_WORDS: Record<string, string> = {
  pending: 'created',
  verifying: 'verification started',
  successful: 'verified',
  rejected: 'rejected',
  cancelled: 'cancelled',
};

/** Proving the claim: by the bio string (with the pages to edit) or by signing in to the official account. */
function Verify({ claim }: { claim: ClaimDetailed }) {
  const socials = useFetchSocialsQuery({ artistId: claim.artist._id, officeId: claim.officeId });
  const platform = (claim.selectedPlatform ?? 'twitter') as SocialPlatform;
  const [spotifyArtistUrl, setSpotifyUrl] = useState('');
  const [platformLink, setPlatformLink] = useState('');
  const [verifyBio, verifying] = useVerifyBioMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const known = socials.data;
  // An artist known only from scrobbles: their links are the ones MusicBrainz lists, which keeps no bio.
  const fromMusicBrainz = known?.linksFrom?.kind === 'musicbrainz';
  const linksFromLabel = fromMusicBrainz ? 'MusicBrainz entry' : 'Spotify profile';
  useEffect(() => {
    if (!known) return;
    setSpotifyUrl((current) => current || known.spotifyArtistUrl || '');
    setPlatformLink((current) => current || known.links[platform] || '');
  }, [known, platform]);

  const submit = async () => {
    setOutcome(null);
    try {
      const link = platformLink.trim() ? { [`${platform}Link`]: platformLink.trim() } : {};
      const answer = await verifyBio({ claimId: claim.id, body: fromMusicBrainz ? link : { spotifyArtistUrl, ...link } }).unwrap();
      setOutcome({
        ok: true,
        message:
          answer.status === 'verifying'
            ? 'String found on the page MusicBrainz lists. MusicBrainz is edited by its community, so Pie’s team confirms this by hand: the claim is successful once they have, and no money moves before.'
            : 'Verified: the profile is yours.',
      });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The verification failed. Please try again.') });
    }
  };

  return (
    <Stack gap="lg">
      <Section title="Verify with the bio string">
        <Stack gap="sm">
          {fromMusicBrainz ? (
            <Text>
              Pie knows {claim.artist.name} from listeners’ scrobbles, without a Spotify profile. Add{' '}
              <Code data-testid="verification-string">{claim.verificationString}</Code> to the bio of the {SOCIAL_PLATFORM_LABELS[platform]} page that{' '}
              {claim.artist.name}’s MusicBrainz entry links to. Then press Verify. (A bio on a Spotify profile needs the artist’s Spotify id.)
            </Text>
          ) : (
            <Text>
              Add <Code data-testid="verification-string">{claim.verificationString}</Code> to the bio of {claim.artist.name}’s Spotify profile, or of the{' '}
              {SOCIAL_PLATFORM_LABELS[platform]} page that profile links to. Then press Verify.
            </Text>
          )}
          {socials.isError && <ErrorBlock error={socials.error} fallback="We could not load the artist's links" onRetry={socials.refetch} />}
          {known && (
            <List size="sm">
              {known.linksFrom && (
                <List.Item>
                  <Anchor href={known.linksFrom.url} target="_blank" rel="noopener noreferrer">
                    {linksFromLabel}
                  </Anchor>
                </List.Item>
              )}
              {SOCIAL_PLATFORMS.filter((name) => known.links[name]).map((name) => (
                <List.Item key={name}>
                  <Anchor href={known.links[name]!} target="_blank" rel="noopener noreferrer">
                    {`${SOCIAL_PLATFORM_LABELS[name]} page`}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
          <form
            noValidate
            aria-label="Verify with the bio string"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              {!fromMusicBrainz && <TextInput label="Spotify artist URL" required value={spotifyArtistUrl} onChange={(event) => setSpotifyUrl(event.currentTarget.value)} />}
              <TextInput
                label={fromMusicBrainz ? `${SOCIAL_PLATFORM_LABELS[platform]} link` : `${SOCIAL_PLATFORM_LABELS[platform]} link (optional)`}
                required={fromMusicBrainz}
                description={fromMusicBrainz ? 'The page MusicBrainz lists for the artist, with the string in its bio.' : 'Only needed when the string is on this page rather than on the Spotify profile.'}
                value={platformLink}
                onChange={(event) => setPlatformLink(event.currentTarget.value)}
              />
              <Group>
                <Button type="submit" loading={verifying.isLoading}>
                  Verify
                </Button>
              </Group>
            </Stack>
          </form>
          {outcome && (
            <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </Section>
      <Section title="Or sign in to the artist's official account">
        <Stack gap="sm">
          <Text size="sm">Sign in to the account the artist’s {linksFromLabel} links to. We only read which account it is.</Text>
          <Group gap="sm">
            {SOCIAL_PLATFORMS.map((name) => (
              <Button key={name} component="a" href={socialVerificationUrl(claim.id, name)} variant={name === platform ? 'filled' : 'default'}>
                {`Sign in with ${SOCIAL_PLATFORM_LABELS[name]}`}
              </Button>
            ))}
          </Group>
        </Stack>
      </Section>
    </Stack>
  );
}

/**
 * /for-artists/claims/:id and /for-artists/artists/:id: one claim, its verification and its
 * history; a successful claim also shows what the route adds (the artist's money).
 */
export function ClaimPage({ claimId, title, funds }: { claimId: string; title: string; funds?: ReactNode }) {
  const claim = useGetClaimDetailedQuery(claimId);
  const openClaim = claim.data && (claim.data.status === 'pending' || claim.data.status === 'verifying') ? claim.data : undefined;
  // The verification's text and fields depend on the artist's links: the page waits for them (below).
  const socials = useFetchSocialsQuery(openClaim ? { artistId: openClaim.artist._id, officeId: openClaim.officeId } : skipToken);
  const [deleteClaim, deleting] = useDeleteClaimMutation();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const navigate = useNavigate();

  if (claim.isError && errorStatus(claim.error) === 404) return <ClaimNotFound title={title} />;
  if (claim.isError) {
    return (
      <PageFrame title={title} site="Pie for artists" back={{ to: '/for-artists/artists', label: 'Your artists' }}>
        <ErrorBlock error={claim.error} fallback="We could not load this claim" onRetry={claim.refetch} />
      </PageFrame>
    );
  }
  if (!claim.data) {
    return (
      <PageFrame title={title} site="Pie for artists" back={{ to: '/for-artists/artists', label: 'Your artists' }}>
        <LoadingBlock label="Loading the claim…" />
      </PageFrame>
    );
  }
  const data = claim.data;
  const open = openClaim !== undefined;

  const remove = async () => {
    setDeleteError(null);
    try {
      await deleteClaim(data.id).unwrap();
      await navigate('/for-artists/artists');
    } catch (error) {
      console.error('Claim deletion failed', error);
      setDeleteError(errorMessage(error, 'We could not delete the claim. Please try again.'));
    }
  };

  return (
    <PageFrame
      title={data.artist.name}
      documentTitle={title}
      site="Pie for artists"
      back={{ to: '/for-artists/artists', label: 'Your artists' }}
      description={
        <Group gap="sm">
          <ClaimStatusBadge status={data.status} />
          <Text c="dimmed">{`Office: ${data.office.name}`}</Text>
        </Group>
      }
      actions={
        open && (
          <Button color="red" variant="light" onClick={() => void remove()} loading={deleting.isLoading}>
            Delete claim
          </Button>
        )
      }
    >
      {deleteError && (
        <Alert color="red" variant="light" role="alert">
          {deleteError}
        </Alert>
      )}
      {data.status === 'successful' && (
        <Alert color="teal" variant="light" role="status" title="Claim successful">
          {`${data.artist.name} is yours: your office receives the money fans send this artist.`}
        </Alert>
      )}
      {data.status === 'rejected' && (
        <Alert color="red" variant="light" role="alert" title="Claim closed">
          {data.history.findLast((change) => change.to === 'rejected')?.reason ?? 'This claim was rejected.'}
        </Alert>
      )}
      {open && data.lastAttempt && !data.lastAttempt.ok && (
        <Alert color="yellow" variant="light" title="Last attempt">
          {data.lastAttempt.message}
        </Alert>
      )}
      {/* Drawn once the artist's links have answered: the text, the fields and the history under them would otherwise move as they come. */}
      <AfterFirstAnswers queries={[socials]} label="Loading the artist's links…">
        {open && <Verify claim={data} />}
        {data.status === 'successful' && funds}
        <Section title="History">
          <List size="sm">
            {data.history.map((change, index) => (
              <List.Item key={index}>{`${new Date(change.at).toLocaleString()}: ${STATUS_WORDS[change.to] ?? change.to}${change.reason ? ` (${change.reason})` : ''}`}</List.Item>
            ))}
          </List>
        </Section>
      </AfterFirstAnswers>
    </PageFrame>
  );
}
