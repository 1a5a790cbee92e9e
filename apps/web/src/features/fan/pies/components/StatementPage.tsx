import { Alert, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import { WHERE_NOW_LABEL, type PieStatementNotPaid } from '#pie/contracts';
import { errorMessage } from '@web/shared/api';
import { PageFrame, PageLoader, Section } from '@web/shared/ui';
import { useGetStatementQuery } from '../api/pies.api';
import { formatCount, formatDate, formatListened, formatMoney, NOUNS } from '@web/shared/format';

// Tables that fit a 390 px phone: fixed layout, the label column wraps, the amount column never
// does and keeps its width (no sideways scroll hiding the money).
const AMOUNT_WIDTH = '6.5rem';
const WRAP = { overflowWrap: 'anywhere' } as const;
const FIXED = { tableLayout: 'fixed' } as const;

/**
 * /my-pies/statements/:periodId: where every cent of a closed period went, with CSV and PDF
 * downloads. The money lines, the artists paid and the groups of artists left out come from the
 * server's statement, which the CSV and PDF render too.
 */
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
            {/* The period's impact card (a PNG to share; it names only what the fan's visibility allows). */}
            <Button component="a" href={`/api/report/impact/card.png?periodId=${periodId}`} download variant="light">
              Download card
            </Button>
          </Group>
          <Section title="Your money">
            <Table aria-label="Charge and fees" withRowBorders={false} style={FIXED}>
              <Table.Tbody>
                {s.money.map((line) => (
                  <Table.Tr key={`${line.kind}:${line.label}`}>
                    <Table.Td fw={line.bold ? 700 : undefined} style={WRAP}>
                      {line.label}
                    </Table.Td>
                    <Table.Td ta="right" fw={line.bold ? 700 : undefined} w={AMOUNT_WIDTH} style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(line.amountCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>
          <Section title="Where it went">
            {s.paid.length === 0 ? (
              <Text c="dimmed">No artist was paid this period.</Text>
            ) : (
              <Table striped aria-label="Artists" style={FIXED}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Artist</Table.Th>
                    <Table.Th ta="right" w={AMOUNT_WIDTH}>
                      Share
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.paid.map((line) => (
                    <Table.Tr key={line.artistId}>
                      <Table.Td style={WRAP}>
                        <Text size="sm" fw={500}>
                          {line.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {`${formatListened(line.listenedMs)} · ${(line.weight * 100).toFixed(2)}% · ${WHERE_NOW_LABEL[line.whereNow]}`}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(line.shareCents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Text size="xs" c="dimmed" style={WRAP}>
              Figures from Pie&apos;s ledger{s.journalId ? ` (journal ${s.journalId})` : ''}. Shares are computed to the cent and add up to the split.
            </Text>
          </Section>
          {s.notPaid.length > 0 && (
            <Section title="Not in this period’s split">
              <Stack gap="xs">
                {s.notPaid.map((group) => (
                  <NotPaidGroup key={group.reason} group={group} />
                ))}
              </Stack>
            </Section>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}

/** One reason artists got nothing: a summary line that opens the list of those artists. */
function NotPaidGroup({ group }: { group: PieStatementNotPaid }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div>
      <UnstyledButton aria-expanded={open} aria-controls={listId} onClick={() => setOpen((was) => !was)} w="100%" style={WRAP}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" fw={500}>
            <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
            {group.label}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {`${formatCount(group.count, NOUNS.artist)} · ${formatListened(group.listenedMs)}`}
          </Text>
        </Group>
      </UnstyledButton>
      {/* Columns where the screen is wide: hundreds of short lines in one column ran to 7,000 px on a desktop. */}
      <ul id={listId} hidden={!open} aria-label={group.label} style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem', columns: '15rem', columnGap: '2.5rem' }}>
        {open &&
          group.artists.map((artist) => (
            <li key={artist.artistId} style={{ ...WRAP, breakInside: 'avoid' }}>
              <Text size="sm" span>
                {artist.name}
              </Text>
              <Text size="xs" c="dimmed" span>
                {` · ${formatListened(artist.listenedMs)}`}
              </Text>
            </li>
          ))}
      </ul>
    </div>
  );
}
