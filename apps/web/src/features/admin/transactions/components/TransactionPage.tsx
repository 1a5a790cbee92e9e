import type { AdminJournalView } from '#pie/contracts';
import { formatDateTime, formatMoney } from '@web/shared/format';
import { DataTable, Section, StatList } from '@web/shared/ui';
import { AdminRecordPage, AdminRefLink, journalKindLabel } from '@web/shared/back-office';

/** /admin/transactions/:id: one journal, its postings (each account by its owner's name) and what it references, named and linked. */
export function TransactionPage({ id }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Transaction"
      id={id}
      path={`transactions/${id}/details`}
      list={{ to: '/admin/transactions', label: 'Transactions' }}
      title={(journal: AdminJournalView) => `Transaction: ${journalKindLabel(journal.kind)}`}
      facts={(journal: AdminJournalView) => [
        { label: 'Occurred', value: formatDateTime(journal.occurredAt) },
        { label: 'Recorded', value: formatDateTime(journal.recordedAt) },
        { label: 'Idempotency key', value: journal.idempotencyKey },
      ]}
    >
      {(journal: AdminJournalView) => (
        <>
          <Section title="Postings" description="Money into an account is positive, out of it negative; they add up to zero.">
            <DataTable
              name="Postings"
              minWidth={400}
              rows={journal.postings}
              rowKey={(posting) => posting.account}
              columns={[
                {
                  label: 'Account',
                  render: (posting) =>
                    posting.owner ? (
                      <>
                        {`${posting.accountLabel} of `}
                        <AdminRefLink value={posting.owner} />
                      </>
                    ) : (
                      posting.accountLabel
                    ),
                },
                { label: 'Amount', align: 'right', render: (posting) => formatMoney(posting.amountCents) },
              ]}
            />
          </Section>
          <Section title="What it is about">
            <StatList cols={2} stats={journal.references.map((reference) => ({ label: reference.label, value: reference.ref ? <AdminRefLink value={reference.ref} /> : reference.text }))} />
          </Section>
        </>
      )}
    </AdminRecordPage>
  );
}
