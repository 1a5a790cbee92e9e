/**
 * Draws Pie's app icons (a violet pie with a light slice on the dark purple
 * background) into apps/web/public/icons as SVG and PNG. No image library:
 * the PNGs are rasterised here with 4×4 supersampling and encoded with zlib.
 *
 *   node apps/web/scripts/generate-icons.ts
 */
import { writeFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';

const OUT = new URL('../public/icons/', import.meta.url);

type Rgba = [number, number, number, number];
const BACKGROUND: Rgba = [0x1c, 0x16, 0x30, 255];
const PIE: Rgba = [0x7c, 0x3a, 0xed, 255];
const SLICE: Rgba = [0xc4, 0xb0, 0xfe, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
/** The slice spans this angle clockwise from 12 o'clock. */
const SLICE_DEGREES = 60;

interface IconShape {
  /** Rounded square (any-purpose icons) or the full square (maskable, Apple touch). */
  background: 'rounded' | 'square';
  /** The pie's radius as a share of the icon size (maskable icons keep to the 40% safe zone). */
  pieRadius: number;
}

function colourAt(x: number, y: number, size: number, shape: IconShape): Rgba {
  const u = x / size;
  const v = y / size;
  // Rounded square with a corner radius of 22% of the size.
  if (shape.background === 'rounded') {
    const r = 0.22;
    const cx = Math.min(Math.max(u, r), 1 - r);
    const cy = Math.min(Math.max(v, r), 1 - r);
    if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return CLEAR;
  }
  const dx = u - 0.5;
  const dy = v - 0.5;
  if (dx * dx + dy * dy > shape.pieRadius ** 2) return BACKGROUND;
  const angle = (Math.atan2(dx, -dy) * 180) / Math.PI;
  const clockwise = angle < 0 ? angle + 360 : angle;
  return clockwise < SLICE_DEGREES ? SLICE : PIE;
}

function rasterise(size: number, shape: IconShape): Buffer {
  const samples = 4;
  const rowBytes = size * 4 + 1;
  const raw = Buffer.alloc(rowBytes * size);
  for (let y = 0; y < size; y++) {
    raw[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const [cr, cg, cb, ca] = colourAt(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples, size, shape);
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const offset = y * rowBytes + 1 + x * 4;
      raw[offset] = a ? Math.round(r / a) : 0;
      raw[offset + 1] = a ? Math.round(g / a) : 0;
      raw[offset + 2] = a ? Math.round(b / a) : 0;
      raw[offset + 3] = Math.round(a / (samples * samples));
    }
  }
  return raw;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

function png(size: number, shape: IconShape): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rasterise(size, shape), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg(shape: IconShape): string {
  const size = 512;
  const r = shape.pieRadius * size;
  const c = size / 2;
  const end = (SLICE_DEGREES * Math.PI) / 180;
  const ex = (c + r * Math.sin(end)).toFixed(2);
  const ey = (c - r * Math.cos(end)).toFixed(2);
  const hex = (rgba: Rgba) => `#${rgba.slice(0, 3).map((n) => n.toString(16).padStart(2, '0')).join('')}`;
  const background =
    shape.background === 'rounded'
      ? `<rect width="${size}" height="${size}" rx="${0.22 * size}" fill="${hex(BACKGROUND)}"/>`
      : `<rect width="${size}" height="${size}" fill="${hex(BACKGROUND)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${background}<circle cx="${c}" cy="${c}" r="${r}" fill="${hex(PIE)}"/><path d="M${c} ${c}V${c - r}A${r} ${r} 0 0 1 ${ex} ${ey}Z" fill="${hex(SLICE)}"/></svg>\n`;
}

const any: IconShape = { background: 'rounded', pieRadius: 0.36 };
const maskable: IconShape = { background: 'square', pieRadius: 0.3 };
const apple: IconShape = { background: 'square', pieRadius: 0.34 };

writeFileSync(new URL('icon.svg', OUT), svg(any));
writeFileSync(new URL('icon-192.png', OUT), png(192, any));
writeFileSync(new URL('icon-512.png', OUT), png(512, any));
writeFileSync(new URL('maskable-512.png', OUT), png(512, maskable));
writeFileSync(new URL('apple-touch-icon.png', OUT), png(180, apple));
writeFileSync(new URL('favicon-32.png', OUT), png(32, any));
console.log('icons written to', OUT.pathname);
