import type {
  ArtistDetails,
  ArtistSummary,
  DailyListening,
  FanArtist,
  FanTrack,
  ListeningActivity,
  PlayItem,
  TrackSummary,
  UserDetails,
} from '#pie/contracts';

let sequence = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function artistSummary(overrides: Partial<ArtistSummary> = {}): ArtistSummary {
  sequence += 1;
  return {
    id: uuid(1000 + sequence),
    spotify_id: `sp${sequence}`,
    name: `Artist ${sequence}`,
    image_url: `https://img.example/artist-${sequence}.jpg`,
    country: 'SE',
    genres: ['pop'],
    active: true,
    popularity: 50,
    ...overrides,
  };
}

export function fanArtist(overrides: Partial<FanArtist> = {}): FanArtist {
  return { ...artistSummary(), listened_ms: 3_600_000, plays: 20, last_played_at: '2026-03-01T10:00:00.000Z', ...overrides };
}

export function artistDetails(overrides: Partial<ArtistDetails> = {}): ArtistDetails {
  return { ...artistSummary(), listeners_28d: 12, total_listeners: 40, tracks_count: 9, metadata_pending: false, ...overrides };
}

export function track(overrides: Partial<TrackSummary> = {}): TrackSummary {
  sequence += 1;
  return {
    id: uuid(5000 + sequence),
    spotify_id: `tr${sequence}`,
    name: `Track ${sequence}`,
    duration_ms: 200_000,
    album: `Album ${sequence}`,
    image_url: null,
    orphaned: false,
    artists: [{ id: uuid(9000 + sequence), name: `Singer ${sequence}` }],
    ...overrides,
  };
}

export function play(overrides: Partial<PlayItem> = {}): PlayItem {
  return { track: track(), played_at: '2026-03-01T10:00:00.000Z', ms_played: 187_000, source: 'recently-played', ...overrides };
}

export function fanTrack(overrides: Partial<FanTrack> = {}): FanTrack {
  return { track: track(), plays: 5, listened_ms: 900_000, last_played_at: '2026-03-01T10:00:00.000Z', ...overrides };
}

export function activity(overrides: Partial<ListeningActivity> = {}): ListeningActivity {
  return {
    connection: {
      status: 'connected',
      broken_reason: null,
      last_synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      next_sync_at: new Date(Date.now() + 40 * 60_000).toISOString(),
      last_played_at: '2026-03-01T10:00:00.000Z',
    },
    totals: { plays: 1234, listened_ms: 250 * 3_600_000, artists: 321, tracks: 800, orphaned_plays: 0 },
    time_zone: 'UTC',
    last_7_days: { plays: 80, listened_ms: 4 * 3_600_000, from: '2026-03-22' },
    last_28_days: { plays: 345, listened_ms: 20 * 3_600_000 + 15 * 60_000, from: '2026-03-01' },
    beta: false,
    latest_import: null,
    ...overrides,
  };
}

export function daily(days: number, listened: (index: number) => number = (index) => (index % 3) * 1_800_000): DailyListening[] {
  const today = Date.UTC(2026, 2, 28);
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const ms = listened(index);
    return { date, listened_ms: ms, plays: Math.round(ms / 180_000) };
  });
}

export function userDetails(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    _id: uuid(77),
    username: 'grace',
    is_self: false,
    visibility: { profile: true, top_artists: true, top_tracks: true, recent_listening: true },
    beta: false,
    stats: { plays: 4200, listened_ms: 90 * 3_600_000, artists: 150, first_played_at: '2025-06-01T00:00:00.000Z' },
    ...overrides,
  };
}

export const page = (pageNumber: number, limit: number, total: number) => ({ page: pageNumber, limit, total, pages: Math.ceil(total / limit) });
