import type { DailyListening } from '#pie/contracts';
import { Table } from '@mantine/core';
import { TableScroll } from '@web/shared/ui';
import { formatListened, formatLongDay, formatNumber } from '@web/shared/format';

/** The daily chart's figures, newest day first (loaded when someone opens them). */
export default function DailyListeningTable({ days }: { days: readonly DailyListening[] }) {
  return (
    <TableScroll minWidth={320} mt="sm">
      <Table striped highlightOnHover>
        <Table.Caption>Listening per day</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            <Table.Th scope="col">Listened</Table.Th>
            <Table.Th scope="col">Plays</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...days].reverse().map((day) => (
            <Table.Tr key={day.date}>
              <Table.Th scope="row" fw={400}>
                {formatLongDay(day.date)}
              </Table.Th>
              <Table.Td>{formatListened(day.listened_ms)}</Table.Td>
              <Table.Td>{formatNumber(day.plays)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
