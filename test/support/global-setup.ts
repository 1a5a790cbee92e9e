import { createOrm, migrateUp } from '#pie/platform';
import { TEMPLATE_DATABASE, recreateDatabase } from '#pie/testing';
import { migrations } from '#pie/migrations';

/** Once per run: a freshly migrated template database that every test file clones. */
export default async function setup(): Promise<void> {
  const url = await recreateDatabase(TEMPLATE_DATABASE);
  const orm = await createOrm({ databaseUrl: url, migrations, poolMax: 1 });
  try {
    await migrateUp(orm);
  } finally {
    await orm.close(true);
  }
}
