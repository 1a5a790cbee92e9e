import { List, Text } from '@mantine/core';
import { Section } from '@web/shared/ui';

/** The rules a pie runs by (spec §2: the pie page shows them). */
export function PieRules() {
  return (
    <Section title="How your pie works">
      <List spacing="xs">
        <List.Item>You choose an amount for each period; it is charged at the start of the period.</List.Item>
        <List.Item>
          At the end of the period, the pie is split among the artists you listened to, by listening time. A play&apos;s
          time is shared evenly among the track&apos;s credited artists.
        </List.Item>
        <List.Item>
          Shares are computed to the cent with the largest-remainder method, so they add up exactly to your pie.
        </List.Item>
        <List.Item>
          The payment processor&apos;s fee and Pie&apos;s platform fee (10% by default) are shown before you pay.
        </List.Item>
        <List.Item>
          You can limit the number of artists, leave out inactive artists, tilt toward less popular artists, and
          include or exclude artists by hand.
        </List.Item>
        <List.Item>
          Money for artists who have not claimed their profile waits in escrow; after 12 months unclaimed, it returns
          to your wallet for your next pie.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        You can cancel your pie at any time; the current period still goes to your artists.
      </Text>
    </Section>
  );
}
