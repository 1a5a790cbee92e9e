import type { PieWithPeriods } from '#pie/contracts';
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { DataTable, EmptyTable, PageFrame, PageLoader, Section } from '@web/shared/ui';
import { useGetFanPiesQuery } from '../api/pies.api';
import { usePieStatus } from '@web/shared/pies';
import { formatDate, formatMoney } from '@web/shared/format';

const STATE_LABEL = { open: 'Running', closing: 'Closing', closed: 'Closed' } as const;

/** /my-pies: every pie the fan has funded, its periods, and a statement for each closed one. */
export function MyPiesPage({ fanId }: { fanId: string | undefined }) {
  const pies = useGetFanPiesQuery(fanId ?? '', { skip: !fanId });
  return (
    <PageFrame title="My pies" description="Every pie you have funded, and how each period was split.">
      {!fanId || pies.isLoading ? (
        <PageLoader />
      ) : pies.isError ? (
        <Alert color="red" role="alert" title="Your pies could not be loaded">
          {errorMessage(pies.error, 'Please try again.')}
        </Alert>
      ) : !pies.data || pies.data.length === 0 ? (
        <EmptyTable
          caption="Your pies"
          columns={['Period', 'Amount', 'Artists', 'Status']}
          emptyTitle="No pies yet"
          emptyText="Your pies appear here once you have funded one, with how each one was split among your artists."
        />
      ) : (
        <Stack gap="xl">
          {pies.data.map((pie, index) => (
            <PieCard key={pie.id} pie={pie} number={index + 1} />
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

/**
 * When a pie started: its first period's start. A pie whose periods were back-dated (a renewal on
 * a test clock, the demo data) would otherwise say it started after its own first periods.
 */
function pieStartedAt(pie: PieWithPeriods): string {
  return pie.periods.reduce((earliest, period) => (period.startsAt < earliest ? period.startsAt : earliest), pie.createdAt);
}

function PieCard({ pie, number }: { pie: PieWithPeriods; number: number }) {
  const status = usePieStatus(pie);
  return (
    <Section
      // Numbered in the list's order: two pies with the same settings still get different landmark names.
      title={`Pie ${number}: ${formatMoney(pie.settings.amountCents)} every ${pie.settings.pieDays} days, started ${formatDate(pieStartedAt(pie))}`}
      actions={
        <Group gap="xs">
          <Badge variant="light" color={status.ending || pie.status !== 'active' ? 'yellow' : undefined}>
            {status.label}
          </Badge>
          {pie.promo && <Badge color="grape" variant="light">Free promotion</Badge>}
          <Anchor component={Link} to={`/pie/${pie.id}`} size="sm">
            Public page
          </Anchor>
        </Group>
      }
    >
      <DataTable
        name="Periods"
        striped
        minWidth={560}
        rows={pie.periods}
        rowKey={(period) => period.id}
        columns={[
          { label: 'Period', render: (period) => `${formatDate(period.startsAt)} – ${formatDate(period.endsAt)}` },
          { label: 'Split', render: (period) => (period.distributedCents === null ? '—' : formatMoney(period.distributedCents)) },
          { label: 'Artists', render: (period) => period.artistCount ?? '—' },
          { label: 'State', render: (period) => (period.rolledOver ? (period.splitCents === 0 ? 'Nothing to split' : 'Rolled over') : STATE_LABEL[period.state]) },
          {
            label: 'Statement',
            render: (period) =>
              period.state === 'closed' ? (
                <Anchor component={Link} to={`/my-pies/statements/${period.id}`}>
                  {`Statement for ${formatDate(period.endsAt)}`}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  After it closes
                </Text>
              ),
          },
        ]}
      />
    </Section>
  );
}
