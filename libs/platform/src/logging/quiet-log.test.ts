import { describe, expect, it } from 'vitest';
import { QuietLog, safeMessage } from './quiet-log.js';

function recorder() {
  const lines: string[] = [];
  const logger = { error: (line: string) => lines.push(`error ${line}`), warn: (line: string) => lines.push(`warn ${line}`), log: (line: string) => lines.push(`log ${line}`) };
  return { lines, logger };
}

describe('QuietLog', () => {
  it('logs an outage of a minute and a half, failing four times a second, in four lines', () => {
    const { lines, logger } = recorder();
    let now = 0;
    const quiet = new QuietLog(logger, 60_000, () => now);
    for (; now < 90_000; now += 250) quiet.failure('outbox relay', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }));
    quiet.success('outbox relay');
    quiet.success('outbox relay');
    expect(lines).toEqual([
      'error outbox relay failing: connect ECONNREFUSED 127.0.0.1:6379 (further failures are summarised every 60 s)',
      'warn outbox relay still failing for 60 s: 240 failure(s) since the last line; last: connect ECONNREFUSED 127.0.0.1:6379',
      'log outbox relay recovered after 90 s (360 failure(s))',
    ]);
  });

  it('keeps each failing thing apart', () => {
    const { lines, logger } = recorder();
    const quiet = new QuietLog(logger, 60_000, () => 0);
    quiet.failure('events queue connection', new Error('Connection is closed.'));
    quiet.failure('outbox relay', new Error('Connection terminated unexpectedly'));
    quiet.failure('events queue connection', new Error('Connection is closed.'));
    expect(lines).toHaveLength(2);
    expect(quiet.isFailing('outbox relay')).toBe(true);
  });
});

describe('safeMessage', () => {
  it('is one line with the credentials of any URL masked, never the error object', () => {
    const error = Object.assign(new Error('could not connect to redis://default:s3cret@cache.internal:6379\n    at Socket.<anonymous>'), { client: { password: 's3cret' } });
    expect(safeMessage(error)).toBe('could not connect to redis://***@cache.internal:6379 at Socket.<anonymous>');
    expect(safeMessage('postgres://pie:hunter2@db:5432/pie is down')).toBe('postgres://***@db:5432/pie is down');
  });
});
