/**
 * Spec §4: a chunk-load error is recognised by the error name 'ChunkLoadError'
 * or by a message containing 'Loading chunk', 'Loading CSS chunk', 'Failed to
 * import', 'Failed to fetch dynamically imported module', or a 'chunk ...
 * failed' pattern. Exactly those, nothing more: other failures to load code are
 * marked by `markCodeLoadFailure` instead (see `lazyRoute`).
 */
const CHUNK_MESSAGES = [
  'Loading chunk',
  'Loading CSS chunk',
  'Failed to import',
  'Failed to fetch dynamically imported module',
] as const;

/** 'chunk 42 failed', 'Chunk vendors~main failed to load': the word chunk, a space, later the word failed. */
const CHUNK_FAILED_PATTERN = /chunk\s.*failed/i;

function nameAndMessage(error: unknown): { name: string; message: string } | null {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
  }
  if (typeof error === 'string') return { name: '', message: error };
  return null;
}

export function isChunkLoadError(error: unknown): boolean {
  const described = nameAndMessage(error);
  if (!described) return false;
  if (described.name === 'ChunkLoadError') return true;
  const { message } = described;
  return CHUNK_MESSAGES.some((text) => message.includes(text)) || CHUNK_FAILED_PATTERN.test(message);
}

const codeLoadFailures = new WeakSet<object>();

/**
 * Marks an error as a failure to load a code module (a lazy route's import
 * rejected) whose text is not one spec §4 lists — e.g. Safari's 'Importing a
 * module script failed.' The update screen then offers 'Refresh App' instead
 * of refreshing on its own.
 */
export function markCodeLoadFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) {
    codeLoadFailures.add(error);
    return error;
  }
  const wrapped = new Error(String(error));
  codeLoadFailures.add(wrapped);
  return wrapped;
}

export function isCodeLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && codeLoadFailures.has(error);
}

/** A route's `lazy` whose failures are known to be failures to load code. */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      throw markCodeLoadFailure(error);
    }
  };
}
