import { SOCIAL_PROVIDERS, type FanUser } from '#pie/contracts';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AccountDetail,
  DeleteAccountSection,
  LinkedAccountsList,
  ProviderReturnAlerts,
  ResendVerification,
} from '@web/shared/account';
import { formatDate } from '@web/shared/format';
import { Section, PageContainer } from '@web/shared/ui';
import { useAccountSettings } from '../hooks/use-account-settings';
import { NameForm, PasswordForm } from './AccountForms';
import { ProfileSection } from './ProfileSection';

export interface SettingsPageProps {
  user: FanUser;
  /** Account actions for the header. */
  actions?: ReactNode;
  /** More sections from other features (the streaming connection), before the account's deletion. */
  children?: ReactNode;
}

/**
 * The fan's /settings: the account (the name, and the verification link again), the password
 * (changed in place, or by an e-mailed link when forgotten), the public profile (username,
 * visibility per section), linked sign-in accounts, what other features add, and deleting the
 * account last.
 */
export function SettingsPage({ user, actions, children }: SettingsPageProps) {
  const { connect, disconnect, deleteAccount, resendVerification, sendPasswordLink } = useAccountSettings();
  const linked = user.linked_accounts ?? [];

  return (
    <PageContainer width="content" py="xl">
      <title>{`Settings · Pie`}</title>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Title order={1}>Settings</Title>
          {actions}
        </Group>
        <ProviderReturnAlerts />
        <Section title="Account">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
            <AccountDetail label="Email">
              <Group gap="xs" component="span">
                <span>{user.email}</span>
                <Badge size="sm" variant="light" color={user.email_verified ? 'teal' : 'yellow'}>
                  {user.email_verified ? 'Verified' : 'Not verified'}
                </Badge>
              </Group>
            </AccountDetail>
            <AccountDetail label="Member since">{formatDate(user.created_at)}</AccountDetail>
          </SimpleGrid>
          {!user.email_verified && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Verify your e-mail
              </Title>
              <ResendVerification email={user.email} resend={resendVerification} label="Send the verification link again" />
            </Stack>
          )}
          <NameForm user={user} />
        </Section>
        <Section title="Password">
          {user.has_password === false ? (
            <Text>
              {'Not set: you sign in with a linked account. '}
              <Anchor component={Link} to="/forgot-password">
                Set a password
              </Anchor>
            </Text>
          ) : (
            <PasswordForm email={user.email} sendPasswordLink={sendPasswordLink} />
          )}
        </Section>
        <ProfileSection userId={user._id} />
        <LinkedAccountsList
          providers={SOCIAL_PROVIDERS}
          linked={linked}
          connect={connect}
          disconnect={disconnect}
          description="Sign in to Pie with any of these. Your streaming account also feeds your listening history."
        />
        {children}
        <DeleteAccountSection
          onDelete={deleteAccount}
          removed={[
            'your name, e-mail address and password',
            'your listening history: every play, upload and the statistics made from them',
            'your public profile and username',
            'your linked Spotify, Google, X and Facebook accounts and their access',
            'your sessions: you are signed out on every device',
          ]}
          kept="Your payment history is kept, as financial records must be, but no longer carries your name or e-mail."
        />
      </Stack>
    </PageContainer>
  );
}
