import type { RouteObject } from 'react-router';
import { adminAreaRoutes } from './admin-area.routes';
import { artistAreaRoutes } from './artist-area.routes';
import { fanAreaRoutes, rootRoutes } from './router';

/**
 * Every area's routes in one table, as the router holds them once each area has been visited:
 * for tests that match or render any path. The app itself loads the artist and admin tables
 * on demand (router.tsx).
 */
export const allRoutes: RouteObject[] = rootRoutes([...fanAreaRoutes, ...artistAreaRoutes, ...adminAreaRoutes]);
