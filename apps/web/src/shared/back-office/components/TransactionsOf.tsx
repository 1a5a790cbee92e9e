import type { AdminJournalView } from '#pie/contracts';
import { formatDateTime, formatMoney } from '../../format';
import { AdminList } from './AdminList';
import { AdminRefLinks } from './AdminRefLink';
import { journalKindLabel } from './journal-kinds';

/** What a journal moved: the sum of its postings into accounts. */
export const journalMoved = (journal: Pick<AdminJournalView, 'postings'>) => journal.postings.reduce((sum, posting) => sum + Math.max(0, posting.amountCents), 0);

/** The journals that name a person or an office (`transactions/user/:id`), each with who it is about. */
export function TransactionsOf({ id }: { id: string }) {
  return (
    <AdminList
      title="Transactions"
      path={`transactions/user/${id}`}
      searchLabel={null}
      linkTo={(row) => `/admin/transactions/${row.id}`}
      emptyText="No money has moved for them yet."
      columns={[
        { key: 'occurredAt', label: 'When', render: (row) => formatDateTime(row.occurredAt) },
        { key: 'kind', label: 'Kind', render: (row) => journalKindLabel(row.kind) },
        { key: 'parties', label: 'About', render: (row) => <AdminRefLinks values={(row as AdminJournalView).parties} /> },
        { key: 'moved', label: 'Moved', align: 'right', render: (row) => formatMoney(journalMoved(row as AdminJournalView)) },
      ]}
    />
  );
}
