import type { ListeningActivity, SyncResult } from '#pie/contracts';
import { formatCount, NOUNS } from '@web/shared/format';

export type ListeningConnection = ListeningActivity['connection'];

export interface SyncStatusView {
  /** Badge colour and wording. */
  tone: 'connected' | 'broken' | 'off';
  badge: string;
  title: string;
  /** Sentences under the title. */
  details: string[];
  /** 'Sync now' makes sense only while connected. */
  canSync: boolean;
  /** 'Connect Spotify' or 'Reconnect Spotify', when the fan should (re)connect. */
  connectLabel: string | null;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "in 40 minutes", "yesterday"… */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const magnitude = Math.abs(seconds);
  if (magnitude < 45) return seconds <= 0 ? 'just now' : 'in a few seconds';
  if (magnitude < 45 * 60) return relative.format(Math.round(seconds / 60), 'minute');
  if (magnitude < 22 * 3600) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86_400), 'day');
}

/** What the fan reads about their streaming connection (status from `GET /api/user/activity`). */
export function syncStatus(connection: ListeningConnection, now: Date = new Date()): SyncStatusView {
  const lastSync = connection.last_synced_at ? `Last synced ${relativeTime(connection.last_synced_at, now)}.` : null;
  switch (connection.status) {
    case 'connected':
      return {
        tone: 'connected',
        badge: 'Connected',
        title: 'Spotify is connected',
        details: [
          lastSync ?? 'Not synced yet: your latest plays arrive within minutes.',
          ...(connection.next_sync_at ? [`Next automatic sync ${relativeTime(connection.next_sync_at, now)}.`] : []),
        ],
        canSync: true,
        connectLabel: null,
      };
    case 'broken':
      return {
        tone: 'broken',
        badge: 'Broken',
        title: 'The Spotify connection is broken',
        details: [
          connection.broken_reason ?? 'Spotify no longer accepts Pie’s access to your account.',
          'Reconnect Spotify to sync again; the plays Pie already has are kept.',
          ...(lastSync ? [lastSync] : []),
        ],
        canSync: false,
        connectLabel: 'Reconnect Spotify',
      };
    case 'disconnected':
      return {
        tone: 'off',
        badge: 'Disconnected',
        title: 'Spotify is disconnected',
        details: ['Pie no longer syncs your plays; the ones it has are kept. Connect Spotify again to resume.', ...(lastSync ? [lastSync] : [])],
        canSync: false,
        connectLabel: 'Connect Spotify',
      };
    case 'not-connected':
    default:
      return {
        tone: 'off',
        badge: 'Not connected',
        title: 'Spotify is not connected',
        details: ['Connect Spotify so Pie follows your listening, or upload your Spotify data export to bring in past months.'],
        canSync: false,
        connectLabel: 'Connect Spotify',
      };
  }
}

/** The outcome of 'Sync now': the server's message, else one built from the result. */
export function syncResultMessage(result: SyncResult | undefined, serverMessage?: string): string {
  if (serverMessage) return serverMessage;
  if (!result) return 'Sync finished.';
  if (result.deferred) {
    return `Spotify asked us to slow down; your listening will sync automatically in about ${result.retry_after_seconds ?? 60} s.`;
  }
  if (result.inserted > 0) return `${formatCount(result.inserted, NOUNS.newPlay)} synced.`;
  return 'You are up to date.';
}
