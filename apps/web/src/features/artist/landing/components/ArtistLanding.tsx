import { Alert, Button, Center, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { StepsSection, PageContainer, ArtistRecordIllustration } from '@web/shared/ui';

const STEPS = [
  {
    title: 'Claim your artist profile',
    text: 'Find your artist among everyone fans listen to on Pie and claim it, alone or for the artists your team manages.',
  },
  {
    title: 'Prove it is yours',
    text: 'Put the code we give you in your streaming profile’s bio or on one of your social pages; we check it and verify the claim.',
  },
  {
    title: 'Get paid',
    text: 'Connect your team’s payment account. What your fans sent, including what waited for you, is transferred to it and paid out to your bank.',
  },
] as const;

/** /for-artists: what Pie does for artists, how to get the money fans send, and the way in. */
export function ArtistLanding({ sessionEnded = false, signedIn = false }: { sessionEnded?: boolean; signedIn?: boolean }) {
  const location = useLocation();
  const accountDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  return (
    <PageContainer width="content" py={{ base: 'xl', sm: 64 }}>
      <title>{`Pie for artists`}</title>
      <Stack gap={48}>
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, sm: 7 }}>
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Center>
              <ArtistRecordIllustration />
            </Center>
          </Grid.Col>
        </Grid>

        <StepsSection title="From fans’ listening to your bank" steps={STEPS} />

        <Stack gap="md" component="section" aria-labelledby="artist-money-heading">
          <Title order={2} id="artist-money-heading">
            Your money waits for you
          </Title>
          <List spacing="xs">
            <List.Item>
              Fans fund you from the first play: each fan&apos;s pie is split by listening time among the artists they
              listened to, to the cent.
            </List.Item>
            <List.Item>
              Until you claim your profile, your share is kept for you in escrow. When your claim is verified, it is
              released to your team. Money left unclaimed for 12 months goes back to the fans who sent it.
            </List.Item>
            <List.Item>
              Work as a team: an office holds your artists, its members and roles, and the payment account that
              receives payouts.
            </List.Item>
            <List.Item>
              Every credit and payout is listed, traceable from a fan&apos;s pie to your bank.
            </List.Item>
          </List>
        </Stack>
      </Stack>
    </PageContainer>
  );
}
