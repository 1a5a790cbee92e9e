import type { AdminJournalView } from '#pie/contracts';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { PageFrame } from '../../../../shared/ui';
import { AdminList, AdminRefLinks, JOURNAL_KIND_LABELS, journalKindLabel, journalMoved } from '../../../../shared/back-office';

/** /admin/transactions: every ledger journal, found by a fan's e-mail or Stripe customer id, an artist account's e-mail, a journal's id or key, or a Stripe id. */
export function TransactionsPage() {
  return (
    <PageFrame title="Transactions" site="Pie admin" width="full" description="Every movement of money in the ledger.">
      <AdminList
        title="Transactions"
        path="transactions/search"
        searchLabel="A fan’s e-mail or Stripe customer id, an artist’s e-mail, a Stripe id, or a journal id or key"
        filters={[{ name: 'kind', label: 'Kind', options: Object.entries(JOURNAL_KIND_LABELS).map(([value, label]) => ({ value, label })) }]}
        linkTo={(row) => `/admin/transactions/${row.id}`}
        emptyText="No transaction matches."
        columns={[
          { key: 'occurredAt', label: 'When', render: (row) => formatDateTime(row.occurredAt) },
          { key: 'kind', label: 'Kind', render: (row) => journalKindLabel(row.kind) },
          { key: 'parties', label: 'About', render: (row) => <AdminRefLinks values={(row as AdminJournalView).parties} /> },
          { key: 'moved', label: 'Moved', align: 'right', render: (row) => formatMoney(journalMoved(row as AdminJournalView)) },
        ]}
      />
    </PageFrame>
  );
}
