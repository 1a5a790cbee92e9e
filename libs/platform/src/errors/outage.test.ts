import { describe, expect, it } from 'vitest';
import { outageOf, QueueBackendTimeoutError } from './outage.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('outageOf', () => {
  it('names the database for the errors of a Postgres that is gone, also when wrapped', () => {
    expect(outageOf(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('database');
    expect(outageOf(new Error('timeout exceeded when trying to connect'))).toBe('database');
    expect(outageOf(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(outageOf(withCode('terminating connection due to administrator command', '57P01'))).toBe('database');
    expect(outageOf(new Error('query failed', { cause: withCode('the database system is starting up', '57P03') }))).toBe('database');
  });

  it('names the queue backend for Redis going away and queue operations timing out', () => {
    expect(outageOf(new Error('Connection is closed.'))).toBe('queue backend');
    expect(outageOf(Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }))).toBe('queue backend');
    expect(outageOf(new QueueBackendTimeoutError('Publishing 3 outbox row(s) to events did not finish within 5000 ms'))).toBe('queue backend');
  });

  it('leaves faults of ours (and a client’s bad input) alone', () => {
    expect(outageOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(outageOf(withCode('duplicate key value violates unique constraint', '23505'))).toBeUndefined();
    expect(outageOf(withCode('invalid input syntax for type uuid', '22P02'))).toBeUndefined();
  });
});
