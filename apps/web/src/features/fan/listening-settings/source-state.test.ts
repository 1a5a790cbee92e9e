import type { ListeningSourceState } from '#pie/contracts';
import { describe, expect, it } from 'vitest';
import { sourceView } from './source-state';

const state = (overrides: Partial<ListeningSourceState>): ListeningSourceState => ({
  source: 'lastfm',
  status: 'not-connected',
  user_name: null,
  broken_reason: null,
  backfill: null,
  last_polled_at: null,
  next_sync_at: null,
  ...overrides,
});

describe('sourceView', () => {
  it('offers to connect a source never connected, and nothing to disconnect', () => {
    expect(sourceView(state({}))).toMatchObject({ badge: 'Not connected', canConnect: true, canDisconnect: false, progress: null, details: [] });
  });

  it('shows a back-fill with the listens read and its share done', () => {
    const view = sourceView(state({ status: 'backfilling', user_name: 'robin', backfill: { listens: 12_400, percent: 37 } }));
    expect(view).toMatchObject({ badge: 'Reading your history', tone: 'working', progress: 37, canConnect: false, canDisconnect: true });
    expect(view.details).toEqual(['Last.fm account: robin', '12,400 listens read so far (37%)']);
  });

  it('shows a connected source with its last and next read', () => {
    const view = sourceView(state({ status: 'connected', user_name: 'robin', last_polled_at: '2026-03-01T10:00:00.000Z', next_sync_at: '2026-03-01T11:00:00.000Z' }));
    expect(view.badge).toBe('Connected');
    expect(view.details[0]).toBe('Last.fm account: robin');
    expect(view.details[1]).toMatch(/^Last read /);
    expect(view.details[2]).toMatch(/^Next read /);
  });

  it('shows a broken source with the reason, and lets the fan connect again', () => {
    const view = sourceView(state({ source: 'listenbrainz', status: 'broken', user_name: 'robin', broken_reason: 'ListenBrainz no longer accepts the token.' }));
    expect(view).toMatchObject({ badge: 'Needs attention', tone: 'broken', canConnect: true, canDisconnect: true });
    expect(view.details).toEqual(['ListenBrainz account: robin', 'ListenBrainz no longer accepts the token.']);
  });
});
