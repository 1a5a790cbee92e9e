import type { AdminProfile } from '#pie/contracts';
import { PageContainer } from '../../../../shared/ui';
import { List, Paper, Stack, Text, Title } from '@mantine/core';

/** /admin/dashboard: greets the admin; the back-office sections are not built yet, and it says so. */
export function AdminDashboardPage({ admin }: { admin: AdminProfile }) {
  return (
    <PageContainer width="full" py="xl">
      <title>{`Dashboard · Pie admin`}</title>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{`Welcome, ${admin.name}`}</Title>
          <Text c="dimmed">Signed in as {admin.email}</Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="admin-coming-heading">
          <Stack gap="sm">
            <Title order={2} size="h3" id="admin-coming-heading">
              The back office is on its way
            </Title>
            <Text c="dimmed">
              Your admin account and sign-in work. The back-office sections arrive in later releases:
            </Text>
            <List size="sm" spacing={4}>
              <List.Item>claims review and verification</List.Item>
              <List.Item>artists, fans, artist users and offices</List.Item>
              <List.Item>finances, escrow payouts and transactions</List.Item>
            </List>
          </Stack>
        </Paper>
      </Stack>
    </PageContainer>
  );
}
