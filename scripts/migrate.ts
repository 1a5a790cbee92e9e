/** `npm run migrate`: applies pending migrations to DATABASE_URL. */
import { createOrm, migrateUp } from '#pie/platform';
import { migrations } from '#pie/migrations';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('migrate: DATABASE_URL is required');
  process.exit(1);
}
const orm = await createOrm({ databaseUrl, migrations, poolMax: 1 });
try {
  const applied = await migrateUp(orm);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await orm.close(true);
}
