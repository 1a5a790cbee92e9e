import type { AdminProfile } from '#pie/contracts';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../../../../shared/api';
import { adminRedirectStored, adminSessionConfirmed } from '../../../../shared/session';
import { PageLoader } from '../../../../shared/ui';
import { useGetAdminProfileQuery } from '../api/admin-auth.api';
import { ADMIN_LOGIN } from '../hooks/use-admin-session';

/** The admin area's guard: GET /api/admin/profile; without a session, to /admin and back afterwards. */
export function RequireAdminSession({ children }: { children: (admin: AdminProfile) => ReactNode }) {
  const { data: admin, error, isError, isFetching, refetch } = useGetAdminProfileQuery();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const unauthorized = errorStatus(error) === 401;
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (admin) dispatch(adminSessionConfirmed());
  }, [admin, dispatch]);

  useEffect(() => {
    if (!unauthorized) return;
    dispatch(adminRedirectStored(here));
    void navigate(ADMIN_LOGIN, { replace: true });
  }, [dispatch, here, navigate, unauthorized]);

  if (admin) return children(admin);

  if (isError && !unauthorized) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" title="We couldn't load your admin account">
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
