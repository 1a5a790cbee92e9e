import { createMemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { allRoutes as routes } from './all-routes';
import { discoverAreaRoutes, fanAreaRoutes, rootRoutes } from './router';
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

describe('the artist and admin route tables, loaded on the first visit', () => {
  /** The router as the app makes it (fan table only), started at `path`, once it has settled. */
  async function settledRouter(path: string) {
    const router = createMemoryRouter(rootRoutes(fanAreaRoutes), {
      initialEntries: [path],
      patchRoutesOnNavigation: discoverAreaRoutes(),
    });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    return router;
  }
  const leafPath = (router: Awaited<ReturnType<typeof settledRouter>>) =>
    router.state.matches.map((match) => match.route.path ?? '').filter(Boolean).join(' > ');

  it('starts with the fan area alone', () => {
    expect(matchRoutes(rootRoutes(fanAreaRoutes), '/for-artists/login')!.at(-1)!.route.path).toBe('*');
  });

  it.each([
    ['/for-artists/login', '/for-artists > login'],
    ['/auth/for-artists/verify-email/abc', '/auth/for-artists > verify-email/:token'],
    ['/admin/claims', '/admin > claims'],
    ['/admin/no/such/page', '/admin > *'],
  ])('adds the area of %s when a page of it opens first', async (path, expected) => {
    const router = await settledRouter(path);
    expect(leafPath(router)).toBe(expected);
    router.dispose();
  });

  it('loads an area once, and leaves the fan area as it was', async () => {
    const router = await settledRouter('/login');
    expect(leafPath(router)).toBe('/ > login');
    await router.navigate('/for-artists/login');
    await router.navigate('/for-artists/register');
    expect(leafPath(router)).toBe('/for-artists > register');
    const artistAreas = router.routes[0]!.children!.filter((route) => route.path === '/for-artists');
    expect(artistAreas).toHaveLength(1);
    await router.navigate('/artist/some-id');
    expect(leafPath(router)).toBe('/ > artist/:id');
    router.dispose();
  });

  it('adds an area whose first navigation was overtaken by another', async () => {
    const router = await settledRouter('/login');
    const overtaken = router.navigate('/admin/claims');
    await router.navigate('/login?again');
    await overtaken;
    expect(leafPath(router)).toBe('/ > login');
    await router.navigate('/admin/claims');
    expect(leafPath(router)).toBe('/admin > claims');
    router.dispose();
  });
});

describe('the first load of a lazily added area', () => {
  it.each(['/for-artists/login', '/admin'])('%s shows a spinner while its area loads, without React Router warning that nothing could be shown', async (path) => {
    const { render, screen } = await import('@testing-library/react');
    const { AppRoot } = await import('./AppRoot');
    const { makeStore } = await import('./store');
    const warn = vi.spyOn(console, 'warn');
    const router = createMemoryRouter(rootRoutes(fanAreaRoutes), { initialEntries: [path], patchRoutesOnNavigation: discoverAreaRoutes() });
    render(<AppRoot store={makeStore({ artistSession: { status: 'anonymous', redirectTo: null }, adminSession: { status: 'anonymous', redirectTo: null } })} router={router} />);
    await screen.findByRole('heading', { level: 1 });
    expect(warn.mock.calls.flat().filter((message) => String(message).includes('HydrateFallback'))).toEqual([]);
  });
});
