import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/transactions: every movement of money: charges, splits, escrow, transfers and payouts. */
export function TransactionsPage() {
  return (
    <PageFrame title="Transactions" site="Pie admin" width="full" description="Every movement of money: charges, splits, escrow, transfers and payouts.">
      <EmptyTable
        caption="Transactions"
        columns={['Date', 'Kind', 'From', 'To', 'Amount']}
        emptyTitle="The transaction list is on its way"
        emptyText="The back office cannot list these yet: this screen is built with the admin module. Every charge, split, transfer and payout will be listed here, traceable from the fan's charge to the artist's payout."
      />
    </PageFrame>
  );
}
