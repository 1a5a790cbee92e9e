import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DASHBOARD_MONEY_DAYS, RECONCILIATION_TYPES, type AdminProfile, type ReconciliationResult } from '#pie/contracts';
import { errorMessage } from '@web/shared/api';
import { formatMoney } from '@web/shared/format';
import { DataTable, PageFrame, QueryState, Section, StatList, StatListPlaceholder } from '@web/shared/ui';
import { AuditLogSection, DailyMoneyChart, DailyMoneyChartPlaceholder, useReconciliationRunQuery, useRecordOfQuery, useRunCheckMutation } from '@web/shared/back-office';

type DashboardStats = {
  fans: number;
  livePies: number;
  artistUsers: number;
  offices: number;
  claimsByStatus: Partial<Record<string, number>>;
  money: { fanWalletsCents: number; escrowCents: number; officeEarningsCents: number };
};

/** "Today"'s figures, each with its label: the labels are drawn while the figures load. */
const TODAY: [string, (stats: DashboardStats) => string][] = [
  ['Fans', (stats) => String(stats.fans)],
  ['Live pies', (stats) => String(stats.livePies)],
  ['Artist users', (stats) => String(stats.artistUsers)],
  ['Offices', (stats) => String(stats.offices)],
  ['Claims pending', (stats) => String((stats.claimsByStatus.pending ?? 0) + (stats.claimsByStatus.verifying ?? 0))],
  ['In fan wallets', (stats) => formatMoney(stats.money.fanWalletsCents)],
  ['In escrow', (stats) => formatMoney(stats.money.escrowCents)],
  ['Office earnings', (stats) => formatMoney(stats.money.officeEarningsCents)],
];

/** /admin/dashboard: the platform at a glance — people and money, health, the reconciliation, the audit log. */
export function AdminDashboardPage({ admin }: { admin: AdminProfile }) {
  const stats = useRecordOfQuery('dashboard/stats');
  const health = useRecordOfQuery('dashboard/health');
  const financial = useRecordOfQuery('dashboard/financial');
  return (
    <PageFrame title={`Welcome, ${admin.name}`} documentTitle="Dashboard" site="Pie admin" width="full" description={`Signed in as ${admin.email}`}>
      <Section title="Today">
        <QueryState
          query={stats}
          loading="Loading the figures…"
          placeholder={<StatListPlaceholder cols={4} labels={TODAY.map(([label]) => label)} label="Loading the figures…" />}
          errorFallback="We could not load the figures"
        >
          {(data: DashboardStats) => <StatList cols={4} stats={TODAY.map(([label, value]) => ({ label, value: value(data) }))} />}
        </QueryState>
      </Section>
      <Section title="Money per day" description={`The last ${DASHBOARD_MONEY_DAYS} days: paid in, into escrow, released to offices, transferred to Stripe and paid out.`}>
        <QueryState
          query={financial}
          loading="Loading the chart…"
          placeholder={<DailyMoneyChartPlaceholder days={DASHBOARD_MONEY_DAYS} label="Loading the chart…" />}
          errorFallback="We could not load the money per day" isEmpty={(data) => data.series.length === 0} empty={`No money has moved in the last ${DASHBOARD_MONEY_DAYS} days.`}>
          {(data) => <DailyMoneyChart series={data.series} />}
        </QueryState>
      </Section>
      <Section title="Health">
        <QueryState query={health} loading="Checking the platform…" errorFallback="We could not check the platform">
          {(data) => (
            <Stack gap="sm">
              <Text>{`${data.readiness?.ready ? 'Ready' : 'Not ready'} (what /api/health/ready answers) · queues on ${data.readiness?.queues.backend ?? '—'} ${data.readiness?.queues.ok ? 'up' : 'down'}`}</Text>
              <Text>{`Database ${data.database ? 'up' : 'down'} · worker ${data.worker.alive ? `alive (${data.worker.secondsSinceHeartbeat} s ago)` : 'not heard from'} · outbox ${data.outbox.unpublished} waiting (${data.outbox.lagSeconds} s behind) · ${data.deadJobs} dead job(s)`}</Text>
              <DataTable
                name="Queues"
                minWidth={420}
                rows={data.queues as { name: string; depth: number | null; failed: number | null; dead: number }[]}
                rowKey={(queue) => queue.name}
                columns={[
                  { label: 'Queue', render: (queue) => queue.name },
                  { label: 'Waiting', render: (queue) => queue.depth ?? '—' },
                  { label: 'Failed', render: (queue) => queue.failed ?? '—' },
                  { label: 'Dead', render: (queue) => queue.dead },
                ]}
              />
            </Stack>
          )}
        </QueryState>
      </Section>
      <ReconciliationSection />
      <AuditLogSection />
    </PageFrame>
  );
}

/** Runs the six reconciliation checks and shows each result, with the rows that break a failing one. */
function ReconciliationSection() {
  const [run, running] = useRunCheckMutation();
  const [results, setResults] = useState<ReconciliationResult[]>([]);
  const [error, setError] = useState<string | null>(null);
  const runAll = async () => {
    setError(null);
    // A new run starts from nothing: the last run's results would read as this run's.
    setResults([]);
    const done: ReconciliationResult[] = [];
    try {
      for (const type of RECONCILIATION_TYPES) {
        done.push(await run(type).unwrap());
        setResults([...done]);
      }
    } catch (failure) {
      setError(errorMessage(failure, 'A check could not run'));
    }
  };
  return (
    <Section title="Reconciliation" description="Proves the books: journals balance, balances recompute, escrow matches the pies, no wallet is negative, Stripe agrees, no key twice.">
      <Stack gap="sm" align="flex-start">
        <Button onClick={() => void runAll()} loading={running.isLoading}>
          Run every check
        </Button>
        {error && (
          <Text role="alert" c="red">
            {error}
          </Text>
        )}
        <Stack gap={4} aria-live="polite">
          {results.map((result) => (result.status === 'running' && result.runId ? <RunningCheck key={result.type} runId={result.runId} /> : <CheckResult key={result.type} result={result} />))}
        </Stack>
      </Stack>
    </Section>
  );
}

function CheckResult({ result }: { result: ReconciliationResult }) {
  if (result.status === 'failed') {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color="orange" variant="light">
          could not run
        </Badge>
        <Text size="sm">{`${result.type}: ${result.progress ?? 'the check failed'}`}</Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Badge color={result.ok ? 'teal' : 'red'} variant="light">
        {result.ok ? 'pass' : 'fail'}
      </Badge>
      <Text size="sm">{`${result.type}${result.ok ? '' : `: ${result.violations} row(s) — ${(result.rows ?? []).slice(0, 3).join('; ')}`}`}</Text>
    </Group>
  );
}

/** The provider check runs as a job on the worker: its progress, read every second until it is done. */
function RunningCheck({ runId }: { runId: string }) {
  const [stopped, setStopped] = useState(false);
  const { data, error } = useReconciliationRunQuery(runId, { pollingInterval: stopped ? 0 : 1000 });
  const finished = data && data.status !== 'running';
  useEffect(() => {
    if (finished) setStopped(true);
  }, [finished]);
  if (error) {
    return (
      <Text role="alert" c="red" size="sm">
        {errorMessage(error, 'The provider check could not be followed')}
      </Text>
    );
  }
  if (data && finished) return <CheckResult result={data} />;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Badge color="grape" variant="light">
        running
      </Badge>
      <Text size="sm">{`provider: ${data?.progress ?? 'starting'}`}</Text>
    </Group>
  );
}
