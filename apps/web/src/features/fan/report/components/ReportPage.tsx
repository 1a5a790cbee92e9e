import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /report: where the fan's money went, period by period. */
export function ReportPage() {
  return (
    <PageFrame title="Report" description="Where every cent of your pies went, period by period.">
      <EmptyState title="No reports yet">
        When a pie period ends, its report shows each artist&apos;s share, the fees, and what is waiting in escrow for
        artists who have not joined Pie yet.
      </EmptyState>
    </PageFrame>
  );
}
