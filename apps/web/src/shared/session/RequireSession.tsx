import type { UnknownAction } from '@reduxjs/toolkit';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../api';
import { PageLoader } from '../ui';

/** The parts of an area's "who is signed in" query (an RTK Query hook's result) the guard reads. */
export interface SessionQuery<T> {
  data?: T;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface RequireSessionProps<T> {
  session: SessionQuery<T>;
  /** The area's login screen, which brings the person back afterwards. */
  loginPath: string;
  /** The area's session slice actions. */
  sessionConfirmed: () => UnknownAction;
  redirectStored: (path: string) => UnknownAction;
  /** The alert's title when the account could not be loaded. */
  failureTitle?: string;
  children: (signedIn: T) => ReactNode;
}

/**
 * Every area's guard: with a session, the screen; without one (401), it stores where the
 * person wanted to go and sends them to the area's login; any other failure can be retried.
 */
export function RequireSession<T>({
  session,
  loginPath,
  sessionConfirmed,
  redirectStored,
  failureTitle = "We couldn't load your account",
  children,
}: RequireSessionProps<T>) {
  const { data, error, isError, isFetching, refetch } = session;
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const unauthorized = errorStatus(error) === 401;
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (data) dispatch(sessionConfirmed());
  }, [data, dispatch, sessionConfirmed]);

  useEffect(() => {
    if (!unauthorized) return;
    dispatch(redirectStored(here));
    void navigate(loginPath, { replace: true });
  }, [dispatch, here, loginPath, navigate, redirectStored, unauthorized]);

  // The screen mounts in a transition once the account arrives: React renders it in slices,
  // yielding to the browser, instead of in one long task (the answer is a store update, which
  // React would otherwise render synchronously); the loader stays up until it is ready.
  const shown = useDeferredValue(data);
  if (shown) return children(shown);
  if (data) return <PageLoader label="Loading your account..." />;

  if (isError && !unauthorized) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" title={failureTitle}>
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
