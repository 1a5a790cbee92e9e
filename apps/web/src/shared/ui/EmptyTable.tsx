import { Paper, Table, Text } from '@mantine/core';
import { EmptyState } from './EmptyState';
import { TableScroll } from './TableScroll';

export interface EmptyTableProps {
  /** The table's accessible name, e.g. 'Claims'. */
  caption: string;
  columns: readonly string[];
  /** The empty state's heading: what is (not yet) here, e.g. 'The claims queue is on its way'. */
  emptyTitle: string;
  emptyText?: string;
}

/**
 * A list screen's table before it has rows: the real columns, so the layout is what it will be,
 * and an honest empty state instead of rows. On a phone the columns fold away and the message
 * takes the screen's width.
 */
export function EmptyTable({ caption, columns, emptyTitle, emptyText }: EmptyTableProps) {
  return (
    <Paper withBorder radius="md" p={0}>
      <TableScroll minWidth={columns.length * 120} stackOnPhone label={`${caption} (table)`}>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Caption className="table-caption-start">
            <Text component="span" fw={600}>
              {caption}
            </Text>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <EmptyState title={emptyTitle} bare order={2}>
                  {emptyText}
                </EmptyState>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}
