import type { RouteObject } from 'react-router';
import { PageLoader } from '@web/shared/ui';
import { lazyRoute, RouteErrorBoundary } from './errors';

/**
 * An area whose layout loads on the first visit (artist, admin): the layout's module, a
 * spinner while it loads, and error elements at two levels: the area (its layout failed) and
 * its screens (inside the layout, so the header stays).
 */
export function lazyAreaRoute(path: string, layout: () => Promise<unknown>, screens: RouteObject[]): RouteObject {
  return {
    path,
    lazy: lazyRoute(layout) as RouteObject['lazy'],
    errorElement: <RouteErrorBoundary scope="area" />,
    hydrateFallbackElement: <PageLoader />,
    children: [{ errorElement: <RouteErrorBoundary scope="screen" />, children: screens }],
  };
}
