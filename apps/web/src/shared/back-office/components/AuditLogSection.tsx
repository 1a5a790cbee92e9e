import { Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../format';
import { DataTable, Pager, QueryState, Section } from '../../ui';
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
            <DataTable
              label="Audit log (table)"
              minWidth={640}
              rows={data.items}
              rowKey={(entry) => entry.id}
              columns={[
                { label: 'When', render: (entry) => formatDateTime(entry.at) },
                { label: 'Admin', render: (entry) => entry.adminName },
                { label: 'Action', render: (entry) => entry.action },
                { label: 'Target', render: (entry) => `${entry.targetType} ${entry.targetId.slice(0, 8)}` },
                { label: 'Before', render: (entry) => <JsonText value={entry.before} /> },
                { label: 'After', render: (entry) => <JsonText value={entry.after} /> },
              ]}
            />
            <Pager label="Audit log pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}

/** A before/after value on one line that wraps anywhere (JSON has no spaces to break at on a phone). */
function JsonText({ value }: { value: unknown }) {
  return (
    <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {value === null || value === undefined ? '—' : JSON.stringify(value)}
    </Text>
  );
}
