import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import { formatUsd, type FanImpactView } from '#pie/contracts';

/** The Open Graph size: what social networks show a link's image at. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

// The fonts come from the repo's own dependency, never the machine's: the same card renders the
// same on every server (and covers Latin, Greek and Cyrillic names, as the PDF statement does).
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONTS = [fontFile('DejaVuSans.ttf'), fontFile('DejaVuSans-Bold.ttf')];

/** XML 1.0's Char: tab, newline, CR, and U+0020–U+D7FF, U+E000–U+FFFD, U+10000 up (a lone surrogate, U+FFFE or U+FFFF makes resvg refuse the whole SVG). */
const isXmlChar = (code: number): boolean =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;

/** Text as XML character data: markup escaped, and characters XML 1.0 forbids dropped (a catalogue name may hold any). */
const escapeXml = (text: string): string =>
  [...text]
    .filter((c) => isXmlChar(c.codePointAt(0)!))
    .join('')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A name cut to fit its line (by code points, so an emoji or accent is never split). */
const fit = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
};

export interface CardContent {
  impact: FanImpactView;
  /**
   * What the card names, as the fan's visibility allows (`impact.card`): their name only on a public
   * profile, their artists' names only when their top artists are public too. A card is made to be
   * shared, so a private fan's card shows the figures only, never a name (theirs or an artist's).
   */
  fanName: string | null;
  artistNames: boolean;
}

/** The card as SVG (every text escaped): the scope, the money, how many artists and countries, and — when the fan allows it — the top artists. */
export function impactCardSvg({ impact, fanName, artistNames }: CardContent): string {
  const countries = impact.countries.length;
  const title = fanName ? `${fit(fanName, 28)}’s impact on Pie` : 'A fan’s impact on Pie';
  const lines: string[] = [];
  if (impact.paidInCents > 0) lines.push(`${formatUsd(impact.paidInCents)} paid in`);
  lines.push(`${impact.artistCount} ${impact.artistCount === 1 ? 'artist' : 'artists'} funded${countries > 0 ? ` in ${countries} ${countries === 1 ? 'country' : 'countries'}` : ''}`);
  if (impact.givenToArtistsCents > 0) lines.push(`${(impact.belowMedian.shareBps / 100).toFixed(0)}% to less listened artists`);
  const top = artistNames ? impact.artists.slice(0, 3).map((artist) => fit(artist.name, 24)) : [];

  const text = (x: number, y: number, size: number, content: string, options: { bold?: boolean; fill?: string } = {}) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${options.bold ? 700 : 400}" fill="${options.fill ?? '#f3eefe'}">${escapeXml(content)}</text>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d0f3a"/><stop offset="1" stop-color="#3b1a78"/></linearGradient></defs>`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>`,
    `<circle cx="1060" cy="140" r="70" fill="#b197fc"/><path d="M1060 140 L1060 70 A70 70 0 0 1 1126 162 Z" fill="#7048e8"/>`,
    text(72, 100, 30, 'Pie', { bold: true, fill: '#d0bfff' }),
    text(72, 150, 26, impact.scope.label, { fill: '#c5b8e8' }),
    text(72, 230, 50, title, { bold: true }),
    text(72, 330, 76, formatUsd(impact.givenToArtistsCents), { bold: true, fill: '#ffffff' }),
    text(72, 380, 30, 'given to artists, split by listening', { fill: '#d0bfff' }),
    ...lines.map((line, index) => text(72, 450 + index * 46, 32, line)),
    ...(top.length > 0 ? [text(700, 300, 26, 'Top artists', { bold: true, fill: '#d0bfff' }), ...top.map((name, index) => text(700, 350 + index * 44, 30, `${index + 1}. ${name}`))] : []),
    text(72, 596, 22, 'pie · every cent traceable from fan to artist', { fill: '#9f8fd0' }),
    `</svg>`,
  ].join('');
}

/**
 * The last cards rendered, by their SVG: a public pie's card is fetched by anyone holding the link
 * (crawlers, or someone in a loop). The SVG is the whole of what a card shows, so a changed figure
 * or visibility is a new key, never a stale card. A render in progress is shared by its callers.
 */
const RENDERED_CARDS = 64;
const rendered = new Map<string, Promise<Buffer>>();

/**
 * The card as a PNG, rendered by resvg with the bundled fonts only (the same card is rendered once),
 * on libuv's thread pool: a render takes 100 ms or more, which would otherwise stop every request.
 */
export function impactCardPng(content: CardContent): Promise<Buffer> {
  const svg = impactCardSvg(content);
  const cached = rendered.get(svg);
  if (cached) {
    rendered.delete(svg); // most recently used last
    rendered.set(svg, cached);
    return cached;
  }
  const png = renderAsync(svg, {
    fitTo: { mode: 'width', value: CARD_WIDTH },
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).then((image) => image.asPng());
  png.catch(() => rendered.delete(svg)); // a failed render is not kept
  rendered.set(svg, png);
  if (rendered.size > RENDERED_CARDS) rendered.delete(rendered.keys().next().value!);
  return png;
}
