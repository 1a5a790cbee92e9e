import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { renderApp } from '@web/test/render';
import { AppErrorBoundary } from './AppErrorBoundary';
import { lazyRoute } from './chunk-errors';
import { RouteErrorBoundary } from './RouteErrorBoundary';

let consoleError: { mock: { calls: unknown[][] } };
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(browserLocation, 'reload').mockImplementation(() => {});
});

function Crash(): never {
  throw new Error('The pie chart exploded');
}

/** A route table shaped like the app's: a root, an area layout, its screens. */
function renderRoutes(screens: RouteObject[], path: string) {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <div>
          <header>Area header</header>
          <main>
            <Outlet />
          </main>
        </div>
      ),
      errorElement: <RouteErrorBoundary scope="area" />,
      children: [{ errorElement: <RouteErrorBoundary scope="screen" />, children: screens }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe("the router's default error screen", () => {
  it("shows 'Unexpected Application Error!' with 404 and 'No route matches URL' for an unmatched URL", async () => {
    renderRoutes([{ path: 'known', element: <p>known</p> }], '/not/a/route');

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('404 Not Found');
    expect(screen.getByText('No route matches URL "/not/a/route"')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('shows 405 Method Not Allowed when a form is sent to a screen without an action', async () => {
    const router = renderRoutes([{ path: 'help', element: <p>Help</p> }], '/help');
    await screen.findByText('Help');

    await act(() => router.navigate('/help', { formMethod: 'post', formData: new FormData() }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('405 Method Not Allowed');
    expect(screen.getByText(/You made a POST request to "\/help" but did not provide an `action`/)).toBeTruthy();
    // A routing error inside an area keeps the area's header.
    expect(screen.getByText('Area header')).toBeTruthy();
  });

  it('shows 400 Bad Request for a submission the router cannot encode', async () => {
    const router = renderRoutes([{ path: 'help', element: <p>Help</p> }], '/help');
    await screen.findByText('Help');

    await act(() => router.navigate('/help', { formMethod: 'get', formEncType: 'application/json', body: { a: 1 } }));

    expect(await screen.findByRole('heading', { level: 2, name: '400 Bad Request' })).toBeTruthy();
    expect(screen.getByText('Unable to encode submission body')).toBeTruthy();
  });

  it('shows the message when an area itself fails', async () => {
    const routes: RouteObject[] = [
      { path: '/', element: <Crash />, errorElement: <RouteErrorBoundary scope="area" /> },
    ];
    render(
      <MantineProvider>
        <RouterProvider router={createMemoryRouter(routes)} />
      </MantineProvider>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('The pie chart exploded');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('in the real app, a form sent to a page without an action gives the 405 screen inside the layout', async () => {
    const { router } = renderApp('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    await act(() => router.navigate('/privacy-policy', { formMethod: 'post', formData: new FormData() }));

    expect(await screen.findByRole('heading', { level: 2, name: '405 Method Not Allowed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pie home' }).getAttribute('href')).toBe('/');
  });
});

describe('the route error page', () => {
  it("says 'Something went wrong' when a screen fails, keeps the area around it and reports to the console", async () => {
    renderRoutes([{ path: 'pie', element: <Crash /> }], '/pie');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText("We're sorry, but an error occurred. Our team has been notified and we're working to fix it."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Area header')).toBeTruthy();
    const reports = consoleError.mock.calls.filter((call) => String(call[0]).startsWith('[Pie] Error'));
    expect(reports.length).toBeGreaterThan(0);
    expect(reports[0]![1]).toMatchObject({ severity: 'Error', message: 'The pie chart exploded', source: 'route' });
  });

  it('shows the app update screen when a screen’s code fails to load, and refreshes after a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoutes(
        [
          {
            path: 'funds',
            lazy: lazyRoute(() =>
              Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/funds-1.js')),
            ),
          },
        ],
        '/funds',
      );

      expect(await screen.findByRole('heading', { level: 1, name: 'Updating App...' })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      await waitFor(() => expect(browserLocation.reload).toHaveBeenCalledTimes(1));
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers 'Refresh App' when code fails to load in a way the spec's list does not name", async () => {
    renderRoutes(
      [{ path: 'funds', lazy: lazyRoute(() => Promise.reject(new TypeError('Importing a module script failed.'))) }],
      '/funds',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'App Update Required' })).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please refresh the app.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh App' })).toBeTruthy();
  });
});

describe('the general error boundary', () => {
  it('shows the general error screen and reports the error with its component stack, at severity Error, to the console', () => {
    render(
      <MantineProvider>
        <AppErrorBoundary>
          <section>
            <Crash />
          </section>
        </AppErrorBoundary>
      </MantineProvider>,
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(
      screen.getByText("We're sorry, but an error occurred. Our team has been notified and we're working to fix it."),
    ).toBeTruthy();
    const report = consoleError.mock.calls.find((call) => call[0] === '[Pie] Error: The pie chart exploded')?.[1] as
      | { severity: string; componentStack?: string; source: string; error: unknown }
      | undefined;
    expect(report).toBeDefined();
    expect(report!.severity).toBe('Error');
    expect(report!.source).toBe('error-boundary');
    expect(report!.componentStack).toMatch(/Crash/);
    expect(report!.error).toBeInstanceOf(Error);
  });

  it("'Go to Homepage' resets the boundary and loads the homepage", () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    let explode = true;
    function Maybe() {
      if (explode) throw new Error('once');
      return <p>Recovered</p>;
    }
    render(
      <MantineProvider>
        <AppErrorBoundary>
          <Maybe />
        </AppErrorBoundary>
      </MantineProvider>,
    );

    explode = false;
    const button = screen.getByRole('link', { name: 'Go to Homepage' });
    expect(button.getAttribute('href')).toBe('/');
    fireEvent.click(button);

    expect(assign).toHaveBeenCalledWith('/');
    expect(screen.getByText('Recovered')).toBeTruthy();
  });

  it('sends nothing over the network when it reports', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const beacon = vi.fn();
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    render(
      <MantineProvider>
        <AppErrorBoundary>
          <Crash />
        </AppErrorBoundary>
      </MantineProvider>,
    );

    expect(fetchSpy).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });
});
