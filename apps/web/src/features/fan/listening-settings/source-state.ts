import type { ListeningSourceState } from '#pie/contracts';
import { formatDateTime, formatNumber } from '@web/shared/format';

export const SOURCE_NAMES: Record<ListeningSourceState['source'], string> = { lastfm: 'Last.fm', listenbrainz: 'ListenBrainz' };

export interface SourceView {
  badge: string;
  tone: 'connected' | 'working' | 'broken' | 'off';
  /** Lines under the badge: the account, the back-fill, the last and next read. */
  details: string[];
  /** The back-fill's share done (0–100) while it runs. */
  progress: number | null;
  canConnect: boolean;
  canDisconnect: boolean;
}

/** What settings say about one scrobbling source (issue 33): connected, back-filling with progress, last poll, broken with the reason. */
export function sourceView(state: ListeningSourceState): SourceView {
  const name = SOURCE_NAMES[state.source];
  const account = state.user_name ? `${name} account: ${state.user_name}` : null;
  const lastRead = state.last_polled_at ? `Last read ${formatDateTime(state.last_polled_at)}` : null;
  switch (state.status) {
    case 'backfilling':
      return {
        badge: 'Reading your history',
        tone: 'working',
        details: [account, `${formatNumber(state.backfill?.listens ?? 0)} listens read so far (${state.backfill?.percent ?? 0}%)`].filter(isText),
        progress: state.backfill?.percent ?? 0,
        canConnect: false,
        canDisconnect: true,
      };
    case 'connected':
      return {
        badge: 'Connected',
        tone: 'connected',
        details: [account, lastRead, state.next_sync_at ? `Next read ${formatDateTime(state.next_sync_at)}` : null].filter(isText),
        progress: null,
        canConnect: false,
        canDisconnect: true,
      };
    case 'broken':
      return { badge: 'Needs attention', tone: 'broken', details: [account, state.broken_reason, lastRead].filter(isText), progress: null, canConnect: true, canDisconnect: true };
    case 'disconnected':
      return { badge: 'Disconnected', tone: 'off', details: [`Pie no longer reads your ${name} listening; what it read stays.`], progress: null, canConnect: true, canDisconnect: false };
    default:
      return { badge: 'Not connected', tone: 'off', details: [], progress: null, canConnect: true, canDisconnect: false };
  }
}

function isText(line: string | null): line is string {
  return typeof line === 'string' && line.length > 0;
}
