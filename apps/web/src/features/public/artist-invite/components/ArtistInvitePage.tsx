import { Alert, Avatar, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { artistRedirectStored, type SessionState } from '@web/shared/session';
import { EmptyState, LoadingBlock, PageFrame } from '@web/shared/ui';
import { useRedeemArtistInviteMutation, useVerifyArtistInviteQuery } from '../api/artist-invite.api';

/** An office the signed-in artist administers: the artist can go into it. */
export interface InviteOffice {
  id: string;
  name: string;
}

const NEW_OFFICE = 'new';

export interface ArtistInvitePageProps {
  /** The artist session (the route asks the server while it is unknown). */
  session: SessionState['status'];
  /** The offices the signed-in person administers; undefined while they load. */
  adminOffices: InviteOffice[] | undefined;
  /** The office the person is working in, offered first when they administer it. */
  preferredOfficeId?: string;
}

/**
 * /artist-invite/:token: Pie invited this artist. They register or sign in as an artist, come back,
 * say which of their offices the artist goes into (or a new one), and redeem: the artist is claimed
 * and verified there. A person already signed in as an artist accepts at once.
 */
export function ArtistInvitePage({ session, adminOffices, preferredOfficeId }: ArtistInvitePageProps) {
  const { token = '' } = useParams();
  const invite = useVerifyArtistInviteQuery(token, { skip: !token });
  const [redeem, redeeming] = useRedeemArtistInviteMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const frame = (children: React.ReactNode) => (
    <PageFrame title="Artist invitation" description="Pie invites artists whose fans are already funding them.">
      {children}
    </PageFrame>
  );
  if (invite.isLoading) return frame(<LoadingBlock label="Checking the invitation…" />);
  if (!invite.data) {
    return frame(
      <EmptyState title="This invitation is not valid" action={<Button component={Link} to="/for-artists">Pie for artists</Button>}>
        {`${errorMessage(invite.error, 'The link may have expired or been used already.')} Ask the person who invited you for a new one, or create an artist account and claim your profile yourself.`}
      </EmptyState>,
    );
  }
  const { artist } = invite.data;
  const goTo = (path: string) => {
    dispatch(artistRedirectStored(`/artist-invite/${token}`));
    void navigate(path);
  };
  const offices = adminOffices ?? [];
  const fallback = offices.find((office) => office.id === preferredOfficeId)?.id ?? offices[0]?.id ?? NEW_OFFICE;
  const into = picked ?? fallback;
  const onRedeem = async () => {
    setFailure(null);
    try {
      const result = await redeem({ token, into: into === NEW_OFFICE ? { newOffice: true } : { officeId: into } }).unwrap();
      await navigate(`/for-artists/artists/${result.claim.id}`);
    } catch (error) {
      setFailure(errorMessage(error, 'We could not accept the invitation. Please try again.'));
    }
  };

  const accept =
    session === 'unknown' || (session === 'authenticated' && adminOffices === undefined) ? (
      <LoadingBlock label="Checking your artist account…" />
    ) : session === 'authenticated' ? (
      <Stack gap="md">
        {offices.length > 0 ? (
          <Radio.Group label={`Which office does ${artist.name} go into?`} value={into} onChange={setPicked}>
            <Stack gap="xs" mt="xs">
              {offices.map((office) => (
                <Radio key={office.id} value={office.id} label={office.name} />
              ))}
              <Radio value={NEW_OFFICE} label={`A new office named “${artist.name}”`} />
            </Stack>
          </Radio.Group>
        ) : (
          <Text>{`Accept to get an office on Pie named “${artist.name}”, with ${artist.name} already claimed and verified, ready to receive the money.`}</Text>
        )}
        <Group>
          <Button onClick={() => void onRedeem()} loading={redeeming.isLoading}>{`Accept and claim ${artist.name}`}</Button>
        </Group>
      </Stack>
    ) : (
      <Stack gap="md">
        <Text>{`Create an artist account or log in; you come back here to accept, with ${artist.name} already claimed and verified for you.`}</Text>
        <Group>
          <Button onClick={() => goTo('/for-artists/register')}>Create an artist account</Button>
          <Button variant="default" onClick={() => goTo('/for-artists/login')}>
            Log in
          </Button>
        </Group>
      </Stack>
    );

  return frame(
    <Stack gap="md">
      <Group gap="md">
        <Avatar src={artist.image_url} alt="" size="lg" radius="md" />
        <Text size="lg" fw={600}>{`${artist.name}: fans are funding you on Pie`}</Text>
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {accept}
    </Stack>,
  );
}
