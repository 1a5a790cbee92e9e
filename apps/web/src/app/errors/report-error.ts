/** What the client reports about an error: frontend telemetry is off, so it goes to the console only (spec §4). */
export interface ClientErrorReport {
  severity: 'Error';
  message: string;
  error: unknown;
  /** React's component stack, when a React error boundary caught the error. */
  componentStack?: string;
  /** Which boundary caught it. */
  source: 'error-boundary' | 'route';
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Reports an exception at severity Error, to the console and nowhere else. */
export function reportClientError(
  error: unknown,
  { componentStack, source }: { componentStack?: string | null; source: ClientErrorReport['source'] },
): ClientErrorReport {
  const report: ClientErrorReport = {
    severity: 'Error',
    message: messageOf(error),
    error,
    source,
    ...(componentStack ? { componentStack } : {}),
  };
  console.error(`[Pie] ${report.severity}: ${report.message}`, report);
  return report;
}
