import { Anchor, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface DashboardPageProps {
  firstName: string;
  /** Account actions beside the greeting. */
  actions?: ReactNode;
}

function EmptyCard({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Stack gap="xs" align="center" ta="center" py="lg">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** The fan's home once signed in: their pie and their listening, honest about what is not there yet. */
export function DashboardPage({ firstName, actions }: DashboardPageProps) {
  return (
    <Container size="md" py="xl">
      <title>{`Dashboard · Pie`}</title>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Title order={1}>{`Welcome, ${firstName}`}</Title>
          {actions}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <EmptyCard
            id="pies-heading"
            title="No pies yet"
            action={
              <Button component={Link} to="/pie" variant="default">
                About your pie
              </Button>
            }
          >
            Fund a pie each month and see it split to the cent among the artists you listen to.
          </EmptyCard>
          <EmptyCard
            id="listening-heading"
            title="No listening yet"
            action={
              <Anchor component={Link} to="/settings">
                Connect your streaming account
              </Anchor>
            }
          >
            Your top artists and listening time appear here once your listening is imported.
          </EmptyCard>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
