import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatUsd, WHERE_NOW_LABEL, type PieStatement } from '#pie/contracts';

// pdfkit's built-in Helvetica is single-byte (WinAnsi): artist names in Cyrillic, Greek, Polish…
// came out as other Latin letters, and the minus sign as '"'. DejaVu Sans covers those scripts
// (not CJK, which shows as empty boxes); only the glyphs a statement uses are embedded.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const BODY = fontFile('DejaVuSans.ttf');
const BOLD = fontFile('DejaVuSans-Bold.ttf');

const LEFT = 48; // the page margin

const minutes = (ms: number): string => `${Math.round(ms / 60_000).toLocaleString('en-US')} min`;

/**
 * The statement as a PDF (pdfkit): the page's money lines, each artist paid, and one line per reason
 * an artist got nothing with its count — the same lines as the page and the CSV, in the same order.
 */
export function statementPdf(statement: PieStatement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, font: BODY, info: { Title: `Pie statement ${statement.startsAt.slice(0, 10)} – ${statement.endsAt.slice(0, 10)}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor('#5b2bb5').fontSize(20).text('Your pie statement');
  doc.fillColor('#1c1230').fontSize(10).text(`Period ${statement.startsAt.slice(0, 10)} to ${statement.endsAt.slice(0, 10)}, closed ${statement.closedAt.slice(0, 10)}`);
  doc.moveDown();
  // A label on the left, its amount on the right of the same line. pdfkit leaves the cursor where
  // the last text was drawn: put it back at the left margin, below whichever of the two ran longer.
  const row = (label: string, amount: number, bold = false) => {
    if (doc.y + 28 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font(bold ? BOLD : BODY).fontSize(10).text(label, LEFT, y, { width: 370 });
    const labelBottom = doc.y;
    doc.text(formatUsd(amount), 430, y, { width: 117, align: 'right' });
    doc.x = LEFT;
    doc.y = Math.max(labelBottom, doc.y) + 2;
  };
  for (const line of statement.money) row(line.label, line.amountCents, line.bold);
  doc.moveDown();
  doc.font(BOLD).fontSize(12).text('Where it went', LEFT);
  doc.moveDown(0.3);
  for (const line of statement.paid) {
    row(`${line.name} — ${minutes(line.listenedMs)}, ${(line.weight * 100).toFixed(2)}% (${WHERE_NOW_LABEL[line.whereNow]})`, line.shareCents);
  }
  if (statement.notPaid.length > 0) {
    doc.moveDown();
    doc.font(BOLD).fontSize(12).text('Not in this period’s split', LEFT);
    doc.moveDown(0.3);
    doc.font(BODY).fontSize(10);
    for (const group of statement.notPaid) {
      doc.text(`${group.label}: ${group.count.toLocaleString('en-US')} ${group.count === 1 ? 'artist' : 'artists'}, ${minutes(group.listenedMs)}`, LEFT);
    }
  }
  doc.end();
  return done;
}
