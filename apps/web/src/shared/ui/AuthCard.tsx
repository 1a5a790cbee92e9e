import { Container, Paper, Stack, Title, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the sign-in screens: a heading, an optional lead and a card. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Container size={460} px="md" py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {lead && <Text c="dimmed">{lead}</Text>}
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="md">
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}
