import { Text } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import type { AdminRef, AuditEntry } from '#pie/contracts';
import { formatDateTime, formatMoney } from '../../format';
import { DataTable, Pager, QueryState, Section } from '../../ui';
import { useAuditLogQuery } from '../api/back-office.api';
import { AdminRefLink } from './AdminRefLink';

/** The audit log: who did what to which record, when, with the state before and after in words (optionally for one record). */
export function AuditLogSection({ targetType, targetId, title = 'Audit log' }: { targetType?: string; targetId?: string; title?: string }) {
  const [page, setPage] = useState(1);
  const query = useAuditLogQuery({ page, targetType, targetId });
  return (
    <Section title={title} description="Every admin action: who, what, when, before and after.">
      <QueryState query={query} loading="Loading the audit log…" errorFallback="We could not load the audit log" isEmpty={(data) => data.items.length === 0} empty="No admin action recorded yet.">
        {(data) => (
          <>
            <DataTable
              name="Audit log"
              minWidth={640}
              rows={data.items}
              rowKey={(entry) => entry.id}
              columns={[
                { label: 'When', render: (entry) => formatDateTime(entry.at) },
                { label: 'Admin', render: (entry) => entry.adminName },
                { label: 'Action', render: (entry) => entry.action },
                { label: 'Target', render: (entry) => <AuditTarget entry={entry} /> },
                { label: 'Before', render: (entry) => <ChangeText value={entry.before} refs={entry.refs} /> },
                { label: 'After', render: (entry) => <ChangeText value={entry.after} refs={entry.refs} /> },
              ]}
            />
            <Pager label="Audit log pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}

function AuditTarget({ entry }: { entry: AuditEntry }) {
  if (entry.target) return <AdminRefLink value={entry.target} />;
  // A check, the escrow run, an invite: no page of its own.
  return <>{entry.targetId === '*' ? entry.targetType.replace(/-/g, ' ') : `${entry.targetType.replace(/-/g, ' ')} ${entry.targetId.length > 12 ? '' : entry.targetId}`.trim()}</>;
}

const words = (key: string) => key.replace(/Id$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A before/after value in words: `status: pending · reason: …`, money as dollars, records by their names. */
function ChangeText({ value, refs }: { value: unknown; refs: AdminRef[] }) {
  return (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
      {describe(value, refs)}
    </Text>
  );
}

function describe(value: unknown, refs: AdminRef[], key = ''): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && /cents$/i.test(key)) return formatMoney(value);
  if (typeof value === 'string') {
    const ref = refs.find((candidate) => candidate.id === value);
    return ref ? <AdminRefLink value={ref} /> : value.replace(/_/g, ' ');
  }
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item, index) => <Fragment key={index}>{index > 0 && '; '}{describe(item, refs)}</Fragment>);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '—';
  return entries.map(([name, inner], index) => (
    <Fragment key={name}>
      {index > 0 && ' · '}
      {`${words(name)}: `}
      {describe(inner, refs, name)}
    </Fragment>
  ));
}
