import { formatListened } from '@web/shared/format';
import { DataTable, PageFrame, QueryState, Section } from '@web/shared/ui';
import { useRecordOfQuery } from '@web/shared/back-office';

/** /admin/artists/:artistId/top-fans: the fans who listen to an artist most. */
export function ArtistTopFansPage({ artistId }: { artistId: string }) {
  const query = useRecordOfQuery(`artists/${artistId}/top-fans`);
  return (
    <PageFrame title="Top fans" site="Pie admin" width="wide" back={{ to: `/admin/artists/${artistId}`, label: 'The artist' }}>
      <Section title="Top fans">
        <QueryState query={query} loading="Loading the top fans…" errorFallback="We could not load the top fans" isEmpty={(data: unknown[]) => data.length === 0} empty="No fan has listened to this artist yet.">
          {(fans: { fanId: string; name: string; email: string | null; listenedMs: number; plays: number }[]) => (
            <DataTable
              name="Top fans"
              rows={fans}
              rowKey={(fan) => fan.fanId}
              columns={[
                { label: 'Fan', render: (fan) => fan.name },
                { label: 'E-mail', render: (fan) => fan.email ?? '—' },
                { label: 'Listened', render: (fan) => formatListened(fan.listenedMs) },
                { label: 'Plays', render: (fan) => fan.plays },
              ]}
            />
          )}
        </QueryState>
      </Section>
    </PageFrame>
  );
}
