import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../ui';

// The chart library is loaded with the first chart, not with the back office.
const DailyChart = lazy(() => import('./MoneyCharts').then((module) => ({ default: module.DailyMoneyChart })));
const FlowChart = lazy(() => import('./MoneyCharts').then((module) => ({ default: module.MoneyFlowChart })));

export function LazyDailyMoneyChart({ series }: { series: Record<string, number | string>[] }) {
  return (
    <Suspense fallback={<LoadingBlock label="Drawing the chart…" />}>
      <DailyChart series={series} />
    </Suspense>
  );
}

export function LazyMoneyFlowChart({ links }: { links: { from: string; to: string; cents: number }[] }) {
  return (
    <Suspense fallback={<LoadingBlock label="Drawing the chart…" />}>
      <FlowChart links={links} />
    </Suspense>
  );
}
