import type { RealtimeStats } from '#pie/contracts';
import { Alert } from '@mantine/core';
import { errorMessage } from '@web/shared/api';
import { PageLoader } from '@web/shared/ui';
import { SplitChart } from './SplitChart';

/** What a split preview reads of its `realtime-stats` query. */
interface SplitQuery {
  data?: RealtimeStats;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
}

/**
 * A split as its read stands: loading, why it could not be computed, or the chart; marked busy
 * while a new one is computed (the last chart stays meanwhile). /pie's live split and the create
 * modal's estimate both draw it.
 */
export function SplitPreview({ stats, errorFallback, estimateDays, testId }: { stats: SplitQuery; errorFallback: string; estimateDays: number | undefined; testId: string }) {
  return (
    <div aria-busy={stats.isFetching} data-testid={testId}>
      {stats.isLoading ? (
        <PageLoader />
      ) : stats.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(stats.error, errorFallback)}
        </Alert>
      ) : stats.data ? (
        <SplitChart artists={stats.data.artists} amountCents={stats.data.amountCents} estimateDays={estimateDays} />
      ) : null}
    </div>
  );
}
