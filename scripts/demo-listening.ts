/**
 * Gives the demo fan real listening, through the same doors a person uses: logs in over HTTP,
 * links the sandbox's Spotify account `listener1` (OAuth round trip), and uploads 90 days of that
 * account's data export. The worker then ingests both. Runs once: skipped when already linked.
 *
 * Two more fans sign in with the sandbox's `listener2` and `listener3` (fans of their own, made by
 * "Continue with Spotify"), so that popularity — the share of Pie's fans who listened to an artist,
 * from polled plays only — is not the same for every artist: with the demo fan as Pie's only
 * listener every artist they play has one listener, and the pie's popularity tilt could move
 * nothing (issue 29 item 11). Their first polls run before the demo fan's import finishes, which
 * computes popularity again.
 */
import { DEMO_FAN, DEMO_SCROBBLER } from './demo-data.ts';

const EXPORT_DAYS = 90;
/** The sandbox's other seeded Spotify accounts: the demo fan's fellow listeners on Pie. */
const COMMUNITY_SPOTIFY_ACCOUNTS = ['listener2', 'listener3'];
// Extended export rows are ~500 bytes: keep each request well under the 1 MB body limit.
const ROWS_PER_CHUNK = 1_500;

/** A tiny browser: keeps cookies, sends the CSRF header, follows nothing by itself. */
export class Visitor {
  private readonly cookies = new Map<string, string>();
  private readonly appUrl: string;

