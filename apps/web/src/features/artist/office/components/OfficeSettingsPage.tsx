import type { ArtistUser } from '#pie/contracts';
import { List, Text } from '@mantine/core';
import { EmptyState, PageFrame, Section } from '../../../../shared/ui';

/** /for-artists/office-settings: the office's name, type and payment connection. */
export function OfficeSettingsPage({ user }: { user: ArtistUser }) {
  const office = user.office[0];
  return (
    <PageFrame title="Office settings" site="Pie for artists" description="Your team's name, type and payment account.">
      {office ? (
        <Section title={office.name}>
          <Text>{`Your role: ${office.role}`}</Text>
        </Section>
      ) : (
        <EmptyState title="No office yet">
          An office is your team on Pie. It is created with your first verified claim, and holds your artists, your team
          members and the payment account that receives payouts.
        </EmptyState>
      )}
      <Section title="What office admins manage here">
        <List spacing="xs">
          <List.Item>The office&apos;s name and type.</List.Item>
          <List.Item>The payment account that receives payouts, and its connection.</List.Item>
          <List.Item>The monthly fee, when one applies.</List.Item>
        </List>
      </Section>
    </PageFrame>
  );
}
