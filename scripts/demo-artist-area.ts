/**
 * Gives the demo artist a working office, through the same doors a person uses: the office, a
 * second member (invited by e-mail, signing in with their own account, accepting from the sandbox inbox's link), one claim
 * verified through the real bio-string path (the sandbox's artist page edited, then verify-bio) and
 * one claim left pending. Runs once: skipped when the demo artist already has an office.
 */
import { DEMO_ARTIST, DEMO_FAN, DEMO_MEMBER } from './demo-data.ts';
import { Visitor } from './demo-listening.ts';


interface SearchItem {
  _id: string;
  name: string;
  spotify_id: string | null;
  claimed: boolean;
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** Polls until `check` answers (the worker fills the catalogue and sends mail in the background). */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function seedDemoArtistArea(options: { appUrl: string; providersUrl: string; inboxUrl: string }): Promise<string> {
  const artist = new Visitor(options.appUrl);
  await artist.call('GET', '/api/health');
  await artist.json('POST', '/api/for-artists/auth/login', { email: DEMO_ARTIST.email, password: DEMO_ARTIST.password });
  const offices = await artist.json<{ data: { _id: string }[] }>('GET', '/api/for-artists/offices');
  if (offices.data.length > 0) return 'the demo artist already has an office';

  // The verified claim goes to the artist the demo fan listened to most in the demo pie's two
  // ended periods (the last 60 days; the pie pays its top five per period), so the close gives the
  // office real money to transfer and pay out. The pending claim goes to any other open artist.
  const fan = new Visitor(options.appUrl);
  await fan.call('GET', '/api/health');
  await fan.json('POST', '/api/auth/login', { email: DEMO_FAN.email, password: DEMO_FAN.password });
  const isOpen = (item: SearchItem) => Boolean(item.spotify_id) && !item.claimed;
  const found = await eventually(
    'the demo fan’s most listened open artist and one more in the catalogue',
    async () => {
      // The listening import first: a half-imported history has another favourite.
      const imports = await fan.json<{ data: { status: string }[] }>('GET', '/api/listening/imports');
      if (imports.data.length === 0 || imports.data.some((item) => ['uploading', 'queued', 'processing'].includes(item.status))) return undefined;
      const favourites = await fan.json<{ data: { id: string; name: string }[] }>('GET', '/api/artists/user?sortBy=listened&days=60&itemsPerPage=5');
      let top: SearchItem | undefined;
      for (const favourite of favourites.data) {
        const matches = await artist.json<{ data: SearchItem[] }>('GET', `/api/for-artists/search?limit=50&search_term=${encodeURIComponent(favourite.name)}`);
        top = matches.data.find((item) => item._id === favourite.id && isOpen(item));
        if (top) break;
      }
      if (!top) return undefined;
      const page = await artist.json<{ data: SearchItem[] }>('GET', '/api/for-artists/search?limit=10');
      const other = page.data.find((item) => item._id !== top._id && isOpen(item));
      return other ? [top, other] : undefined;
    },
    15 * 60_000,
  );
  const office = await artist.json<{ data: { _id: string } }>('POST', '/api/for-artists/offices', { name: 'Demo Artist Office', type: 'management' });
  const officeId = office.data._id;

  const claim = async (target: SearchItem) => {
    const socials = await artist.json<{ data: { verificationString: string; spotifyArtistUrl: string } }>('POST', '/api/for-artists/artist/socials/fetch', { artistId: target._id, officeId });
    const created = await artist.json<{ data: { id: string } }>('POST', '/api/for-artists/claims', {
      selectedArtist: target._id,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: 'bio',
      selectedPlatform: 'twitter',
      verificationString: socials.data.verificationString,
      officeId,
    });
    return { id: created.data.id, ...socials.data };
  };

  // The verified claim: the string goes into the artist's sandbox Spotify bio, then verify-bio.
  const verified = await claim(found[0]);
  const edit = await fetch(`${options.providersUrl}/socials/spotify/artist/${found[0].spotify_id}/edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ bio: `Official profile of ${found[0].name}. ${verified.verificationString}` }),
    redirect: 'manual',
  });
  if (edit.status !== 303) throw new Error(`the sandbox bio edit answered ${edit.status}`);
  await artist.json('POST', `/api/for-artists/claims/${verified.id}/verify-bio`, { spotifyArtistUrl: verified.spotifyArtistUrl });
  await claim(found[1]);

  // The second member: invited, signing in, accepting with the mailed link.
  await artist.json('POST', `/api/for-artists/offices/${officeId}/members`, { email: DEMO_MEMBER.email, role: 'member' });
  const link = await eventually(
    'the invitation e-mail',
    async () => {
      const mails = (await (await fetch(`${options.inboxUrl}/email`)).json()) as { to: { address: string }[]; text: string }[];
      const mail = mails.find((candidate) => candidate.to.some((to) => to.address === DEMO_MEMBER.email) && candidate.text.includes('/for-artists/office-invitation/'));
      const match = mail?.text.match(/https?:\/\/\S+\/for-artists\/office-invitation\/\S+/);
      return match ? new URL(match[0]) : undefined;
    },
    5 * 60_000,
  );
  const member = new Visitor(options.appUrl);
  await member.call('GET', '/api/health');
  // The member's account exists (demo data); the invitation made none. They sign in and accept.
  await member.json('POST', '/api/for-artists/auth/login', { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
  await member.json('POST', `/api/for-artists/offices/accept-invitation/${link.searchParams.get('token')}`, { officeId });
  const me = await member.json<{ data: { _id: string } }>('GET', '/api/for-artists/user');
  await artist.json('POST', `/api/for-artists/offices/${officeId}/members/${me.data._id}/artists`, { artistIds: [found[0]._id] });
  return `office "Demo Artist Office" with ${DEMO_MEMBER.email}, ${found[0].name} verified and ${found[1].name} pending`;
}
