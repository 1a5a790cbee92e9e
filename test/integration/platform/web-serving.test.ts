import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../apps/web/build/precompress-plugin.ts';
import { TestPlatform } from '../../support/test-platform.js';

/**
 * How the api sends the web app and its own responses: the build's Brotli/gzip siblings for
 * static files, on-the-fly compression for JSON and the SPA's index.html, plain bytes to a
 * client that accepts no encoding.
 */
describe('serving the web app, compressed', () => {
  let platform: TestPlatform;
  let webDist: string;
  // Big enough to be worth compressing (the build skips files under 1 KB).
  const script = `export const tracks = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `track-${index}`))};\n`;
  const indexHtml = `<!doctype html><html lang="en"><head><title>Pie</title></head><body><div id="root"></div>${'<!-- spacer -->'.repeat(120)}</body></html>`;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'pie-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), indexHtml);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(webDist, 'assets', 'tiny-abc123.js'), 'export {};\n');
    precompressFiles(webDist);
    platform = await TestPlatform.start({ label: 'web-serving', worker: false, env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await platform?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the Brotli sibling of a built file to a browser that accepts br, cached for good', async () => {
    const response = await platform.request('GET', '/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawBody.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(response.rawBody).toString()).toBe(script);
  });

  it('sends the gzip sibling when gzip is all the client takes, and plain bytes when it takes nothing', async () => {
    const gzipped = await platform.request('GET', '/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawBody).toString()).toBe(script);

    const plain = await platform.request('GET', '/assets/app-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawBody.toString()).toBe(script);
  });

  it('serves a file too small to have siblings as it is to a client that takes no encoding', async () => {
    const response = await platform.request('GET', '/assets/tiny-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawBody.toString()).toBe('export {};\n');
  });

  it("compresses the SPA's index.html on a client-side route, never cached", async () => {
    const response = await platform.request('GET', '/dashboard', { headers: { 'accept-encoding': 'br', accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawBody).toString()).toBe(indexHtml);

    const unknownApi = await platform.request('GET', '/api/no-such-thing', { headers: { accept: 'text/html' } });
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body).toMatchObject({ success: false, statusCode: 404 });
  });

  it('compresses JSON answers of the API', async () => {
    const response = await platform.request('GET', '/api/docs-json', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const document = JSON.parse(gunzipSync(response.rawBody).toString()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/health');
  });
});
