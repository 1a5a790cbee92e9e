import { formatDateTime } from '@web/shared/format';
import { PageFrame } from '@web/shared/ui';
import { AdminList } from '@web/shared/back-office';

/** /admin/user-artists: artist accounts (artists and their teams), 10 a page. */
export function UserArtistsPage() {
  return (
    <PageFrame title="Artist users" site="Pie admin" width="full" description="Accounts of artists and their teams.">
      <AdminList
        title="Artist users"
        path="user-artists"
        searchLabel="Search name or e-mail"
        linkTo={(row) => `/admin/user-artists/${row.id}`}
        emptyText="No artist account matches."
        columns={[
          { key: 'email', label: 'E-mail' },
          { key: 'name', label: 'Name', render: (row) => [row.firstName, row.lastName].filter(Boolean).join(' ') || '—' },
          { key: 'registered', label: 'Registered', render: (row) => (row.registered ? 'yes' : 'invited') },
          { key: 'createdAt', label: 'Created', render: (row) => formatDateTime(row.createdAt) },
        ]}
      />
    </PageFrame>
  );
}
