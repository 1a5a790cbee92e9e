import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/offices: artist teams, their members and their payment connections. */
export function OfficesPage() {
  return (
    <PageFrame title="Offices" site="Pie admin" width="full" description="Artist teams, their members and their payment connections.">
      <EmptyTable
        caption="Offices"
        columns={['Office', 'Type', 'Members', 'Payment account', 'Balance']}
        emptyTitle="The office list is on its way"
        emptyText="The back office cannot list these yet: this screen is built with the admin module. Offices appear here when artists form teams around their verified claims."
      />
    </PageFrame>
  );
}
