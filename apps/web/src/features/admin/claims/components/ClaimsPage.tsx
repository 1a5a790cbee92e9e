import { formatDateTime } from '@web/shared/format';
import { PageFrame } from '@web/shared/ui';
import { AdminList } from '@web/shared/back-office';

const STATUSES = ['pending', 'verifying', 'successful', 'rejected', 'cancelled'].map((value) => ({ value, label: value }));

/** /admin/claims: claims artists and their teams have made, to review and verify (20 a page). */
export function ClaimsPage() {
  return (
    <PageFrame title="Claims" site="Pie admin" width="full" description="Claims artists and their teams have made, to review and verify.">
      <AdminList
        title="Claims"
        path="claims/list"
        searchLabel="Search artist, office or e-mail"
        filters={[{ name: 'status', label: 'Status', options: STATUSES }]}
        initialSort={{ sortBy: 'createdAt', sortOrder: 'desc' }}
        linkTo={(row) => `/admin/claims/${row.id}`}
        emptyText="No claim matches. Claims appear here when artists claim their profile."
        columns={[
          { key: 'artistName', label: 'Artist', sortBy: 'artistName' },
          { key: 'claimedBy', label: 'Claimed by' },
          { key: 'officeName', label: 'Office' },
          { key: 'status', label: 'Status', sortBy: 'status' },
          { key: 'createdAt', label: 'Created', sortBy: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
        ]}
      />
    </PageFrame>
  );
}
