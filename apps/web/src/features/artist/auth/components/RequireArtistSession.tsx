import type { ArtistUser } from '#pie/contracts';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../../../../shared/api';
import { artistRedirectStored, artistSessionConfirmed } from '../../../../shared/session';
import { PageLoader } from '../../../../shared/ui';
import { useGetArtistUserQuery } from '../api/artist-auth.api';
import { ARTIST_LOGIN } from '../hooks/use-artist-login';

/**
 * The protected artist area's guard: asks GET /api/for-artists/user who is
 * signed in. Without a session (401) it stores where the person wanted to go
 * and sends them to /for-artists/login, which brings them back afterwards.
 */
export function RequireArtistSession({ children }: { children: (user: ArtistUser) => ReactNode }) {
  const { data: user, error, isError, isFetching, refetch } = useGetArtistUserQuery();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const unauthorized = errorStatus(error) === 401;
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (user) dispatch(artistSessionConfirmed());
  }, [dispatch, user]);

  useEffect(() => {
    if (!unauthorized) return;
    dispatch(artistRedirectStored(here));
    void navigate(ARTIST_LOGIN, { replace: true });
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
