import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/fans: fans, their pies and their wallets. */
export function FansPage() {
  return (
    <PageFrame title="Fans" site="Pie admin" width="full" description="Fans, their pies and their wallets.">
      <EmptyTable
        caption="Fans"
        columns={['Fan', 'E-mail', 'Active pie', 'Wallet', 'Joined']}
        emptyTitle="The fan list is on its way"
        emptyText="The back office cannot list these yet: this screen is built with the admin module. Fans who have signed up will be listed here with their pies and wallets."
      />
    </PageFrame>
  );
}
