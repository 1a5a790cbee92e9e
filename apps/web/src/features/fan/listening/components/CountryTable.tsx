import { Table, Text, UnstyledButton } from '@mantine/core';
import { TableScroll } from '@web/shared/ui';
import { useMemo, useState } from 'react';
import type { CountryTotals } from '../choropleth';
import { countryName, formatListened, formatNumber } from '@web/shared/format';

type SortKey = 'country' | 'artists' | 'plays' | 'listened';
type Direction = 'ascending' | 'descending';

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string }> = [
  { key: 'country', label: 'Country' },
  { key: 'artists', label: 'Artists' },
  { key: 'plays', label: 'Plays' },
  { key: 'listened', label: 'Listened' },
];

/** The map's figures as a table (its accessible alternative), sortable by any column. */
export function CountryTable({ totals }: { totals: CountryTotals }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({ key: 'listened', direction: 'descending' });
  const totalMs = totals.countries.reduce((sum, country) => sum + country.listenedMs, 0) + totals.unknown.listenedMs;

  const rows = useMemo(() => {
    const named = totals.countries.map((country) => ({ ...country, name: countryName(country.code) }));
    const value = (row: (typeof named)[number]) =>
      sort.key === 'country' ? row.name : sort.key === 'artists' ? row.artists : sort.key === 'plays' ? row.plays : row.listenedMs;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return named.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const order = typeof x === 'string' ? x.localeCompare(y as string, 'en') : x - (y as number);
      return order * sign || a.name.localeCompare(b.name, 'en');
    });
  }, [sort, totals.countries]);

  const toggle = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'country' ? 'ascending' : 'descending' },
    );
  const share = (ms: number) => (totalMs > 0 ? `${Math.round((ms / totalMs) * 1000) / 10}%` : '–');

  return (
    <TableScroll minWidth={520}>
      <Table striped highlightOnHover>
        <Table.Caption>{`Countries of the artists you listened to, sorted by ${sort.key === 'country' ? 'country' : sort.key} (${sort.direction})`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              return (
                <Table.Th key={column.key} scope="col" aria-sort={active ? sort.direction : 'none'}>
                  <UnstyledButton onClick={() => toggle(column.key)} fw={700} fz="sm">
                    {column.label}
                    <span aria-hidden="true">{active ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th scope="col">Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.code}>
              <Table.Th scope="row" fw={500}>
                {row.name}
              </Table.Th>
              <Table.Td>{formatNumber(row.artists)}</Table.Td>
              <Table.Td>{formatNumber(row.plays)}</Table.Td>
              <Table.Td>{formatListened(row.listenedMs)}</Table.Td>
              <Table.Td>{share(row.listenedMs)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals.unknown.artists > 0 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" fw={500}>
                <Text span fs="italic" inherit>
                  Unknown country
                </Text>
              </Table.Th>
              <Table.Td>{formatNumber(totals.unknown.artists)}</Table.Td>
              <Table.Td>{formatNumber(totals.unknown.plays)}</Table.Td>
              <Table.Td>{formatListened(totals.unknown.listenedMs)}</Table.Td>
              <Table.Td>{share(totals.unknown.listenedMs)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </TableScroll>
  );
}
