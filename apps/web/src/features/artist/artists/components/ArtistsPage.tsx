import type { ArtistUser } from '#pie/contracts';
import { PageContainer } from '../../../../shared/ui';
import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * /for-artists/artists: where claimed artist profiles will be listed. Claims
 * are not built yet, so the page says so plainly.
 */
export function ArtistsPage({ user }: { user: ArtistUser }) {
  return (
    <PageContainer width="content" py="xl">
      <title>{`Your artists · Pie for artists`}</title>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{user.first_name ? `Welcome, ${user.first_name}` : 'Welcome'}</Title>
          <Text c="dimmed">Your artists</Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="claims-heading">
          <Stack gap="xs" align="center" ta="center" py="lg">
            <Title order={2} size="h3" id="claims-heading">
              No claims yet
            </Title>
            <Text c="dimmed" maw={460}>
              When you claim an artist profile and prove it is yours, it appears here with the money fans have
              sent it. Claiming arrives soon.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </PageContainer>
  );
}
