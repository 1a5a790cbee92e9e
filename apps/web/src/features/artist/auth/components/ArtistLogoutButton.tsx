import { Button, Stack, Text } from '@mantine/core';
import { useArtistLogout } from '../hooks/use-artist-logout';

/** 'Log out' of the artist area. */
export function ArtistLogoutButton() {
  const { logout, isLoggingOut, error } = useArtistLogout();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        size="sm"
        onClick={() => void logout()}
        disabled={isLoggingOut}
        aria-busy={isLoggingOut}
      >
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
