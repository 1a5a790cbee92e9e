import { Stack, Text, Title } from '@mantine/core';
import type { ArtistInsightsView, MaskedCount } from '#pie/contracts';
import { countryName, formatDate, formatListened, formatMaskedCount, formatMoney, NOUNS } from '@web/shared/format';
import { DataTable, QueryState, Section, StatList } from '@web/shared/ui';
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
        <Stack gap="sm">
          <MonthlyFundingChart months={data.months} />
          <DataTable
            name="Money per month"
            minWidth={520}
            rows={[...data.months].reverse()}
            rowKey={(month) => month.month}
            columns={[
              { label: 'Month', render: (month) => month.month },
              { label: 'Received', align: 'right', render: (month) => formatMoney(month.receivedCents) },
              { label: 'Released to your office', align: 'right', render: (month) => formatMoney(month.releasedToOfficeCents) },
              { label: 'Funding fans', align: 'right', render: (month) => fans(month.fans) },
            ]}
          />
        </Stack>
      </div>

      <div>
        <Title order={3} size="h4" mb="xs">
          Where the money came from
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          By the country of each fan&apos;s streaming account; countries of fewer than 5 fans are counted together.
        </Text>
        <DataTable
          name="Money per listening country"
          rows={data.countries}
          rowKey={(row) => row.country ?? 'unknown'}
          columns={[
            { label: 'Country', render: (row) => (row.country ? countryName(row.country) : 'Other countries or not known') },
            { label: 'Received', align: 'right', render: (row) => formatMoney(row.receivedCents) },
            { label: 'Share', align: 'right', render: (row) => shareOf(row.receivedCents, totals.receivedCents) },
            { label: 'Fans', align: 'right', render: (row) => fans(row.fans) },
          ]}
        />
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
          <DataTable
            name="Tracks fans paid for"
            rows={data.tracks}
            rowKey={(track) => track.trackId}
            columns={[
              { label: 'Track', render: (track) => track.name },
              { label: 'Paid listening', align: 'right', render: (track) => formatListened(track.listenedMs) },
              { label: 'Share', align: 'right', render: (track) => shareOf(track.listenedMs, data.paidListeningMs) },
              { label: 'Fans', align: 'right', render: (track) => fans(track.fans) },
            ]}
          />
        )}
      </div>
    </Stack>
  );
}
