import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/artists: every artist fans have listened to, claimed or not, with the money they are owed. */
export function ArtistsPage() {
  return (
    <PageFrame title="Artists" site="Pie admin" width="full" description="Every artist fans have listened to, claimed or not, with the money they are owed.">
      <EmptyTable
        caption="Artists"
        columns={['Artist', 'Fans', 'Escrow', 'Claim', 'CRM status']}
        emptyTitle="The artist list is on its way"
        emptyText="The back office cannot list these yet: this screen is built with the admin module. Artists appear here as fans' listening is imported."
      />
    </PageFrame>
  );
}
