import { SimpleGrid } from '@mantine/core';
import { EmptyState, PageFrame, Section } from '../../../../shared/ui';

const FIGURES = [
  { title: 'Fan payments', text: 'What fans have paid for their pies, before fees.' },
  { title: 'Fees', text: "The payment processor's fees and Pie's platform fees." },
  { title: 'Escrow', text: 'Money waiting for artists who have not claimed their profile yet.' },
  { title: 'Payouts', text: 'What has been transferred to offices and paid out to their banks.' },
] as const;

/** /admin/finances: where the money is, and the checks that it all adds up. */
export function FinancesPage() {
  return (
    <PageFrame
      title="Finances"
      site="Pie admin"
      width="full"
      description="Where the money is, and the checks that every cent adds up."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {FIGURES.map((figure) => (
          <Section key={figure.title} title={figure.title}>
            <EmptyState title="No money yet" order={3} bare>
              {figure.text}
            </EmptyState>
          </Section>
        ))}
      </SimpleGrid>
      <Section title="Reconciliation checks">
        <EmptyState title="No checks run yet" order={3} bare>
          Checks confirm that the ledger balances, escrow matches unclaimed allocations and the payment provider agrees
          with our records.
        </EmptyState>
      </Section>
    </PageFrame>
  );
}
