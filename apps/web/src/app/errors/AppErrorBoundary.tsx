import { Component, type ErrorInfo, type ReactNode } from 'react';
import { browserLocation } from '@web/shared/browser';
import { AppUpdateScreen } from './AppUpdateScreen';
import { isChunkLoadError, isCodeLoadFailure } from './chunk-errors';
import { GeneralErrorScreen } from './GeneralErrorScreen';
import { reportClientError } from './report-error';

interface State {
  error: { value: unknown } | null;
}

/**
 * The general error boundary around the whole app (spec §4): normal, then the
 * error screen. It reports the exception with React's component stack at
 * severity Error, to the console only. 'Go to Homepage' resets it and loads /.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: { value: error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportClientError(error, { componentStack: info.componentStack, source: 'error-boundary' });
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const screen =
      isChunkLoadError(error.value) || isCodeLoadFailure(error.value) ? (
        <AppUpdateScreen error={error.value} />
      ) : (
        <GeneralErrorScreen
          onGoHome={() => {
            this.reset();
            browserLocation.assign('/');
          }}
        />
      );
    return (
      <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        {screen}
      </main>
    );
  }
}
