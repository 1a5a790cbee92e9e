import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { WEB_ROUTES } from './web-routes';

/** A path with its parameters filled in. */
function sample(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => `sample-${name}`);
}

/** The guard layouts (routes 'fan-guard', 'artist-guard', 'admin-guard') a path goes through. */
function guardsOf(path: string): string[] {
  return (matchRoutes(routes, sample(path)) ?? [])
    .map((match) => /^(fan|artist|admin)-guard$/.exec(match.route.id ?? '')?.[1])
    .filter((guard): guard is string => guard !== undefined);
}

describe('the route table', () => {
  it.each(WEB_ROUTES.map((route) => [route.path, route] as const))('serves %s with its own screen', (_path, route) => {
    const matches = matchRoutes(routes, sample(route.path));
    expect(matches).not.toBeNull();
    const leaf = matches!.at(-1)!.route;
    // Not the catch-all redirect of its area.
    expect(leaf.path).not.toBe('*');
    expect(leaf.lazy ?? leaf.element ?? leaf.Component).toBeDefined();
  });

  it.each(WEB_ROUTES.map((route) => [route.path, route.access] as const))(
    '%s is behind the guard of "%s"',
    (path, access) => {
      expect(guardsOf(path)).toEqual(access === 'open' ? [] : [access]);
    },
  );

  it.each([
    ['/no/such/page', '/'],
    ['/dashboard/extra', '/'],
    ['/for-artists/no/such/page', '/for-artists'],
    ['/for-artists/verification/myspace/success', '/for-artists'],
    ['/admin/no/such/page', '/admin/dashboard'],
  ])('sends the unknown %s to its area’s catch-all', (path) => {
    const leaf = matchRoutes(routes, path)!.at(-1)!.route;
    expect(leaf.path).toBe('*');
  });
});
