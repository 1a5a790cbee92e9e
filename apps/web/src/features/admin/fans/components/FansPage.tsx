import { formatDateTime, formatMoney } from '@web/shared/format';
import { PageFrame } from '@web/shared/ui';
import { AdminList } from '@web/shared/back-office';

/** /admin/fans: fans, their pies and their wallets (10 a page). */
export function FansPage() {
  return (
    <PageFrame title="Fans" site="Pie admin" width="full" description="Fans, their pies and their wallets.">
      <AdminList
        title="Fans"
        path="fans"
        searchLabel="Search name or e-mail"
        filters={[{ name: 'activePie', label: 'Live pie', options: [{ value: 'true', label: 'with a live pie' }, { value: 'false', label: 'without' }] }]}
        initialSort={{ sortBy: 'createdAt', sortOrder: 'desc' }}
        linkTo={(row) => `/admin/fans/${row.id}`}
        emptyText="No fan matches."
        columns={[
          { key: 'name', label: 'Fan', sortBy: 'name', render: (row) => `${row.firstName} ${row.lastName}` },
          { key: 'email', label: 'E-mail', sortBy: 'email' },
          { key: 'livePie', label: 'Live pie', render: (row) => (row.livePie ? 'yes' : 'no') },
          { key: 'walletCents', label: 'Wallet', sortBy: 'wallet', align: 'right', render: (row) => formatMoney(row.walletCents) },
          { key: 'createdAt', label: 'Joined', sortBy: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
        ]}
      />
    </PageFrame>
  );
}
