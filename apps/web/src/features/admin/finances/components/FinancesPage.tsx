import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { FINANCE_PERIODS, type AdminMoneyFigures } from '#pie/contracts';
import { formatDateTime, formatMoney } from '@web/shared/format';
import { AfterFirstAnswers, DataTable, PageFrame, QueryState, Section, StatList } from '@web/shared/ui';
import { AdminList, AdminRefLink, ConfirmAction, MoneyFlowChart, useRecordOfQuery } from '@web/shared/back-office';
import { OpenBooksSection } from './OpenBooksSection';

/** Each figure of `GET finances`, in the order money moves (one definition each on the server: billing's and payouts' figures). */
const FIGURES: [keyof AdminMoneyFigures, string][] = [
  ['paidInCents', 'Paid in by fans'],
  ['cardFeesCents', 'Stripe card fees (on fans’ payments)'],
  ['pieFeesCents', 'Pie fees'],
  ['intoWalletsCents', 'Into fans’ wallets'],
  ['promotionsCents', 'Free promotions'],
  ['givenToArtistsCents', 'Given to artists (into escrow)'],
  ['releasedCents', 'Released to offices'],
  ['returnedFromEscrowCents', 'Returned to fans from escrow'],
  ['transferredCents', 'Transferred to offices’ Stripe accounts'],
  ['paidOutCents', 'Paid out to banks'],
  ['connectFeesCents', 'Stripe Connect fees (offices’ payouts, monthly account fee)'],
  ['refundedCents', 'Refunded to fans’ cards'],
  ['disputeFeesCents', 'Stripe dispute fees'],
  ['givenBackCents', 'Given back by offices'],
];

/** /admin/finances: the money over a period, where it went, the escrow oldest first and its payouts. */
export function FinancesPage() {
  const [period, setPeriod] = useState<string>('30d');
  const finances = useRecordOfQuery(`finances?period=${period}`);
  const flow = useRecordOfQuery('transactions/flow');
  const books = useRecordOfQuery('open-books');
  return (
    <PageFrame title="Finances" site="Pie admin" width="full" description="What fans paid, where it went, and what waits in escrow.">
      <AfterFirstAnswers queries={[finances, books, flow]} label="Loading the finances…">
        <Section title="Money over a period" actions={<NativeSelect aria-label="Period" value={period} data={[...FINANCE_PERIODS]} onChange={(event) => setPeriod(event.currentTarget.value)} />}>
          <QueryState query={finances} loading="Loading the figures…" errorFallback="We could not load the figures">
            {(data) => <StatList cols={3} stats={FIGURES.map(([key, label]) => ({ label, value: formatMoney(data[key] ?? 0) }))} />}
          </QueryState>
        </Section>
        <OpenBooksSection />
        <Section title="Where the money went (last 30 days)">
          <QueryState query={flow} loading="Loading the flow…" errorFallback="We could not load the flow">
            {(data) => (
              <>
              <MoneyFlowChart links={data.links} />
              <DataTable
                name="Money flow"
                minWidth={420}
                rows={data.links as { from: string; to: string; cents: number }[]}
                rowKey={(link) => `${link.from}-${link.to}`}
                columns={[
                  { label: 'From', render: (link) => link.from },
                  { label: 'To', render: (link) => link.to },
                  { label: 'Amount', align: 'right', render: (link) => formatMoney(link.cents) },
                ]}
              />
              </>
            )}
          </QueryState>
        </Section>
        <Section title="Escrow payouts" description="Releases what can be released to offices and sends the transfers that are due. Safe to run twice.">
          <ConfirmAction
            label="Process escrow payouts"
            title="Process escrow payouts?"
            text="Every claimed artist's escrow goes to its office where the office can receive transfers, and due transfers are sent to Stripe."
            request={{ method: 'POST', path: 'escrow/process-payouts' }}
            confirmLabel="Process"
          />
        </Section>
        <AdminList
          title="Escrow"
          path="escrow"
          searchLabel={null}
          linkTo={(row) => `/admin/artists/${row.artistId}`}
          emptyText="Nothing waits in escrow."
          columns={[
            { key: 'artistName', label: 'Artist' },
            { key: 'balanceCents', label: 'Held', align: 'right', render: (row) => formatMoney(row.balanceCents) },
            { key: 'oldestAt', label: 'Oldest money', render: (row) => (row.oldestAt ? formatDateTime(row.oldestAt) : '—') },
            { key: 'claimedBy', label: 'Claimed by', render: (row) => (row.claimedBy ? <AdminRefLink value={{ type: 'office', id: row.claimedBy, name: row.claimedByName }} /> : 'nobody yet') },
          ]}
        />
      </AfterFirstAnswers>
    </PageFrame>
  );
}
