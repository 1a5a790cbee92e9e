import { formatDateTime, formatMoney } from '../../format';
import { AdminList } from './AdminList';

/** The journals that name a person or an office (`transactions/user/:id`). */
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
        { key: 'kind', label: 'Kind' },
        { key: 'postings', label: 'Postings', render: (row) => row.postings.map((posting: { account: string; amountCents: number }) => `${posting.account.split(':')[0]} ${formatMoney(posting.amountCents)}`).join(', ') },
      ]}
    />
  );
}
