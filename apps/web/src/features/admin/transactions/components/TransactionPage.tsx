import { formatDateTime, formatMoney } from '../../../../shared/format';
import { DataTable, Section } from '../../../../shared/ui';
import { AdminRecordPage, JsonValue } from '../../../../shared/back-office';

/** /admin/transactions/:id: one journal, its postings and references. */
export function TransactionPage({ id }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Transaction"
      id={id}
      path={`transactions/${id}/details`}
      list={{ to: '/admin/transactions', label: 'Transactions' }}
      title={(journal) => `Transaction: ${journal.kind.replace(/_/g, ' ')}`}
      facts={(journal) => [
        { label: 'Occurred', value: formatDateTime(journal.occurredAt) },
        { label: 'Recorded', value: formatDateTime(journal.recordedAt) },
        { label: 'Idempotency key', value: journal.idempotencyKey },
      ]}
    >
      {(journal) => (
        <>
          <Section title="Postings">
            <DataTable
              label="Postings (table)"
              minWidth={400}
              rows={journal.postings as { account: string; amountCents: number }[]}
              rowKey={(posting) => posting.account}
              columns={[
                { label: 'Account', render: (posting) => posting.account },
                { label: 'Amount', align: 'right', render: (posting) => formatMoney(posting.amountCents) },
              ]}
            />
          </Section>
          <Section title="References">
            <JsonValue value={journal.references} />
          </Section>
        </>
      )}
    </AdminRecordPage>
  );
}
