import { Paper, Table, Text } from '@mantine/core';
import { EmptyState } from './EmptyState';

export interface EmptyTableProps {
  /** The table's accessible name, e.g. 'Claims'. */
  caption: string;
  columns: readonly string[];
  /** The empty state's heading: 'No claims to show'. */
  emptyTitle: string;
  emptyText?: string;
}

/**
 * A list screen's table before it has rows: the real columns, so the layout
 * is what it will be, and an honest empty state instead of rows.
 */
export function EmptyTable({ caption, columns, emptyTitle, emptyText }: EmptyTableProps) {
  return (
    // Narrow screens scroll the table sideways: the frame takes focus so keyboards can scroll it too.
    <Paper
      withBorder
      radius="md"
      p={0}
      style={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={`${caption} (table)`}
    >
      <Table verticalSpacing="sm" horizontalSpacing="md" miw={columns.length * 120}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', padding: 'var(--mantine-spacing-md)' }}>
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
    </Paper>
  );
}
