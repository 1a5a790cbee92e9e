import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DashboardPageProps {
  firstName: string;
  /** Account actions for the header (the app passes the auth feature's 'Log out'). */
  actions?: ReactNode;
}

/** The fan's home once signed in. Pies are not built yet: say so plainly. */
export function DashboardPage({ firstName, actions }: DashboardPageProps) {
  return (
    <Container size="md" py="xl">
      <title>{`Dashboard · Pie`}</title>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Title order={1}>{`Welcome, ${firstName}`}</Title>
          {actions}
        </Group>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="pies-heading">
          <Stack gap="xs" align="center" ta="center" py="lg">
            <Title order={2} size="h3" id="pies-heading">
              No pies yet
            </Title>
            <Text c="dimmed" maw={420}>
              Pies arrive soon: you will fund one each month and see it split to the cent among the artists
              you listen to.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
