import { Anchor, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LegalPage } from './LegalPage';

/** /terms: the terms of service. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <Text>
        These terms apply when you use Pie as a fan, as an artist or a member of an artist&apos;s team. By creating an
        account you accept them.
      </Text>

      <Title order={2}>Pies</Title>
      <List spacing="xs">
        <List.Item>A pie is an amount you choose to pay for each period. You are charged at the start of the period.</List.Item>
        <List.Item>
          At the end of the period, what remains after the payment processor&apos;s fee and Pie&apos;s platform fee (10%
          by default, always shown before you pay) is split among the artists you listened to during the period, by
          listening time, to the cent.
        </List.Item>
        <List.Item>You can cancel your pie at any time; a period already paid for is still split among your artists.</List.Item>
        <List.Item>
          Money for artists who have not claimed their profile is kept in escrow. If it is not claimed within 12 months,
          it returns to your Pie wallet and goes into your next pie. It is not refunded to your card.
        </List.Item>
      </List>

      <Title order={2}>Artists and teams</Title>
      <List spacing="xs">
        <List.Item>You may claim only an artist profile you own or are authorised to manage, and must prove it.</List.Item>
        <List.Item>Payouts go to the payment account your team connects; its terms also apply.</List.Item>
        <List.Item>A claim found to be false is cancelled and any money paid out on it may be recovered.</List.Item>
      </List>

      <Title order={2}>Your account</Title>
      <Text>
        Keep your sign-in details to yourself; you are responsible for what is done with your account. Do not use Pie to
        inflate listening or to move money that is not yours. We may suspend accounts that do.
      </Text>

      <Title order={2}>Ending</Title>
      <Text>
        You can delete your account at any time (
        <Anchor component={Link} to="/delete-account-instructions">
          how to delete your account
        </Anchor>
        ). How we handle your data is described in the{' '}
        <Anchor component={Link} to="/privacy-policy">
          Privacy Policy
        </Anchor>
        .
      </Text>
    </LegalPage>
  );
}
