import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from './TableScroll';

export interface DataColumn<T> {
  label: string;
  align?: 'right';
  render: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  /** The table's accessible name ('Payouts'); its scrolling frame is '<name> (table)'. */
  name: string;
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  minWidth?: number;
  striped?: boolean;
}

/** A plain table of rows (stacked rows on a phone, each cell labelled by its column): one markup for every simple list. */
export function DataTable<T>({ name, columns, rows, rowKey, minWidth = 480, striped = false }: DataTableProps<T>) {
  return (
    <TableScroll minWidth={minWidth} stackOnPhone label={`${name} (table)`}>
      <Table aria-label={name} striped={striped}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <Table.Td key={column.label} data-label={column.label} ta={column.align}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
