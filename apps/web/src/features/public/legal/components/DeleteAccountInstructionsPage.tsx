import { Anchor, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LegalPage } from './LegalPage';

/** /delete-account-instructions: how to delete a Pie account, and what happens then. */
export function DeleteAccountInstructionsPage() {
  return (
    <LegalPage title="How to delete your account" updated="December 2026">
      <Text>You can delete your Pie account yourself at any time. It takes a minute and cannot be undone.</Text>

      <Title order={2}>If you are a fan</Title>
      <List type="ordered" spacing="xs">
        <List.Item>
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>{' '}
          to Pie.
        </List.Item>
        <List.Item>
          Open{' '}
          <Anchor component={Link} to="/settings">
            Settings
          </Anchor>
          .
        </List.Item>
        <List.Item>Under &quot;Delete account&quot;, choose Delete account, type DELETE to confirm, and confirm.</List.Item>
      </List>

      <Title order={2}>If you are an artist or a team member</Title>
      <List type="ordered" spacing="xs">
        <List.Item>
          <Anchor component={Link} to="/for-artists/login">
            Log in to Pie for artists
          </Anchor>
          .
        </List.Item>
        <List.Item>
          Open{' '}
          <Anchor component={Link} to="/for-artists/settings">
            Settings
          </Anchor>{' '}
          and choose Delete account, then confirm.
        </List.Item>
      </List>

      <Title order={2}>What is deleted</Title>
      <List spacing="xs">
        <List.Item>Your profile, your sign-in details and the accounts you linked.</List.Item>
        <List.Item>Your listening history and your connection to your streaming provider.</List.Item>
        <List.Item>Any active pie is cancelled; a period already paid for is still split among your artists.</List.Item>
      </List>

      <Title order={2}>What we have to keep</Title>
      <Text>
        Records of payments and payouts, which accounting and anti-fraud law requires us to keep, without your profile
        attached. If you started a free pie, a keyed fingerprint of your e-mail address and of the sign-in accounts you
        linked, so the free pie stays one per person (see the{' '}
        <Anchor component={Link} to="/privacy-policy">
          privacy policy
        </Anchor>
        ).
      </Text>

      <Title order={2}>Cannot log in?</Title>
      <Text>
        Use &quot;Forgot password&quot; on the{' '}
        <Anchor component={Link} to="/forgot-password">
          fan
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/for-artists/forgot-password">
          artist
        </Anchor>{' '}
        log-in page first. If you no longer have access to your e-mail, write to privacy@pie.example from the address
        you signed up with, or with proof that the account is yours.
      </Text>
    </LegalPage>
  );
}
