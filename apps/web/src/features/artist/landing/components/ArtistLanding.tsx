import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** /for-artists: what Pie does for artists, and the way in. */
export function ArtistLanding({ sessionEnded = false, signedIn = false }: { sessionEnded?: boolean; signedIn?: boolean }) {
  const location = useLocation();
  const accountDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  return (
    <Container size="sm" py={{ base: 'xl', sm: 80 }}>
      <title>{`Pie for artists`}</title>
      <Stack gap="lg">
        {accountDeleted && (
          <Alert color="teal" variant="light" role="status">
            Your account has been deleted.
          </Alert>
        )}
        {sessionEnded && !accountDeleted && (
          <Alert color="yellow" variant="light" role="status">
            Your session has ended. Log in again to continue where you were.
          </Alert>
        )}
        <Title order={1}>Pie for artists</Title>
        <Text size="lg">
          Fans on Pie fund a monthly pie that is split among the artists they listen to. Claim your artist
          profile, prove it is yours and receive what your fans send, with your team.
        </Text>
        {signedIn ? (
          <Button component={Link} to="/for-artists/artists" size="md" w="fit-content">
            Go to your artists
          </Button>
        ) : (
          <Group gap="md">
            <Button component={Link} to="/for-artists/login" size="md">
              Log in
            </Button>
            <Button component={Link} to="/for-artists/register" size="md" variant="default">
              Create an artist account
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
