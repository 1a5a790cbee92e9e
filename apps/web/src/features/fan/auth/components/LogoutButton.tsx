import { Button, Stack, Text } from '@mantine/core';
import { useLogout } from '../hooks/use-logout';

/** 'Log out': POST /api/auth/logout, then /login. */
export function LogoutButton() {
  const { logout, isLoggingOut, error } = useLogout();
  return (
    <Stack gap={4} align="flex-end">
      <Button variant="default" onClick={() => void logout()} disabled={isLoggingOut} aria-busy={isLoggingOut}>
        {isLoggingOut ? 'Logging out...' : 'Log out'}
      </Button>
      {error && (
        <Text c="red.4" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
