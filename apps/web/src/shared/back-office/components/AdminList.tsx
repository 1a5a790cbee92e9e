import { Anchor, Group, NativeSelect, Table, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Pager, QueryState, Section, TableScroll } from '../../ui';
import { useListOfQuery, type ListParams } from '../api/back-office.api';

export interface AdminColumn {
  key: string;
  label: string;
  /** The server's sortBy for this column, when it sorts. */
  sortBy?: string;
  render?: (row: Record<string, any>) => ReactNode;
  align?: 'right';
}

export interface AdminFilter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

/**
 * A back-office list: search, the list's filters, sortable column headers, the server's pages
 * (its default page size: 10, claims 20), loading, empty and error states, stacked rows on a
 * phone. Each row links to its record when `linkTo` is given.
 */
export function AdminList({
  title,
  path,
  columns,
  filters = [],
  initialSort,
  linkTo,
  emptyText,
  searchLabel = 'Search',
  fixed = {},
}: {
  title: string;
  path: string;
  columns: AdminColumn[];
  filters?: AdminFilter[];
  initialSort?: { sortBy: string; sortOrder: 'asc' | 'desc' };
  linkTo?: (row: Record<string, any>) => string;
  emptyText: string;
  searchLabel?: string | null;
  fixed?: ListParams;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [sort, setSort] = useState(initialSort);
  const params: ListParams = { ...fixed, page, search: search.trim() || undefined, ...chosen, ...(sort ?? {}) };
  const query = useListOfQuery({ path, params });
  const toggleSort = (sortBy: string) => {
    setPage(1);
    setSort((current) => ({ sortBy, sortOrder: current?.sortBy === sortBy && current.sortOrder === 'desc' ? 'asc' : 'desc' }));
  };
  return (
    <Section title={title}>
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        {searchLabel && (
          <TextInput
            label={searchLabel}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={320}
          />
        )}
        {filters.map((filter) => (
          <NativeSelect
            key={filter.name}
            label={filter.label}
            value={chosen[filter.name] ?? ''}
            data={[{ value: '', label: 'All' }, ...filter.options]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setChosen((current) => ({ ...current, [filter.name]: value }));
              setPage(1);
            }}
          />
        ))}
      </Group>
      <QueryState query={query} loading={`Loading ${title.toLowerCase()}…`} errorFallback={`We could not load ${title.toLowerCase()}`} isEmpty={(data) => data.items.length === 0} empty={emptyText}>
        {(data) => (
          <>
            <TableScroll minWidth={640} stackOnPhone label={`${title} (table)`}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th
                        key={column.key}
                        scope="col"
                        ta={column.align}
                        aria-sort={sort?.sortBy === column.sortBy && column.sortBy ? (sort?.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {column.sortBy ? (
                          <UnstyledButton onClick={() => toggleSort(column.sortBy!)} fw={600} fz="sm">
                            {column.label}
                            {sort?.sortBy === column.sortBy ? (sort.sortOrder === 'asc' ? ' ↑' : ' ↓') : ''}
                          </UnstyledButton>
                        ) : (
                          column.label
                        )}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((row, index) => (
                    <Table.Tr key={String(row.id ?? row.artistId ?? index)}>
                      {columns.map((column, columnIndex) => {
                        const content = column.render ? column.render(row) : String(row[column.key] ?? '—');
                        return (
                          <Table.Td key={column.key} data-label={column.label} ta={column.align}>
                            {columnIndex === 0 && linkTo ? (
                              <Anchor component={Link} to={linkTo(row)}>
                                {content}
                              </Anchor>
                            ) : (
                              content
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Pager label={`${title} pages`} page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
