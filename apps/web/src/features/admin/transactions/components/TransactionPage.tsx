import { Table } from '@mantine/core';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { Section, TableScroll } from '../../../../shared/ui';
import { AdminRecordPage, JsonValue } from '../../back-office';

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
            <TableScroll minWidth={400} stackOnPhone label="Postings (table)">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Account</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Amount
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {journal.postings.map((posting: { account: string; amountCents: number }) => (
                    <Table.Tr key={posting.account}>
                      <Table.Td data-label="Account">{posting.account}</Table.Td>
                      <Table.Td data-label="Amount" ta="right">
                        {formatMoney(posting.amountCents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Section>
          <Section title="References">
            <JsonValue value={journal.references} />
          </Section>
        </>
      )}
    </AdminRecordPage>
  );
}
