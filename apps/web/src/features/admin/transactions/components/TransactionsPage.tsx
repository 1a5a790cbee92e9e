import { formatDateTime, formatMoney } from '../../../../shared/format';
import { PageFrame } from '../../../../shared/ui';
import { AdminList } from '../../../../shared/back-office';

const KINDS = ['invoice_paid', 'pie_period_closed', 'escrow_released', 'escrow_expired', 'transfer', 'monthly_account_fee', 'payout', 'payout_failed', 'give_back', 'refund', 'dispute', 'promo_grant'];

/** /admin/transactions: every ledger journal, searchable by id, key or a referenced id. */
export function TransactionsPage() {
  return (
    <PageFrame title="Transactions" site="Pie admin" width="full" description="Every movement of money in the ledger.">
      <AdminList
        title="Transactions"
        path="transactions/search"
        searchLabel="Journal id, key, or a fan's, office's or Stripe id"
        filters={[{ name: 'kind', label: 'Kind', options: KINDS.map((value) => ({ value, label: value.replace(/_/g, ' ') })) }]}
        linkTo={(row) => `/admin/transactions/${row.id}`}
        emptyText="No transaction matches."
        columns={[
          { key: 'occurredAt', label: 'When', render: (row) => formatDateTime(row.occurredAt) },
          { key: 'kind', label: 'Kind' },
          { key: 'moved', label: 'Moved', align: 'right', render: (row) => formatMoney(row.postings.reduce((sum: number, posting: { amountCents: number }) => sum + Math.max(0, posting.amountCents), 0)) },
        ]}
      />
    </PageFrame>
  );
}
