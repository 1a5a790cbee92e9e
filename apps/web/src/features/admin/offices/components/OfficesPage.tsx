import { formatDateTime, formatMoney } from '@web/shared/format';
import { PageFrame } from '@web/shared/ui';
import { AdminList } from '@web/shared/back-office';

/** /admin/offices: artist teams, their Stripe connection and earnings (10 a page). */
export function OfficesPage() {
  return (
    <PageFrame title="Offices" site="Pie admin" width="full" description="Artist teams, their Stripe connection and their earnings.">
      <AdminList
        title="Offices"
        path="offices"
        searchLabel="Search offices"
        linkTo={(row) => `/admin/offices/${row.id}`}
        emptyText="No office matches."
        columns={[
          { key: 'name', label: 'Office' },
          { key: 'members', label: 'Members', align: 'right' },
          { key: 'stripe', label: 'Stripe', render: (row) => String(row.stripe).replace(/_/g, ' ') },
          { key: 'earningsCents', label: 'Earnings', align: 'right', render: (row) => formatMoney(row.earningsCents) },
          { key: 'createdAt', label: 'Created', render: (row) => formatDateTime(row.createdAt) },
        ]}
      />
    </PageFrame>
  );
}
