/**
 * `npm run db:types`: migrates a scratch database on the test server (TEST_POSTGRES_URL, default the
 * local Postgres) and writes each module schema's Kysely table types (`libs/<module>/src/db/
 * tables.generated.ts`). Run it after adding a migration; the drift test says when it is due.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createOrm, migrateUp } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { recreateDatabase, renderSchemaTypes } from '#pie/testing';

const url = await recreateDatabase(process.env.DB_TYPES_DATABASE ?? 'pie_db_types');
const orm = await createOrm({ databaseUrl: url, migrations, poolMax: 1 });
try {
  await migrateUp(orm);
} finally {
  await orm.close(true);
}
const files = await renderSchemaTypes(url);
for (const [path, text] of files) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
  console.log(`wrote ${path}`);
}
