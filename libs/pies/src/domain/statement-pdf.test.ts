import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PieStatement } from '#pie/contracts';
import { statementPdf } from './statement-pdf.js';

const statement: PieStatement = {
  periodId: '00000000-0000-4000-8000-000000000001',
  pieId: '00000000-0000-4000-8000-000000000002',
  startsAt: '2026-10-01T00:00:00.000Z',
  endsAt: '2026-10-31T00:00:00.000Z',
  closedAt: '2026-10-31T01:00:00.000Z',
  chargeCents: 1000,
  chargeLabel: 'Charge',
  fees: [
    { label: 'Card processing', amountCents: 59 },
    { label: 'Pie platform fee', amountCents: 100 },
  ],
  carriedInCents: 0,
  splitCents: 841,
  distributedCents: 841,
  sharesCents: 841,
  keptInWalletCents: 0,
  totalCents: 1000,
  differenceCents: 0,
  journalId: null,
  money: [
    { kind: 'charge', label: 'Charge', amountCents: 1000, bold: true },
    { kind: 'fee', label: 'Card processing', amountCents: -59, bold: false },
    { kind: 'fee', label: 'Pie platform fee', amountCents: -100, bold: false },
    { kind: 'split', label: 'Split among your artists', amountCents: 841, bold: true },
    { kind: 'to_artists', label: 'To your artists', amountCents: 841, bold: false },
    { kind: 'kept', label: 'Kept in your wallet for the next period', amountCents: 0, bold: false },
    { kind: 'total', label: 'Total of the lines (fees, shares, kept, less carried in)', amountCents: 1000, bold: true },
  ],
  notPaid: [],
  paid: [
    { artistId: 'a1', name: 'Жанна Агузарова', listenedMs: 600_000, weight: 0.6, selected: true, reason: null, shareCents: 505, whereNow: 'escrow' },
    { artistId: 'a2', name: 'Łona i Webber', listenedMs: 400_000, weight: 0.4, selected: true, reason: null, shareCents: 336, whereNow: 'office' },
  ],
};

/** The code points the PDF's fonts can show, read from their ToUnicode maps (what a reader copies out). */
function mappedCodePoints(pdf: Buffer): Set<number> {
  const text = pdf.toString('latin1');
  const points = new Set<number>();
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a deflated stream (the embedded font program itself is)
    }
    if (!body.includes('beginbfrange') && !body.includes('beginbfchar')) continue;
    for (const hex of body.matchAll(/<([0-9a-fA-F]{4})>\s*\]?\s*$/gm)) points.add(Number.parseInt(hex[1]!, 16));
    for (const array of body.matchAll(/\[([^\]]*)\]/g)) for (const hex of array[1]!.matchAll(/<([0-9a-fA-F]{4})>/g)) points.add(Number.parseInt(hex[1]!, 16));
  }
  return points;
}

describe('statementPdf', () => {
  it('embeds a font that shows Cyrillic and Polish names and writes fees with the Unicode minus (−$0.59)', async () => {
    const pdf = await statementPdf(statement);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(text).not.toContain('/Helvetica');
    const points = mappedCodePoints(pdf);
    for (const char of 'ЖАгузарова' + 'Ł' + '\u2212$0.59') expect(points, char).toContain(char.codePointAt(0));
  });

  it('lists the artists paid, then one line per reason with its count: 480 artists take two pages, not seven', async () => {
    const many: PieStatement = {
      ...statement,
      paid: Array.from({ length: 30 }, (_, i) => ({
        artistId: `a${i}`,
        name: `Artist ${i}`,
        listenedMs: 60_000 * (480 - i),
        weight: 1 / 30,
        selected: true,
        reason: null,
        shareCents: 28,
        whereNow: 'escrow',
      })),
      notPaid: [
        { reason: 'over_limit', label: 'Over your artist limit', count: 440, listenedMs: 440 * 60_000, artists: [] },
        { reason: 'no_listening', label: 'No listening this period', count: 10, listenedMs: 0, artists: [] },
      ],
    };
    const pdf = await statementPdf(many);
    const placed = textPositions(pdf);
    expect(new Set(placed.map((p) => p.page)).size).toBeLessThanOrEqual(2);
    const atMargin = placed.filter((p) => p.x === 48);
    const right = placed.filter((p) => p.x !== 48);
    // 7 money lines and 30 shares: one amount each, on the same line as its label.
    expect(right).toHaveLength(37);
    for (const amount of right) {
      expect(amount.x).toBeGreaterThan(400);
      expect(atMargin.some((label) => label.page === amount.page && label.y === amount.y)).toBe(true);
    }
    // After the last amount: the heading and one line per reason, not 450 lines of zeros.
    const lastPage = Math.max(...placed.map((p) => p.page));
    const lowestAmount = Math.min(...right.filter((p) => p.page === lastPage).map((p) => p.y));
    expect(atMargin.filter((p) => p.page === lastPage && p.y < lowestAmount)).toHaveLength(3);
  });
});

/** Where each text object starts (pdfkit writes one `1 0 0 1 x y Tm` per text), page by page. */
function textPositions(pdf: Buffer): { page: number; x: number; y: number }[] {
  const positions: { page: number; x: number; y: number }[] = [];
  let page = 0;
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (!body.includes(' Tm')) continue;
    page += 1;
    for (const tm of body.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm/g)) positions.push({ page, x: Number(tm[1]), y: Number(tm[2]) });
  }
  return positions;
}
