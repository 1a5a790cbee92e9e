import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { AdminJournalView } from '#pie/contracts';
import { formatDateTime, formatMoney } from '@web/shared/format';
import { PageFrame } from '@web/shared/ui';
import { AdminList, AdminRefLinks, JOURNAL_KIND_LABELS, journalKindLabel, journalMoved } from '@web/shared/back-office';

/** What the address may narrow the list to (a figure's journals, from the open books): kinds, account kind, dates. */
const FROM_ADDRESS = ['kind', 'accountKind', 'startDate', 'endDate'] as const;

/** /admin/transactions: every ledger journal, found by a fan's e-mail or Stripe customer id, an artist account's e-mail, a journal's id or key, or a Stripe id. */
export function TransactionsPage() {
  const [params] = useSearchParams();
  const fixed = Object.fromEntries(FROM_ADDRESS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const narrowed = Object.keys(fixed).length > 0;
  return (
    <PageFrame title="Transactions" site="Pie admin" width="full" description="Every movement of money in the ledger.">
      {narrowed && (
        <Text data-testid="transactions-narrowed">
          {`Only the journals ${fixed.kind ? `of kind ${fixed.kind.split(',').map(journalKindLabel).join(', ')}` : ''}${fixed.accountKind ? ` moving money on ${fixed.accountKind} accounts` : ''}${fixed.startDate ? ` from ${fixed.startDate}` : ''}${fixed.endDate ? ` to ${fixed.endDate}` : ''}. `}
          <Anchor component={Link} to="/admin/transactions">
            Show every transaction
          </Anchor>
        </Text>
      )}
      <AdminList
        key={params.toString()}
        title="Transactions"
        path="transactions/search"
        fixed={fixed}
        searchLabel="A fan’s e-mail or Stripe customer id, an artist’s e-mail, a Stripe id, or a journal id or key"
        filters={[{ name: 'kind', label: 'Kind', options: Object.entries(JOURNAL_KIND_LABELS).map(([value, label]) => ({ value, label })) }]}
        linkTo={(row) => `/admin/transactions/${row.id}`}
        emptyText="No transaction matches."
        columns={[
          { key: 'occurredAt', label: 'When', render: (row) => formatDateTime(row.occurredAt) },
          { key: 'kind', label: 'Kind', render: (row) => journalKindLabel(row.kind) },
          { key: 'parties', label: 'About', render: (row) => <AdminRefLinks values={(row as AdminJournalView).parties} /> },
          { key: 'moved', label: 'Moved', align: 'right', render: (row) => formatMoney(journalMoved(row as AdminJournalView)) },
        ]}
      />
    </PageFrame>
  );
}
