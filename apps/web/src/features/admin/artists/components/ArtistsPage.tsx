import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/artists: every artist fans have listened to, claimed or not, with the money they are owed. */
export function ArtistsPage() {
  return (
    <PageFrame title="Artists" site="Pie admin" size="xl" description="Every artist fans have listened to, claimed or not, with the money they are owed.">
      <EmptyTable
        caption="Artists"
        columns={['Artist', 'Fans', 'Escrow', 'Claim', 'CRM status']}
        emptyTitle="No artists to show"
        emptyText="Artists appear here as fans' listening is imported."
      />
    </PageFrame>
  );
}
