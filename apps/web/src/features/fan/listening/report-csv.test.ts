import { describe, expect, it } from 'vitest';
import { fanArtist, fanTrack, track } from './test-fixtures';
import { csvField, REPORT_CSV_HEADER, reportCsv, reportFileName, toCsv } from './report-csv';

/** A small RFC 4180 reader, to check the CSV round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('CSV fields', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Abba')).toBe('Abba');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Earth, Wind & Fire')).toBe('"Earth, Wind & Fire"');
    expect(csvField('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1 Band')).toBe("'+1 Band");
    expect(csvField('-ish')).toBe("'-ish");
    expect(csvField('@home')).toBe("'@home");
  });

  it('ends every record with CRLF', () => {
    expect(toCsv([['a', 1], ['b', 2]])).toBe('a,1\r\nb,2\r\n');
  });
});

describe('the report CSV', () => {
  const report = {
    period: { from: '2026-03-01', to: '2026-03-28' },
    totals: { plays: 345, listenedMs: 7_260_000, artists: 2, tracks: 2 },
    artists: [
      fanArtist({ name: 'Earth, Wind & Fire', listened_ms: 5_400_000, plays: 30 }),
      fanArtist({ name: 'The "Quoted" Band', listened_ms: 1_860_000, plays: 12 }),
    ],
    tracks: [
      fanTrack({ track: track({ name: 'Line\nBreak', artists: [{ id: 'a', name: 'One' }, { id: 'b', name: 'Two, Too' }] }), plays: 9, listened_ms: 1_620_000 }),
      fanTrack({ track: track({ name: 'Plain', artists: [] }), plays: 3, listened_ms: 540_000 }),
    ],
  };

  it('has one header row, a total row, then ranked artists and tracks, and reads back exactly', () => {
    const rows = parseCsv(reportCsv(report));
    expect(rows[0]).toEqual([...REPORT_CSV_HEADER]);
    expect(rows[1]).toEqual(['Total', '', 'All listening 2026-03-01 to 2026-03-28', '2 artists, 2 tracks', '345', '121', '7260000']);
    expect(rows[2]).toEqual(['Artist', '1', 'Earth, Wind & Fire', '', '30', '90', '5400000']);
    expect(rows[3]).toEqual(['Artist', '2', 'The "Quoted" Band', '', '12', '31', '1860000']);
    expect(rows[4]).toEqual(['Track', '1', 'Line\nBreak', 'One; Two, Too', '9', '27', '1620000']);
    expect(rows[5]).toEqual(['Track', '2', 'Plain', '', '3', '9', '540000']);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.length === REPORT_CSV_HEADER.length)).toBe(true);
  });

  it('rounds minutes to one decimal and names the file after the period', () => {
    const csv = reportCsv({ ...report, totals: { ...report.totals, listenedMs: 90_000 }, artists: [], tracks: [] });
    expect(parseCsv(csv)[1]![5]).toBe('1.5');
    expect(reportFileName(report.period)).toBe('pie-listening-report-2026-03-01-to-2026-03-28.csv');
  });
});
