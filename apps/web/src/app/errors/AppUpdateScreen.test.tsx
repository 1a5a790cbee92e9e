import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { AppUpdateScreen } from './AppUpdateScreen';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/funds.route-x1.js');

let reload: ReturnType<typeof vi.fn<() => void>>;
let deleted: string[];

beforeEach(() => {
  vi.useFakeTimers();
  reload = vi.fn<() => void>();
  vi.spyOn(browserLocation, 'reload').mockImplementation(reload);
  deleted = [];
  vi.stubGlobal('caches', {
    keys: vi.fn(async () => ['pie-offline-abc', 'workbox-precache-old']),
    delete: vi.fn(async (key: string) => {
      deleted.push(key);
      return true;
    }),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderScreen(error: unknown) {
  return render(
    <MantineProvider>
      <AppUpdateScreen error={error} />
    </MantineProvider>,
  );
}

describe('the app update screen', () => {
  it('switches to refreshing at once on a chunk-load error, with the progress bar', () => {
    renderScreen(chunkError());

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Updating App...');
    expect(screen.getByText('The app is being updated automatically. Please wait...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Updating the app' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('after exactly one second clears every browser cache, then reloads the page', async () => {
    renderScreen(chunkError());

    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(reload).not.toHaveBeenCalled();
    expect(deleted).toEqual([]);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(deleted).toEqual(['pie-offline-abc', 'workbox-precache-old']);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within a minute of its own reload: it waits for Refresh Now, which acts at once', async () => {
    sessionStorage.setItem('pie:app-refresh-at', String(Date.now() - 5_000));
    renderScreen(chunkError());

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('App Update Required');
    expect(screen.getByText('The app has been updated and will refresh automatically.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(deleted).toEqual(['pie-offline-abc', 'workbox-precache-old']);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Updating App...');
  });

  it('refreshes on its own again once a minute has passed', async () => {
    sessionStorage.setItem('pie:app-refresh-at', String(Date.now() - 61_000));
    renderScreen(chunkError());

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('for any other error asks to refresh the app, and does so only when asked, at once', async () => {
    renderScreen(new Error('Unexpected token < in JSON'));

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('App Update Required');
    expect(screen.getByText('Something went wrong. Please refresh the app.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh App' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(deleted).toHaveLength(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still reloads where the browser has no CacheStorage', async () => {
    vi.stubGlobal('caches', undefined);
    renderScreen(chunkError());

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
