import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** The public front page. */
export function LandingPage() {
  const location = useLocation();
  const accountDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  return (
    <Container size="sm" py={{ base: 'xl', sm: 80 }}>
      <title>{`Pie · Fund the artists you listen to`}</title>
      <Stack gap="lg">
        {accountDeleted && (
          <Alert color="teal" variant="light" role="status">
            Your account has been deleted. Thank you for the music you funded.
          </Alert>
        )}
        <Title order={1} fz={{ base: 48, sm: 72 }} c="pie.3">
          Pie
        </Title>
        <Text size="lg">
          Pie lets fans fund the music they love. Each month you put an amount into your pie, and at the end
          of the month it is split to the cent among the artists you actually listened to, based on how long
          you listened to each of them.
        </Text>
        <Group gap="md">
          <Button component={Link} to="/register" size="md">
            Create account
          </Button>
          <Button component={Link} to="/login" size="md" variant="default">
            Log in
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
