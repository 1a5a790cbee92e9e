import { Table } from '@mantine/core';
import { formatListened } from '../../../../shared/format';
import { PageFrame, QueryState, Section, TableScroll } from '../../../../shared/ui';
import { useRecordOfQuery } from '../../back-office';

/** /admin/artists/:artistId/top-fans: the fans who listen to an artist most. */
export function ArtistTopFansPage({ artistId }: { artistId: string }) {
  const query = useRecordOfQuery(`artists/${artistId}/top-fans`);
  return (
    <PageFrame title="Top fans" site="Pie admin" width="wide" back={{ to: `/admin/artists/${artistId}`, label: 'The artist' }}>
      <Section title="Top fans">
        <QueryState query={query} loading="Loading the top fans…" errorFallback="We could not load the top fans" isEmpty={(data: unknown[]) => data.length === 0} empty="No fan has listened to this artist yet.">
          {(fans: { fanId: string; name: string; email: string | null; listenedMs: number; plays: number }[]) => (
            <TableScroll minWidth={480} stackOnPhone label="Top fans (table)">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    {['Fan', 'E-mail', 'Listened', 'Plays'].map((label) => (
                      <Table.Th key={label} scope="col">
                        {label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fans.map((fan) => (
                    <Table.Tr key={fan.fanId}>
                      <Table.Td data-label="Fan">{fan.name}</Table.Td>
                      <Table.Td data-label="E-mail">{fan.email ?? '—'}</Table.Td>
                      <Table.Td data-label="Listened">{formatListened(fan.listenedMs)}</Table.Td>
                      <Table.Td data-label="Plays">{fan.plays}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </QueryState>
      </Section>
    </PageFrame>
  );
}
