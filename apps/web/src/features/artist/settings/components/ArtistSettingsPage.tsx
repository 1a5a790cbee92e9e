import type { ArtistUser } from '#pie/contracts';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccountDetail, DeleteAccountSection, LinkedAccountsList, ProviderReturnAlerts } from '@web/shared/account';
import { PageContainer } from '@web/shared/ui';
import { useArtistAccountSettings } from '../hooks/use-artist-account-settings';

const ARTIST_PROVIDERS = ['google'] as const;

/**
 * /for-artists/settings: account details, the office's payments (composed in by the route),
 * Google sign-in and account deletion.
 */
export function ArtistSettingsPage({ user, payments }: { user: ArtistUser; payments?: ReactNode }) {
  const { connect, disconnect, deleteAccount } = useArtistAccountSettings();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');

  return (
    <PageContainer width="content" py="xl">
      <title>{`Settings · Pie for artists`}</title>
      <Stack gap="xl">
        <Title order={1}>Settings</Title>
        <ProviderReturnAlerts />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="artist-account-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="artist-account-heading">
              Account
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
              <AccountDetail label="Name">{name || 'Not set yet'}</AccountDetail>
              <AccountDetail label="Email">{user.email}</AccountDetail>
            </SimpleGrid>
            <Text size="sm">
              <Anchor component={Link} to="/for-artists/profile/update">
                Edit your profile
              </Anchor>
            </Text>
          </Stack>
        </Paper>
        {payments}
        <LinkedAccountsList
          providers={ARTIST_PROVIDERS}
          linked={user.linked_accounts}
          connect={() => connect()}
          disconnect={() => disconnect()}
          description="Sign in to Pie for artists with your Google account instead of your password."
        />
        <DeleteAccountSection
          onDelete={deleteAccount}
          removed={[
            'your name, e-mail address, phone number, country and password',
            'your linked Google account',
            'your sessions: you are signed out on every device',
          ]}
          kept="Payments and payouts already made are kept, as financial records must be, but no longer carry your name or e-mail."
        />
      </Stack>
    </PageContainer>
  );
}
