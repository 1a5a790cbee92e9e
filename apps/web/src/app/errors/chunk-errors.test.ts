import { describe, expect, it } from 'vitest';
import { isChunkLoadError, isCodeLoadFailure, lazyRoute, markCodeLoadFailure } from './chunk-errors';

function named(name: string, message = 'x'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('chunk-load error detection (spec §4)', () => {
  it('recognises the error name ChunkLoadError, whatever the message', () => {
    expect(isChunkLoadError(named('ChunkLoadError', 'anything at all'))).toBe(true);
  });

  it.each([
    ['Loading chunk', 'Loading chunk 42 failed.'],
    ['Loading chunk', 'Loading chunk vendors-main could not be fetched'],
    ['Loading CSS chunk', 'Loading CSS chunk 7 failed. (http://localhost/assets/7.css)'],
    ['Failed to import', 'Failed to import /assets/funds.route-abc.js'],
    [
      'Failed to fetch dynamically imported module',
      'Failed to fetch dynamically imported module: http://localhost:3000/assets/landing.route-Dc2BeXtH.js',
    ],
  ])('recognises a message containing %j', (_listed, message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it.each(['chunk 12 failed', 'The chunk for /pie failed to load', 'Chunk vendors~main failed', 'CHUNK app FAILED'])(
    'recognises the chunk … failed pattern: %j',
    (message) => {
      expect(isChunkLoadError(new Error(message))).toBe(true);
    },
  );

  it('reads plain objects and strings as well as Error instances', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: '' })).toBe(true);
    expect(isChunkLoadError({ message: 'Loading chunk 3 failed' })).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /a.js')).toBe(true);
  });

  it.each([
    ['an ordinary error', new Error('Cannot read properties of undefined')],
    ['a network failure', new TypeError('Failed to fetch')],
    ['a failed chunk without the word chunk', new Error('Loading module failed')],
    ['chunked transfer', new Error('chunked transfer failed')],
    ['the words in the other order', new Error('failed to load the chunk 3')],
    ['lower-case loading chunk', new Error('loading chunk 4')],
    ["Safari's own wording (not in the spec's list)", new TypeError('Importing a module script failed.')],
    ["Firefox's own wording (not in the spec's list)", new TypeError('error loading dynamically imported module')],
    ['another error name', named('TypeError', 'something else')],
  ])('does not mistake %s for one', (_label, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });

  it.each([null, undefined, 42, true, {}, []])('is false for %j', (value) => {
    expect(isChunkLoadError(value)).toBe(false);
  });
});

describe('failures to load a route module', () => {
  it('are marked as code load failures, keeping the original error', async () => {
    const original = new TypeError('Importing a module script failed.');
    const load = lazyRoute(() => Promise.reject(original));

    const failure = await load().catch((error: unknown) => error);

    expect(failure).toBe(original);
    expect(isCodeLoadFailure(failure)).toBe(true);
    expect(isChunkLoadError(failure)).toBe(false);
  });

  it('pass a loaded module through untouched', async () => {
    const module = { Component: () => null };
    await expect(lazyRoute(() => Promise.resolve(module))()).resolves.toBe(module);
  });

  it('wrap a thrown non-object so it can be marked', () => {
    const marked = markCodeLoadFailure('boom');
    expect(marked).toBeInstanceOf(Error);
    expect(isCodeLoadFailure(marked)).toBe(true);
    expect(isCodeLoadFailure(new Error('never marked'))).toBe(false);
  });
});
