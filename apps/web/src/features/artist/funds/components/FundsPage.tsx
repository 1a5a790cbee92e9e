import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, PageFrame, Section } from '../../../../shared/ui';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'credit', label: 'Credits' },
  { value: 'payout', label: 'Payouts' },
] as const;

type Filter = (typeof FILTERS)[number]['value'];

const EMPTY_TEXT: Record<Filter, string> = {
  all: 'No transactions yet',
  credit: 'No credits yet',
  payout: 'No payouts yet',
};

/** /for-artists/funds: the office's balance, payouts and transactions. */
export function FundsPage() {
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <PageFrame
      title="Funds"
      site="Pie for artists"
      description="What fans have sent your artists, and what has been paid out to your team."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Section title="Balance">
          <EmptyState title="No funds yet" order={3} bare>
            Money arrives once you have a verified claim. Until then, what fans send an artist waits in escrow for them.
          </EmptyState>
        </Section>
        <Section title="Payouts">
          <EmptyState title="No payouts yet" order={3} bare>
            Connect your team&apos;s payment account in Office settings to receive payouts to your bank.
          </EmptyState>
        </Section>
      </SimpleGrid>
      <Section title="Transactions">
        <Stack gap="md">
          <SegmentedControl
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={FILTERS.map((item) => ({ ...item }))}
            aria-label="Show transactions"
            w="fit-content"
          />
          <EmptyState title={EMPTY_TEXT[filter]} order={3} bare>
            <Text c="dimmed">Every credit from fans and every payout to your bank will be listed here.</Text>
          </EmptyState>
        </Stack>
      </Section>
    </PageFrame>
  );
}
