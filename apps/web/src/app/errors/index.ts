export { isChunkLoadError, isCodeLoadFailure, lazyRoute, markCodeLoadFailure } from './chunk-errors';
export { refreshApp, clearBrowserCaches, mayRefreshAutomatically, AUTO_REFRESH_DELAY_MS } from './refresh-app';
export { reportClientError, type ClientErrorReport } from './report-error';
export { AppUpdateScreen, UPDATE_TEXTS } from './AppUpdateScreen';
export { GeneralErrorScreen, GENERAL_ERROR_TITLE, GENERAL_ERROR_BODY, GO_TO_HOMEPAGE } from './GeneralErrorScreen';
export { RouterDefaultError, ROUTER_ERROR_TITLE, describeRouteError } from './RouterDefaultError';
export { RouteErrorBoundary } from './RouteErrorBoundary';
export { AppErrorBoundary } from './AppErrorBoundary';
