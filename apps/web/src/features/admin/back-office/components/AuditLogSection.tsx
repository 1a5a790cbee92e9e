import { Table } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { Pager, QueryState, Section, TableScroll } from '../../../../shared/ui';
import { useAuditLogQuery } from '../api/back-office.api';

/** The audit log: who did what, when, with the state before and after (optionally for one record). */
export function AuditLogSection({ targetType, targetId, title = 'Audit log' }: { targetType?: string; targetId?: string; title?: string }) {
  const [page, setPage] = useState(1);
  const query = useAuditLogQuery({ page, targetType, targetId });
  return (
    <Section title={title} description="Every admin action: who, what, when, before and after.">
      <QueryState query={query} loading="Loading the audit log…" errorFallback="We could not load the audit log" isEmpty={(data) => data.items.length === 0} empty="No admin action recorded yet.">
        {(data) => (
          <>
            <TableScroll minWidth={640} stackOnPhone label="Audit log (table)">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    {['When', 'Admin', 'Action', 'Target', 'Before', 'After'].map((label) => (
                      <Table.Th key={label} scope="col">
                        {label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td data-label="When">{formatDateTime(entry.at)}</Table.Td>
                      <Table.Td data-label="Admin">{entry.adminName}</Table.Td>
                      <Table.Td data-label="Action">{entry.action}</Table.Td>
                      <Table.Td data-label="Target">{`${entry.targetType} ${entry.targetId.slice(0, 8)}`}</Table.Td>
                      <Table.Td data-label="Before">{entry.before === null ? '—' : JSON.stringify(entry.before)}</Table.Td>
                      <Table.Td data-label="After">{entry.after === null ? '—' : JSON.stringify(entry.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Pager label="Audit log pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
