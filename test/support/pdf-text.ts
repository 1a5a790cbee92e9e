import { inflateSync } from 'node:zlib';

/**
 * The text lines a pdfkit PDF draws, in drawing order (one entry per text object), decoded through
 * each font's ToUnicode map: what a reader copying from the PDF gets. Enough for pdfkit's output
 * (Type0 fonts, hex glyph strings in TJ arrays); not a general PDF parser.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const match of raw.matchAll(/(\d+) 0 obj\r?\n([\s\S]*?)\r?\nendobj/g)) objects.set(Number(match[1]), match[2]!);
  const streamOf = (body: string): string => {
    const data = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body)?.[1] ?? '';
    return body.includes('/FlateDecode') ? inflateSync(Buffer.from(data, 'latin1')).toString('latin1') : data;
  };
  const cmaps = new Map<string, Map<number, string>>();
  const fontMap = (resourceName: string, fontObject: number): Map<number, string> => {
    const key = `${resourceName}:${fontObject}`;
    let map = cmaps.get(key);
    if (map) return map;
    map = new Map();
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObject) ?? '')?.[1];
    const cmap = toUnicode ? streamOf(objects.get(Number(toUnicode))!) : '';
    const hexText = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const range of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const from = Number.parseInt(range[1]!, 16);
        const to = Number.parseInt(range[2]!, 16);
        if (range[3]!.startsWith('[')) {
          [...range[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((value, i) => map!.set(from + i, hexText(value[1]!)));
        } else {
          const first = Number.parseInt(range[3]!.slice(1, -1), 16);
          for (let code = from; code <= to; code += 1) map!.set(code, String.fromCharCode(first + code - from));
        }
      }
    }
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(Number.parseInt(pair[1]!, 16), hexText(pair[2]!));
    }
    cmaps.set(key, map);
    return map;
  };

  const runs: string[] = [];
  for (const body of objects.values()) {
    if (!/\/Type \/Page\b/.test(body)) continue;
    const fonts = new Map<string, number>();
    const resources = /\/Resources (\d+) 0 R/.exec(body)?.[1];
    const resourceBody = resources ? objects.get(Number(resources))! : body;
    const fontDict = /\/Font <<([\s\S]*?)>>/.exec(resourceBody)?.[1] ?? '';
    for (const font of fontDict.matchAll(/\/(\S+) (\d+) 0 R/g)) fonts.set(font[1]!, Number(font[2]));
    const contents = /\/Contents (\d+) 0 R/.exec(body)?.[1];
    const stream = contents ? streamOf(objects.get(Number(contents))!) : '';
    let map = new Map<number, string>();
    for (const text of stream.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = '';
      for (const op of text[1]!.matchAll(/\/(\S+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-fA-F]*)> Tj/g)) {
        if (op[1]) map = fontMap(op[1], fonts.get(op[1])!);
        const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : op[3] !== undefined ? [op[3]] : [];
        for (const hex of hexes) for (const unit of hex.match(/.{4}/g) ?? []) line += map.get(Number.parseInt(unit, 16)) ?? '\uFFFD';
      }
      runs.push(line);
    }
  }
  return runs;
}
