import type { FanUser } from '#pie/contracts';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../../../../shared/api';
import { redirectStored, sessionConfirmed } from '../../../../shared/session';
import { PageLoader } from '../../../../shared/ui';
import { useGetUserQuery } from '../api/auth.api';

/**
 * The fan area's guard: asks GET /api/user who is signed in. Without a
 * session (401) it stores where the person wanted to go and sends them to
 * /login; the login screen brings them back afterwards.
 */
export function RequireFanSession({ children }: { children: (user: FanUser) => ReactNode }) {
  const { data: user, error, isError, isFetching, refetch } = useGetUserQuery();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const unauthorized = errorStatus(error) === 401;
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (user) dispatch(sessionConfirmed());
  }, [dispatch, user]);

  useEffect(() => {
    if (!unauthorized) return;
    dispatch(redirectStored(here));
    void navigate('/login', { replace: true });
  }, [dispatch, here, navigate, unauthorized]);

  if (user) return children(user);

  if (isError && !unauthorized) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" title="We couldn't load your account">
            {errorMessage(error, 'Something went wrong while loading your account.')}
          </Alert>
          <Button onClick={() => void refetch()} loading={isFetching} w="fit-content">
            Try again
          </Button>
        </Stack>
      </Container>
    );
  }

  return <PageLoader label="Loading your account..." />;
}
