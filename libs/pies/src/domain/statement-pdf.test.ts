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
  fees: [
    { label: 'Card processing', amountCents: 59 },
    { label: 'Pie platform fee', amountCents: 100 },
  ],
  carriedInCents: 0,
  splitCents: 841,
  distributedCents: 841,
  keptInWalletCents: 0,
  journalId: null,
  lines: [
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
  it('embeds a font that shows Cyrillic and Polish names and writes fees with a plain minus', async () => {
    const pdf = await statementPdf(statement);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(text).not.toContain('/Helvetica');
    const points = mappedCodePoints(pdf);
    for (const char of 'ЖАгузарова' + 'Ł' + '-$0.59') expect(points, char).toContain(char.codePointAt(0));
    expect(points).not.toContain(0x2212);
  });

  it('starts every line at the left margin; only amounts sit on the right, on their label’s line', async () => {
    const many: PieStatement = {
      ...statement,
      lines: Array.from({ length: 80 }, (_, i) => ({
        artistId: `a${i}`,
        name: `Artist number ${i} with a fairly long name`,
        listenedMs: 60_000 * (80 - i),
        weight: i < 30 ? 1 / 30 : 0,
        selected: i < 30,
        reason: i < 30 ? null : 'over_limit',
        shareCents: i < 30 ? 28 : 0,
        whereNow: i < 30 ? 'escrow' : 'none',
      })),
    };
    const placed = textPositions(await statementPdf(many));
    const atMargin = placed.filter((p) => p.x === 48);
    const right = placed.filter((p) => p.x !== 48);
    // Charge, 2 fees, split, 30 shares, kept, total: one amount each, on the same line as its label.
    expect(right).toHaveLength(36);
    for (const amount of right) {
      expect(amount.x).toBeGreaterThan(400);
      expect(atMargin.some((label) => label.page === amount.page && label.y === amount.y)).toBe(true);
    }
    expect(atMargin.length).toBeGreaterThan(36 + 50);
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
