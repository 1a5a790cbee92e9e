import { Button, Stack, Text } from '@mantine/core';
import { useAdminLogout } from '../hooks/use-admin-session';

/** 'Log out' of the back office. */
export function AdminLogoutButton() {
  const { logout, isLoggingOut, error } = useAdminLogout();
  return (
    <Stack gap={4} align="flex-end">
      <Button variant="default" size="sm" onClick={() => void logout()} disabled={isLoggingOut} aria-busy={isLoggingOut}>
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
