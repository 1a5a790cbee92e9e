import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /my-pies: every pie the fan has funded. */
export function MyPiesPage() {
  return (
    <PageFrame title="My pies" description="Every pie you have funded, and how each was split.">
      <EmptyTable
        caption="Your pies"
        columns={['Period', 'Amount', 'Artists', 'Status']}
        emptyTitle="No pies yet"
        emptyText="Your pies appear here once you have funded one, with how each one was split among your artists."
      />
    </PageFrame>
  );
}
