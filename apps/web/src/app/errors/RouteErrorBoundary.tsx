import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AppUpdateScreen } from './AppUpdateScreen';
import { isChunkLoadError, isCodeLoadFailure } from './chunk-errors';
import { GeneralErrorScreen } from './GeneralErrorScreen';
import { reportClientError } from './report-error';
import { RouterDefaultError } from './RouterDefaultError';

/** Error screens outside an area's layout still need the page's main landmark. */
function Standalone({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </main>
  );
}

/**
 * The router's error element, one for every level:
 * - code that failed to load → the app update screen (a chunk-load error refreshes itself);
 * - a routing error (404 'No route matches URL', 405, 400) → 'Unexpected Application Error!';
 * - an area whose layout failed → 'Unexpected Application Error!' with the message;
 * - a screen that failed inside its area → the route error page, 'Something went wrong',
 *   with the area's header still around it.
 */
export function RouteErrorBoundary({ scope }: { scope: 'app' | 'area' | 'screen' }) {
  const error = useRouteError();

  useEffect(() => {
    reportClientError(error, { source: 'route' });
  }, [error]);

  let screen: ReactNode;
  if (isChunkLoadError(error) || isCodeLoadFailure(error)) screen = <AppUpdateScreen error={error} />;
  else if (isRouteErrorResponse(error) || scope !== 'screen') screen = <RouterDefaultError error={error} />;
  else screen = <GeneralErrorScreen />;

  return scope === 'screen' ? screen : <Standalone>{screen}</Standalone>;
}
