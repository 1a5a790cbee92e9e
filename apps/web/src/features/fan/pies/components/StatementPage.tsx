import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { carriedInLabel, WHERE_NOW_LABEL } from '#pie/contracts';
import { errorMessage } from '../../../../shared/api';
import { PageFrame, PageLoader, Section, TableScroll } from '../../../../shared/ui';
import { useGetStatementQuery } from '../api/pies.api';
import { REASON_LABEL } from '../format';
import { formatDate, formatListened, formatMoney } from '../../../../shared/format';


/** /my-pies/statements/:periodId: where every cent of a closed period went, with CSV and PDF downloads. */
export function StatementPage({ periodId }: { periodId: string }) {
  const statement = useGetStatementQuery(periodId);
  const s = statement.data;
  return (
    <PageFrame title="Statement" back={{ to: '/my-pies', label: 'My pies' }} description={s ? `${formatDate(s.startsAt)} – ${formatDate(s.endsAt)}` : undefined}>
      {statement.isLoading ? (
        <PageLoader />
      ) : statement.isError || !s ? (
        <Alert color="red" role="alert" title="This statement could not be loaded">
          {errorMessage(statement.error, 'Please try again.')}
        </Alert>
      ) : (
        <Stack gap="xl">
          <Group>
            <Button component="a" href={`/api/pie/periods/${periodId}/statement.csv`} download variant="light">
              Download CSV
            </Button>
            <Button component="a" href={`/api/pie/periods/${periodId}/statement.pdf`} download variant="light">
              Download PDF
            </Button>
          </Group>
          <Section title="Your money">
            <Table aria-label="Charge and fees" withRowBorders={false}>
              <Table.Tbody>
                <Row label="Charge" cents={s.chargeCents} bold />
                {s.fees.map((fee) => (
                  <Row key={fee.label} label={fee.label} cents={-fee.amountCents} />
                ))}
                {s.carriedInCents !== 0 && <Row label={carriedInLabel(s.carriedInCents)} cents={s.carriedInCents} />}
                <Row label="Split among your artists" cents={s.splitCents} bold />
                <Row label="Kept in your wallet for the next period" cents={s.keptInWalletCents} />
              </Table.Tbody>
            </Table>
          </Section>
          <Section title="Where it went">
            <TableScroll minWidth={560}>
              <Table striped aria-label="Artists">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Artist</Table.Th>
                    <Table.Th>Listened</Table.Th>
                    <Table.Th>Weight</Table.Th>
                    <Table.Th ta="right">Share</Table.Th>
                    <Table.Th>Now</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.lines.map((line) => (
                    <Table.Tr key={line.artistId}>
                      <Table.Td>{line.name}</Table.Td>
                      <Table.Td>{formatListened(line.listenedMs)}</Table.Td>
                      <Table.Td>{line.selected ? `${(line.weight * 100).toFixed(2)}%` : REASON_LABEL[line.reason ?? ''] ?? '—'}</Table.Td>
                      <Table.Td ta="right">{formatMoney(line.shareCents)}</Table.Td>
                      <Table.Td>{WHERE_NOW_LABEL[line.whereNow]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Text size="xs" c="dimmed">
              Figures from Pie&apos;s ledger{s.journalId ? ` (journal ${s.journalId})` : ''}. Shares are computed to the cent and add up to the split.
            </Text>
          </Section>
        </Stack>
      )}
    </PageFrame>
  );
}

function Row({ label, cents, bold = false }: { label: string; cents: number; bold?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td fw={bold ? 700 : undefined}>{label}</Table.Td>
      <Table.Td ta="right" fw={bold ? 700 : undefined}>
        {formatMoney(cents)}
      </Table.Td>
    </Table.Tr>
  );
}
