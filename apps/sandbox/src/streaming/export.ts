import type { Catalogue } from './catalogue.js';
import type { ListenerProfile, Play } from './listening.js';
import { hashString } from './prng.js';
import type { ExtendedStreamingHistoryRow, StreamingHistoryRow } from './spotify-types.js';

/*
 * The provider's account-data export ("Download your data"), built from the same timeline the
 * Web API serves. Rows are oldest first, as in the real files, and include the short plays
 * (< 30 s) that the Web API leaves out.
 */

export type ExportFormat = 'basic' | 'extended';

/** `YYYY-MM-DD HH:MM` (UTC) of the basic export: the play's end, truncated to the minute. */
export function basicEndTime(endedAt: number): string {
  return new Date(endedAt).toISOString().slice(0, 16).replace('T', ' ');
}

/** `YYYY-MM-DDTHH:MM:SSZ` of the extended export: the play's end, truncated to the second. */
export function extendedTimestamp(endedAt: number): string {
  return `${new Date(endedAt).toISOString().slice(0, 19)}Z`;
}

export function basicRows(plays: readonly Play[], catalogue: Catalogue): StreamingHistoryRow[] {
  return plays.map((play) => {
    const track = catalogue.tracks[play.track];
    return {
      endTime: basicEndTime(play.endedAt),
      artistName: catalogue.artists[track.artists[0]].name,
      trackName: track.name,
      msPlayed: play.msPlayed,
    };
  });
}

export function extendedRows(plays: readonly Play[], catalogue: Catalogue, listener: { userId: string; profile: ListenerProfile; country?: string }): ExtendedStreamingHistoryRow[] {
  const hash = hashString(`ip:${listener.userId}`);
  // Documentation range (TEST-NET-2), one address per listener, as exports show one per network.
  const ip = `198.51.100.${(hash % 254) + 1}`;
  const country = listener.country ?? listener.profile.country;
  return plays.map((play) => {
    const track = catalogue.tracks[play.track];
    const album = catalogue.albums[track.album];
    return {
      ts: extendedTimestamp(play.endedAt),
      platform: play.platform,
      ms_played: play.msPlayed,
      conn_country: country,
      ip_addr: ip,
      master_metadata_track_name: track.name,
      master_metadata_album_artist_name: catalogue.artists[album.artist].name,
      master_metadata_album_album_name: album.name,
      spotify_track_uri: `spotify:track:${track.id}`,
      episode_name: null,
      episode_show_name: null,
      spotify_episode_uri: null,
      audiobook_title: null,
      audiobook_uri: null,
      audiobook_chapter_uri: null,
      audiobook_chapter_title: null,
      reason_start: play.reasonStart,
      reason_end: play.reasonEnd,
      shuffle: play.shuffle,
      skipped: play.skipped,
      offline: play.offline,
      offline_timestamp: play.offline ? Math.floor(play.startedAt / 1000) : null,
      incognito_mode: play.incognito,
    };
  });
}

/** The file name the real package would use for these rows (first file of the set). */
export function exportFileName(format: ExportFormat, plays: readonly Play[], nowMs: number): string {
  if (format === 'basic') return 'StreamingHistory_music_0.json';
  const year = (ms: number) => new Date(ms).getUTCFullYear();
  const first = plays.length ? year(plays[0].endedAt) : year(nowMs);
  const last = plays.length ? year(plays[plays.length - 1].endedAt) : first;
  return first === last ? `Streaming_History_Audio_${first}_0.json` : `Streaming_History_Audio_${first}-${last}_0.json`;
}