  // No parameter properties here: Node runs this file by stripping types only.
  constructor(appUrl: string) {
    this.appUrl = appUrl;
  }

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.appUrl}${path}`;
    const sameApp = url.startsWith(this.appUrl);
    const headers: Record<string, string> = {};
    if (sameApp && this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (sameApp && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    if (sameApp) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair.indexOf('=');
        this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
      }
    }
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(method, path, body);
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }
}

export async function seedDemoListening(options: { appUrl: string; providersUrl: string; approve: (authorizeUrl: string, accountId: string) => Promise<URL> }): Promise<string> {
  const visitor = new Visitor(options.appUrl);
  await visitor.call('GET', '/api/health');
  await visitor.json('POST', '/api/auth/login', { email: DEMO_FAN.email, password: DEMO_FAN.password });
  const me = await visitor.json<{ data: { linked_accounts: { provider: string }[] } }>('GET', '/api/user');
  if (me.data.linked_accounts.some((link) => link.provider === 'spotify')) return 'the demo fan already has listening';

  const link = await visitor.json<{ data: { url: string } }>('POST', '/api/auth/link-spotify');
  const callback = await options.approve(link.data.url, 'listener1');
  await visitor.call('GET', `${callback.pathname}${callback.search}`);

  for (const account of COMMUNITY_SPOTIFY_ACCOUNTS) await signInWithSpotify(options, account);

  const exportResponse = await fetch(`${options.providersUrl}/spotify/__sandbox/export/listener1?days=${EXPORT_DAYS}&format=extended`);
  const rows = (await exportResponse.json()) as unknown[];
  const chunks = Array.from({ length: Math.ceil(rows.length / ROWS_PER_CHUNK) }, (_, index) => rows.slice(index * ROWS_PER_CHUNK, (index + 1) * ROWS_PER_CHUNK));
  const created = await visitor.json<{ data: { id: string } }>('POST', '/api/listening/imports', {
    fileName: 'Streaming_History_Audio_demo.json',
    totalChunks: chunks.length,
    rows: chunks[0],
  });
  for (let index = 1; index < chunks.length; index++) {
    await visitor.json('POST', `/api/listening/imports/${created.data.id}/chunks`, { index, rows: chunks[index] });
  }
  return `linked the sandbox Spotify account listener1 and uploaded ${rows.length} plays (${EXPORT_DAYS} days); ${COMMUNITY_SPOTIFY_ACCOUNTS.join(' and ')} signed in as fans of their own`;
}

/** The sandbox's Last.fm account of the Last.fm-only demo fan: it scrobbles `listener1`'s plays, whose tracks the demo fan's export brings into the catalogue. */
export const DEMO_LASTFM_ACCOUNT = 'demo-scrobbler';

/**
 * The Last.fm-only demo fan (issue 33): logs in, connects Last.fm through the sandbox's Last.fm
 * page as a person does ("Connect Last.fm", then "Yes, allow access"); the worker back-fills the
 * account's history. Runs once: skipped when the fan's Last.fm was ever connected.
 */
export async function seedDemoScrobbler(options: { appUrl: string; providersUrl: string }): Promise<string> {
  await catalogueFromDemoFan(options.appUrl, 600_000);
  const visitor = new Visitor(options.appUrl);
  await visitor.call('GET', '/api/health');
  await visitor.json('POST', '/api/auth/login', { email: DEMO_SCROBBLER.email, password: DEMO_SCROBBLER.password });
  const sources = await visitor.json<{ data: { source: string; status: string }[] }>('GET', '/api/listening/sources');
  if (sources.data.some((source) => source.source === 'lastfm' && source.status !== 'not-connected')) return 'the Last.fm demo fan already has Last.fm';
  const account = await fetch(`${options.providersUrl}/lastfm/__admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: DEMO_LASTFM_ACCOUNT, listener: 'listener1' }),
  });
  if (!account.ok) throw new Error(`the sandbox's Last.fm answered ${account.status} creating ${DEMO_LASTFM_ACCOUNT}`);
  const started = await visitor.json<{ data: { url: string } }>('POST', '/api/listening/sources/lastfm');
  const authPage = new URL(started.data.url);
  const allowed = await fetch(`${authPage.origin}${authPage.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: authPage.searchParams.get('api_key') ?? '', cb: authPage.searchParams.get('cb') ?? '', username: DEMO_LASTFM_ACCOUNT, decision: 'allow' }),
    redirect: 'manual',
  });
  const callback = new URL(allowed.headers.get('location') ?? '', options.appUrl);
  const landing = await visitor.call('GET', `${callback.pathname}${callback.search}`);
  const to = new URL(landing.headers.get('location') ?? '/', options.appUrl);
  if (landing.status !== 302 || to.searchParams.get('result') !== 'connected') throw new Error(`connecting Last.fm landed on ${landing.status} ${to}`);
  return `${DEMO_SCROBBLER.email} connected the sandbox's Last.fm account ${DEMO_LASTFM_ACCOUNT} (listener1's scrobbles); the worker reads its history`;
}

/**
 * Waits (up to `timeoutMs`) for the demo fan's upload to be imported and its tracks found in the
 * catalogue: the Last.fm fan's scrobbles of the same listener then meet known tracks by their
 * names, instead of creating thousands of name-only ones that the catalogue fetch must merge
 * (under its exclusive lock, while every poll waits).
 */
async function catalogueFromDemoFan(appUrl: string, timeoutMs: number): Promise<void> {
  const visitor = new Visitor(appUrl);
  await visitor.call('GET', '/api/health');
  await visitor.json('POST', '/api/auth/login', { email: DEMO_FAN.email, password: DEMO_FAN.password });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { data } = await visitor.json<{ data: { totals: { plays: number; orphaned_plays: number }; latest_import: { status: string } | null } }>('GET', '/api/user/activity');
    if (data.latest_import?.status === 'completed' && data.totals.orphaned_plays <= data.totals.plays * 0.05) return;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/** "Continue with Spotify" on the login page, as a new fan: the account is made and its listening polled. */
async function signInWithSpotify(options: { appUrl: string; approve: (authorizeUrl: string, accountId: string) => Promise<URL> }, account: string): Promise<void> {
  const visitor = new Visitor(options.appUrl);
  await visitor.call('GET', '/api/health');
  const start = await visitor.call('GET', '/api/auth/loginSpotify?deviceType=desktop');
  const authorize = start.headers.get('location');
  if (start.status !== 302 || !authorize) throw new Error(`loginSpotify answered ${start.status}`);
  const callback = await options.approve(authorize, account);
  const landing = await visitor.call('GET', `${callback.pathname}${callback.search}`);
  if (landing.status !== 302 || new URL(landing.headers.get('location') ?? '/', options.appUrl).pathname !== '/dashboard') {
    throw new Error(`signing in ${account} with Spotify landed on ${landing.status} ${landing.headers.get('location')}`);
  }
}
