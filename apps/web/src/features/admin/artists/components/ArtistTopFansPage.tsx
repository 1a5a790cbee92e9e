import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /admin/artists/:artistId/top-fans: the fans who fund an artist most. */
export function ArtistTopFansPage({ artistId }: { artistId: string }) {
  return (
    <PageFrame
      title="Top fans"
      site="Pie admin"
      back={{ to: `/admin/artists/${encodeURIComponent(artistId)}`, label: 'Artist' }}
      description="The fans who listen to this artist most, and what they have sent."
    >
      <EmptyTable
        caption="Top fans"
        columns={['Fan', 'Listening time', 'Sent', 'Pies']}
        emptyTitle="This artist's top fans are on their way"
        emptyText="The back office cannot list these yet: this screen is built with the admin module. Fans appear here once their listening to this artist is imported."
      />
    </PageFrame>
  );
}
