import { Alert, Anchor, Button, Center, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { StepsSection, PageContainer, PieSplitIllustration } from '@web/shared/ui';

const STEPS = [
  {
    title: 'Connect your listening',
    text: 'Link your streaming account. Pie reads what you play; it never posts anything for you.',
  },
  {
    title: 'Fund your monthly pie',
    text: 'Choose an amount, from a few dollars. You see the fees before you pay, and you can cancel any time.',
  },
  {
    title: 'It is split to the cent',
    text: 'At the end of each period your pie is shared among the artists you actually listened to, by listening time.',
  },
] as const;

/** The public front page: what Pie is, how it works, and the ways in. */
export function LandingPage({ signedIn = false }: { signedIn?: boolean }) {
  const location = useLocation();
  const accountDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  return (
    <PageContainer width="content" py={{ base: 'xl', sm: 64 }}>
      <title>{`Pie · Fund the artists you listen to`}</title>
      <Stack gap={48}>
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Stack gap="lg">
              {accountDeleted && (
                <Alert color="teal" variant="light" role="status">
                  Your account has been deleted. Thank you for the music you funded.
                </Alert>
              )}
              <Title order={1} fz={{ base: 48, sm: 72 }} c="pie.3" lh={1}>
                Pie
              </Title>
              <Text size="xl" fw={600}>
                Pay the artists you actually listen to.
              </Text>
              <Text size="lg">
                Pie lets fans fund the music they love. Each month you put an amount into your pie, and at the end
                of the month it is split to the cent among the artists you actually listened to, based on how long
                you listened to each of them.
              </Text>
              {signedIn ? (
                <Button component={Link} to="/dashboard" size="md" w="fit-content">
                  Go to your dashboard
                </Button>
              ) : (
                <Group gap="md">
                  <Button component={Link} to="/register" size="md">
                    Create account
                  </Button>
                  <Button component={Link} to="/login" size="md" variant="default">
                    Log in
                  </Button>
                </Group>
              )}
              {!signedIn && (
                <Text size="sm" c="dimmed">
                  New here?{' '}
                  <Anchor component={Link} to="/try">
                    Get a free $5 pie
                  </Anchor>{' '}
                  while promotion codes last.
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Center>
              <PieSplitIllustration />
            </Center>
          </Grid.Col>
        </Grid>

        <StepsSection title="How it works" steps={STEPS} />

        <Stack gap="md" component="section" aria-labelledby="fair-heading">
          <Title order={2} id="fair-heading">
            Where your money goes
          </Title>
          <List spacing="xs">
            <List.Item>
              Only to artists you listened to: a play&apos;s time is shared evenly among the track&apos;s credited
              artists.
            </List.Item>
            <List.Item>
              Every cent is accounted for: shares add up exactly to your pie, after the payment fee and Pie&apos;s
              platform fee, which you see before you pay.
            </List.Item>
            <List.Item>
              Artists who have not joined Pie yet keep their money in escrow until they claim it. If nobody claims it
              within 12 months, it comes back to your wallet for your next pie.
            </List.Item>
          </List>
        </Stack>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="artists-heading">
          <Stack gap="xs">
            <Title order={2} size="h3" id="artists-heading">
              Are you an artist or a manager?
            </Title>
            <Text c="dimmed">Claim your artist profile and receive what your fans send you.</Text>
            <Button component={Link} to="/for-artists" variant="default" w="fit-content">
              Pie for artists
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </PageContainer>
  );
}
