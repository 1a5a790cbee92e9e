import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the tests create their databases on (CI and dev: the local Postgres, trust auth). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEMPLATE_DATABASE = process.env.TEST_TEMPLATE_DATABASE ?? 'pie_test_template';

export function databaseUrl(database: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function recreateDatabase(name: string): Promise<string> {
  await onServer(async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  return databaseUrl(name);
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file, cloned from the migrated template
 * (a file copy: far faster than migrating each time, and fully isolated).
 */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `pie_${label.replace(/[^a-z0-9]/gi, '').slice(0, 20).toLowerCase()}_${randomBytes(5).toString('hex')}`;
  await onServer((client) => client.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => onServer((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

/** A short random prefix so parallel test files never share Redis queues. */
export function uniqueQueuePrefix(): string {
  return `pietest${randomBytes(4).toString('hex')}`;
}
