import { describe, expect, it } from 'vitest';
import { relativeTime, syncResultMessage, syncStatus, type ListeningConnection } from './sync-status';

const now = new Date('2026-03-28T12:00:00Z');
const connection = (overrides: Partial<ListeningConnection>): ListeningConnection => ({
  status: 'connected',
  broken_reason: null,
  last_synced_at: null,
  next_sync_at: null,
  last_played_at: null,
  ...overrides,
});

describe('the sync status the fan reads', () => {
  it('connected: last and next sync, and Sync now', () => {
    const view = syncStatus(connection({ last_synced_at: '2026-03-28T11:55:00Z', next_sync_at: '2026-03-28T12:40:00Z' }), now);
    expect(view).toEqual({
      tone: 'connected',
      badge: 'Connected',
      title: 'Spotify is connected',
      details: ['Last synced 5 minutes ago.', 'Next automatic sync in 40 minutes.'],
      canSync: true,
      connectLabel: null,
    });
  });

  it('connected but never synced', () => {
    expect(syncStatus(connection({}), now).details).toEqual(['Not synced yet: your latest plays arrive within minutes.']);
  });

  it('broken: the reason, what to do, and Reconnect', () => {
    const view = syncStatus(connection({ status: 'broken', broken_reason: 'Spotify access was revoked.', last_synced_at: '2026-03-27T12:00:00Z' }), now);
    expect(view.title).toBe('The Spotify connection is broken');
    expect(view.details).toEqual(['Spotify access was revoked.', 'Reconnect Spotify to sync again; the plays Pie already has are kept.', 'Last synced yesterday.']);
    expect(view.canSync).toBe(false);
    expect(view.connectLabel).toBe('Reconnect Spotify');
    expect(syncStatus(connection({ status: 'broken' }), now).details[0]).toBe('Spotify no longer accepts Pie’s access to your account.');
  });

  it('disconnected and never connected: Connect Spotify, no Sync now', () => {
    const off = syncStatus(connection({ status: 'disconnected', last_synced_at: '2026-03-28T09:00:00Z' }), now);
    expect(off.title).toBe('Spotify is disconnected');
    expect(off.details).toContain('Last synced 3 hours ago.');
    expect(off.connectLabel).toBe('Connect Spotify');
    const never = syncStatus(connection({ status: 'not-connected' }), now);
    expect(never).toMatchObject({ badge: 'Not connected', title: 'Spotify is not connected', canSync: false, connectLabel: 'Connect Spotify' });
  });

  it('says times relative to now', () => {
    expect(relativeTime('2026-03-28T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-03-28T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-03-25T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-03-28T12:20:00Z', now)).toBe('in 20 minutes');
  });

  it('words the outcome of Sync now, preferring the server’s message', () => {
    expect(syncResultMessage({ fetched: 3, inserted: 3, last_played_at: null, deferred: false }, '3 new play(s) synced.')).toBe('3 new play(s) synced.');
    expect(syncResultMessage({ fetched: 3, inserted: 1, last_played_at: null, deferred: false })).toBe('1 new play synced.');
    expect(syncResultMessage({ fetched: 0, inserted: 0, last_played_at: null, deferred: false })).toBe('You are up to date.');
    expect(syncResultMessage({ fetched: 0, inserted: 0, last_played_at: null, deferred: true, retry_after_seconds: 30 })).toBe(
      'Spotify asked us to slow down; your listening will sync automatically in about 30 s.',
    );
  });
});
