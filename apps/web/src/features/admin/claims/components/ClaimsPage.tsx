import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/claims: claims artists and their teams have made, to review and verify. */
export function ClaimsPage() {
  return (
    <PageFrame title="Claims" site="Pie admin" width="full" description="Claims artists and their teams have made, to review and verify.">
      <EmptyTable
        caption="Claims"
        columns={['Artist', 'Claimed by', 'Office', 'Status', 'Created']}
        emptyTitle="The claims queue is on its way"
        emptyText="The back office cannot list these yet: this screen is built with the admin module. Claims appear here when artists claim their profile. You review them, verify the proof, and set their status."
      />
    </PageFrame>
  );
}
