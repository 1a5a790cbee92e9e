/**
 * For the command-line scripts: an ORM on DATABASE_URL, or on the embedded database of `npm start`
 * (started for the occasion if it is not running), migrated; stopped again afterwards.
 */
import pg from 'pg';
import { createOrm, entitiesOf, migrateUp, type Orm } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { modules } from '#pie/modules';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';

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

export async function withScriptOrm<T>(work: (orm: Orm) => Promise<T>): Promise<T> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 5433);
    databaseUrl = `postgres://postgres:pie@127.0.0.1:${port}/pie`;
    if (!(await reachable(databaseUrl))) {
      embedded = await startEmbeddedPostgres({ dataDir: process.env.PIE_DATA_DIR ?? '.data/postgres', port, database: 'pie' });
    }
  }
  const orm = await createOrm({ databaseUrl, migrations, entities: entitiesOf(modules), poolMax: 1 });
  try {
    await migrateUp(orm);
    return await work(orm);
  } finally {
    await orm.close(true);
    await embedded?.stop();
  }
}
