/** What a request or a job needs that may be down for a while: Postgres or the queue backend. */
export type BackingService = 'database' | 'queue backend';

/** Socket-level failures: the server is not there (refused, unreachable, reset, timed out). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/**
 * Postgres SQLSTATEs of a server that is going away or not taking connections: connection
 * exceptions (08…), admin/crash shutdown and "cannot connect now" (57P01–57P03), too many connections.
 */
const POSTGRES_UNAVAILABLE = /^(08\d{3}|57P0[123]|53300)$/;
/** What pg and pg-pool say when a connection dies or cannot be had in time. */
const POSTGRES_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection timeout|the database system is (starting up|shutting down|in recovery)/i;
/** What ioredis says when Redis is gone (its producers fail after one reconnect attempt). */
const REDIS_MESSAGES = /Connection is closed|Reached the max retries per request limit|Stream isn't writeable|Redis connection (lost|to .* failed)/i;

/** Thrown by `withTimeout` for queue operations: the backend did not answer in time. */
export class QueueBackendTimeoutError extends Error {
  override readonly name = 'QueueBackendTimeoutError';
}

/**
 * Which backing service `error` says is unreachable, if any: the error and its causes are checked
 * (MikroORM and Nest wrap the driver's error). Anything else is a fault of ours, not an outage.
 */
export function outageOf(error: unknown): BackingService | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { name, code, message } = current as { name?: unknown; code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (current instanceof QueueBackendTimeoutError || REDIS_MESSAGES.test(text) || name === 'MaxRetriesPerRequestError') return 'queue backend';
    if (name === 'ConnectionException' || (typeof code === 'string' && POSTGRES_UNAVAILABLE.test(code)) || POSTGRES_MESSAGES.test(text)) return 'database';
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return /:6379\b|redis/i.test(text) ? 'queue backend' : 'database';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
