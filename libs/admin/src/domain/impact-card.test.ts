import { describe, expect, it } from 'vitest';
import type { FanImpactView } from '#pie/contracts';
import { CARD_HEIGHT, CARD_WIDTH, impactCardPng, impactCardSvg } from './impact-card.js';

const impact: FanImpactView = {
  scope: { kind: 'year', year: 2026, periodId: null, label: '2026' },
  paidInCents: 2000,
  givenToArtistsCents: 1682,
  artistCount: 3,
  belowMedian: { cents: 841, shareBps: 5000, medianPopularity: 50 },
  months: [{ month: '2026-01', paidInCents: 2000, givenToArtistsCents: 1682 }],
  countries: [{ code: 'FR', givenCents: 1000, artists: 1 }],
  unknownCountry: { givenCents: 682, artists: 2 },
  artists: [
    { artistId: 'a', name: 'Zaz <script>&"', country: 'FR', popularity: 80, givenCents: 1000 },
    { artistId: 'b', name: 'Björk', country: null, popularity: 20, givenCents: 400 },
    { artistId: 'c', name: 'Ёлка', country: null, popularity: 10, givenCents: 282 },
  ],
  waiting: [],
  waitingCents: 0,
  card: { namesFan: true, namesArtists: true },
};

describe('impact card', () => {
  it('names the fan and the top artists when allowed, with every text escaped', () => {
    const svg = impactCardSvg({ impact, fanName: 'Ana & co', artistNames: true });
    expect(svg).toContain('Ana &amp; co’s impact on Pie');
    expect(svg).toContain('1. Zaz &lt;script&gt;&amp;&quot;');
    expect(svg).toContain('2. Björk');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('$16.82');
    expect(svg).toContain('$20.00 paid in');
    expect(svg).toContain('50% to less listened artists');
  });

  it('a private fan’s card names nobody: neither the fan nor any artist', () => {
    const svg = impactCardSvg({ impact, fanName: null, artistNames: false });
    expect(svg).toContain('A fan’s impact on Pie');
    for (const name of ['Zaz', 'Björk', 'Ёлка', 'Ana', 'Top artists']) expect(svg).not.toContain(name);
    expect(svg).toContain('3 artists funded in 1 country');
  });

  it('renders a PNG of the Open Graph size', async () => {
    const png = await impactCardPng({ impact, fanName: 'Ana', artistNames: true });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });

  it('renders names holding characters XML forbids (U+FFFE, U+FFFF, a lone surrogate) without them, instead of failing', async () => {
    const odd = { ...impact, artists: [{ ...impact.artists[0]!, name: 'Odd\uFFFF\uFFFE\uD800Name' }] };
    const svg = impactCardSvg({ impact: odd, fanName: 'Ana\uFFFF', artistNames: true });
    expect(svg).toContain('1. OddName');
    expect(svg).toContain('Ana’s impact on Pie');
    const png = await impactCardPng({ impact: odd, fanName: 'Ana\uFFFF', artistNames: true });
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });

  it('renders the same card once (a public card fetched in a loop costs no render), and a changed card anew', async () => {
    const first = await impactCardPng({ impact, fanName: 'Cached', artistNames: true });
    expect(await impactCardPng({ impact, fanName: 'Cached', artistNames: true })).toBe(first);
    const hidden = await impactCardPng({ impact, fanName: null, artistNames: false });
    expect(hidden).not.toBe(first);
    expect(hidden.equals(first)).toBe(false);
  });

  it('renders off the event loop: other work runs while a card renders', async () => {
    const order: string[] = [];
    const rendering = Promise.resolve(impactCardPng({ impact, fanName: 'Off the loop', artistNames: true })).then(() => order.push('rendered'));
    setImmediate(() => order.push('other work'));
    await rendering;
    expect(order).toEqual(['other work', 'rendered']);
  });
});
