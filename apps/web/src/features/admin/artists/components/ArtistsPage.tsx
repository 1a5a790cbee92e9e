import { CRM_STATUSES } from '#pie/contracts';
import { formatMoney } from '@web/shared/format';
import { PageFrame } from '@web/shared/ui';
import { AdminList } from '@web/shared/back-office';

const label = (value: string) => value.replace(/_/g, ' ');

/** /admin/artists: every catalogue artist with their escrow, outreach status and contact (10 a page). */
export function ArtistsPage() {
  return (
    <PageFrame title="Artists" site="Pie admin" width="full" description="Artists fans fund, what waits for them in escrow, and the outreach to reach them.">
      <AdminList
        title="Artists"
        path="artists"
        searchLabel="Search artists"
        filters={[
          { name: 'crmStatus', label: 'Outreach', options: CRM_STATUSES.map((value) => ({ value, label: label(value) })) },
          { name: 'moneyFilter', label: 'Money', options: [{ value: 'with_escrow', label: 'with escrow' }, { value: 'without_escrow', label: 'without escrow' }] },
          { name: 'activePie', label: 'In a live pie', options: [{ value: 'true', label: 'yes' }, { value: 'false', label: 'no' }] },
        ]}
        initialSort={{ sortBy: 'escrow', sortOrder: 'desc' }}
        linkTo={(row) => `/admin/artists/${row.id}`}
        emptyText="No artist matches these filters."
        columns={[
          { key: 'name', label: 'Artist', sortBy: 'name' },
          { key: 'escrowCents', label: 'In escrow', sortBy: 'escrow', align: 'right', render: (row) => formatMoney(row.escrowCents) },
          { key: 'fans', label: 'Fans (28 days)', sortBy: 'fans', align: 'right' },
          { key: 'crmStatus', label: 'Outreach', render: (row) => label(row.crmStatus) },
          { key: 'claimed', label: 'Claimed', render: (row) => (row.claimed ? 'yes' : 'no') },
          { key: 'contactEmail', label: 'Contact', render: (row) => row.contactEmail ?? '—' },
        ]}
      />
    </PageFrame>
  );
}
