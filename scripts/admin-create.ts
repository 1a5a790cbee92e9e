/**
 * `npm run admin:create -- <email> [--name "Full Name"]`: creates an admin (or gives an existing one a
 * new password) and prints the password once. Admin accounts are never created over HTTP.
 * Uses DATABASE_URL, or the embedded database of `npm start` (started for the occasion if needed).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createOrm, entitiesOf, migrateUp } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { createAdmin } from '#pie/identity';
import { modules } from '#pie/modules';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';

const args = process.argv.slice(2);
const email = args.find((arg) => !arg.startsWith('--'));
const nameIndex = args.indexOf('--name');
const name = nameIndex >= 0 ? args[nameIndex + 1] : undefined;
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:create -- <email> [--name "Full Name"]');
  process.exit(2);
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

let embedded: EmbeddedDatabase | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 5433);
  databaseUrl = `postgres://postgres:pie@127.0.0.1:${port}/pie`;
  if (!(await reachable(databaseUrl))) {
    embedded = await startEmbeddedPostgres({ dataDir: process.env.PIE_DATA_DIR ?? '.data/postgres', port, database: 'pie' });
  }
}

const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
const orm = await createOrm({ databaseUrl, migrations, entities: entitiesOf(modules), poolMax: 1 });
try {
  await migrateUp(orm);
  const result = await createAdmin(orm.em.fork(), { email, name: name ?? email.split('@')[0], password });
  console.log(`${result.created ? 'Created admin' : 'Set a new password for admin'} ${email.toLowerCase()}`);
  if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown once): ${password}`);
} finally {
  await orm.close(true);
  await embedded?.stop();
}
