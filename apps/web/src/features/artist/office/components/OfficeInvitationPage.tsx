import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { artistRedirectStored, selectArtistSessionStatus } from '@web/shared/session';
import { EmptyState, ErrorBlock, LoadingBlock, PageFrame } from '@web/shared/ui';
import { useAcceptInvitationMutation, useValidateInvitationQuery } from '../api/offices.api';

/**
 * /for-artists/office-invitation/:officeId?token=…: an invitation to join an office. The invited
 * person signs in with the invited address, or first creates an account with it (and confirms it),
 * then comes back here and accepts. The invitation never made an account for them.
 */
export function OfficeInvitationPage() {
  const { officeId = '' } = useParams();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const check = useValidateInvitationQuery({ officeId, token }, { skip: !token || !officeId });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const session = useSelector(selectArtistSessionStatus);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const here = `${useLocation().pathname}?${new URLSearchParams({ token })}`;

  const frame = (children: React.ReactNode) => (
    <PageFrame title="Team invitation" site="Pie for artists" description="Join an artist's team on Pie.">
      {children}
    </PageFrame>
  );

  if (!token) {
    return frame(
      <EmptyState title="This invitation link is incomplete" action={<Button component={Link} to="/for-artists/login">Log in</Button>}>
        The link has no invitation code. Open the link from your invitation e-mail again, in full.
      </EmptyState>,
    );
  }
  if (check.isLoading) return frame(<LoadingBlock label="Checking the invitation…" />);
  if (check.isError || !check.data) {
    return frame(
      <Stack gap="md">
        <ErrorBlock error={check.error} fallback="This invitation is not valid" title="This invitation cannot be used" />
        <Text>Ask the office admin who invited you to send it again.</Text>
      </Stack>,
    );
  }
  const invitation = check.data;

  const onAccept = async () => {
    setFailure(null);
    try {
      await accept({ token, officeId }).unwrap();
      await navigate('/for-artists/team');
    } catch (error) {
      console.error('Accepting the invitation failed', error);
      setFailure(errorMessage(error, 'We could not accept the invitation. Please try again.'));
    }
  };
  const goSignIn = (path: string) => {
    dispatch(artistRedirectStored(here));
    void navigate(path);
  };

  return frame(
    <Stack gap="md">
      <Text size="lg">{`You are invited to join “${invitation.office.name}” as ${invitation.role === 'admin' ? 'an admin' : 'a member'}.`}</Text>
      <Text c="dimmed">{`Invitation for ${invitation.email}`}</Text>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {session === 'unknown' ? (
        <LoadingBlock label="Checking your artist account…" />
      ) : session === 'authenticated' ? (
        <Group>
          <Button onClick={() => void onAccept()} loading={accepting.isLoading}>
            Accept invitation
          </Button>
        </Group>
      ) : (
        <Stack gap="xs">
          <Group>
            <Button onClick={() => goSignIn('/for-artists/login')}>Log in to accept</Button>
            <Button variant="light" onClick={() => goSignIn('/for-artists/register')}>
              Create an artist account
            </Button>
          </Group>
          <Text size="sm" c="dimmed">{`New to Pie? Create an account with ${invitation.email}, confirm it from the e-mail we send, then open this invitation link again to accept.`}</Text>
        </Stack>
      )}
    </Stack>,
  );
}
