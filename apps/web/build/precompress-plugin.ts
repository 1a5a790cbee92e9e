import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) sibling of every compressible file of the build,
 * at the highest levels: they are made once per build, so their cost never reaches a request.
 * The api serves them through @fastify/static's `preCompressed` (apps/api/src/web-app.ts).
 * A sibling is kept only when it is smaller than the file.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'pie-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      precompressFiles(outDir);
    },
  };
}

/** Writes the `.br` and `.gz` siblings of the compressible files under `dir`. */
export function precompressFiles(dir: string): void {
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
