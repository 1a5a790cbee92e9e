import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../../shared/api';
import { artistRedirectStored, selectArtistSessionStatus } from '../../../../shared/session';
import { EmptyState, LoadingBlock, PageFrame } from '../../../../shared/ui';
import { useRedeemArtistInviteMutation, useVerifyArtistInviteQuery } from '../api/artist-invite.api';

/**
 * /artist-invite/:token: Pie invited this artist. They register or sign in as an artist, come back,
 * and redeem: an office with the artist already claimed and verified.
 */
export function ArtistInvitePage() {
  const { token = '' } = useParams();
  const invite = useVerifyArtistInviteQuery(token, { skip: !token });
  const [redeem, redeeming] = useRedeemArtistInviteMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const session = useSelector(selectArtistSessionStatus);
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
  const onRedeem = async () => {
    setFailure(null);
    try {
      const result = await redeem(token).unwrap();
      await navigate(`/for-artists/artists/${result.claim.id}`);
    } catch (error) {
      setFailure(errorMessage(error, 'We could not accept the invitation. Please try again.'));
    }
  };

  return frame(
    <Stack gap="md">
      <Group gap="md">
        <Avatar src={artist.image_url} alt="" size="lg" radius="md" />
        <Text size="lg" fw={600}>{`${artist.name}: fans are funding you on Pie`}</Text>
      </Group>
      <Text>Accept to get an office on Pie with {artist.name} already claimed and verified, ready to receive the money.</Text>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {session === 'authenticated' ? (
        <Group>
          <Button onClick={() => void onRedeem()} loading={redeeming.isLoading}>{`Accept and claim ${artist.name}`}</Button>
        </Group>
      ) : (
        <Group>
          <Button onClick={() => goTo('/for-artists/register')}>Create an artist account</Button>
          <Button variant="default" onClick={() => goTo('/for-artists/login')}>
            Log in
          </Button>
        </Group>
      )}
    </Stack>,
  );
}
