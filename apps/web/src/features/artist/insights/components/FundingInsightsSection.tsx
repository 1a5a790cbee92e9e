import { Stack, Table, Text, Title } from '@mantine/core';
import type { ArtistInsightsView, MaskedCount } from '#pie/contracts';
import { countryName, formatDate, formatListened, formatMaskedCount, formatMoney, NOUNS } from '../../../../shared/format';
import { QueryState, Section, StatList, TableScroll } from '../../../../shared/ui';
import { useGetClaimInsightsQuery } from '../api/insights.api';
import { MonthlyFundingChart } from './MonthlyFundingChart';

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
const shareOf = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');
const fans = (count: MaskedCount) => formatMaskedCount(count, NOUNS.fan);

/**
 * A verified artist's funding insights (issue 31), on the artist's page: what fans' pies gave the
 * artist per month, from how many fans, from which listening countries, which tracks the paid
 * listening was, and what waited in escrow until the claim. Aggregates only, as the API sends them:
 * no fan is named, and the API itself says "fewer than 5" for any count of fans under five.
 */
export function FundingInsightsSection({ claimId }: { claimId: string }) {
  const insights = useGetClaimInsightsQuery(claimId);
  return (
    <Section
      title="Funding insights"
      description="From Pie's ledger, to the cent. Totals only: no fan is ever named, and any group of fewer than 5 fans is shown as “fewer than 5”."
    >
      <QueryState
        query={insights}
        loading="Loading the funding insights…"
        errorFallback="We could not load this artist's funding insights"
        isEmpty={(data) => data.months.length === 0}
        empty="No fan's pie has paid this artist yet. When fans who listen to this artist close a pie period, their money and where it came from appear here."
      >
        {(data) => <Insights data={data} />}
      </QueryState>
    </Section>
  );
}

function Insights({ data }: { data: ArtistInsightsView }) {
  const { totals } = data;
  return (
    <Stack gap="lg">
      <StatList
        stats={[
          { label: 'Received from fans’ pies', value: formatMoney(totals.receivedCents) },
          { label: 'Funding fans', value: fans(data.fans), hint: 'whose pies have paid this artist' },
          { label: 'Released to your office', value: formatMoney(totals.releasedToOfficeCents) },
          { label: 'Waiting in escrow', value: formatMoney(totals.waitingInEscrowCents), hint: 'released once your office can receive transfers' },
          { label: 'Returned to fans', value: formatMoney(totals.returnedToFansCents), hint: 'refunds, disputes and expired escrow' },
        ]}
      />
      <Text data-testid="release-at-claim">
        {data.releaseAtClaim
          ? `When the claim was verified, ${formatMoney(data.releaseAtClaim.releasedCents)} from ${fans(data.releaseAtClaim.fans)} was waiting in escrow; it was released to your office on ${formatDate(data.releaseAtClaim.releasedAt)}.`
          : 'Nothing has been released from escrow to your office for this claim yet.'}
      </Text>

      <div>
        <Title order={3} size="h4" mb="xs">
          Money per month
        </Title>
        <MonthlyFundingChart months={data.months} />
        <TableScroll minWidth={520} label="Money per month (table)" mt="sm">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col" ta="right">Received</Table.Th>
                <Table.Th scope="col" ta="right">Released to your office</Table.Th>
                <Table.Th scope="col" ta="right">Funding fans</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...data.months].reverse().map((month) => (
                <Table.Tr key={month.month}>
                  <Table.Th scope="row">{month.month}</Table.Th>
                  <Table.Td ta="right">{formatMoney(month.receivedCents)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(month.releasedToOfficeCents)}</Table.Td>
                  <Table.Td ta="right">{fans(month.fans)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </div>

      <div>
        <Title order={3} size="h4" mb="xs">
          Where the money came from
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          By the country of each fan&apos;s streaming account; countries of fewer than 5 fans are counted together.
        </Text>
        <TableScroll minWidth={480} label="Money per listening country (table)">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Country</Table.Th>
                <Table.Th scope="col" ta="right">Received</Table.Th>
                <Table.Th scope="col" ta="right">Share</Table.Th>
                <Table.Th scope="col" ta="right">Fans</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.countries.map((row) => (
                <Table.Tr key={row.country ?? 'unknown'}>
                  <Table.Th scope="row">{row.country ? countryName(row.country) : 'Other countries or not known'}</Table.Th>
                  <Table.Td ta="right">{formatMoney(row.receivedCents)}</Table.Td>
                  <Table.Td ta="right">{shareOf(row.receivedCents, totals.receivedCents)}</Table.Td>
                  <Table.Td ta="right">{fans(row.fans)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </div>

      <div>
        <Title order={3} size="h4" mb="xs">
          Tracks fans paid for
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {`The listening each pie paid this artist for: ${formatListened(data.paidListeningMs)} in all. A track credited to several artists counts here for this artist's part.`}
        </Text>
        {data.tracks.length === 0 ? (
          <Text c="dimmed">No track of this artist is in the paid listening yet.</Text>
        ) : (
          <TableScroll minWidth={480} label="Tracks fans paid for (table)">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Track</Table.Th>
                  <Table.Th scope="col" ta="right">Paid listening</Table.Th>
                  <Table.Th scope="col" ta="right">Share</Table.Th>
                  <Table.Th scope="col" ta="right">Fans</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.tracks.map((track) => (
                  <Table.Tr key={track.trackId}>
                    <Table.Th scope="row">{track.name}</Table.Th>
                    <Table.Td ta="right">{formatListened(track.listenedMs)}</Table.Td>
                    <Table.Td ta="right">{shareOf(track.listenedMs, data.paidListeningMs)}</Table.Td>
                    <Table.Td ta="right">{fans(track.fans)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </div>
    </Stack>
  );
}
