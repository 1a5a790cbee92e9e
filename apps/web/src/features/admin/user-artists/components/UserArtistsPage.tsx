import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/user-artists: people with an artist account, and the offices they belong to. */
export function UserArtistsPage() {
  return (
    <PageFrame title="Artist users" site="Pie admin" width="full" description="People with an artist account, and the offices they belong to.">
      <EmptyTable
        caption="Artist users"
        columns={['Name', 'E-mail', 'Country', 'Offices', 'Joined']}
        emptyTitle="The artist user list is on its way"
        emptyText="The back office cannot list these yet: this screen is built with the admin module. People who create an artist account will be listed here with their offices."
      />
    </PageFrame>
  );
}
