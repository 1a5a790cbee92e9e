/**
 * `npm run ledger:check`: runs the ledger's invariant checks (the same code as the tests and the
 * admin's reconciliation) against DATABASE_URL, or the embedded database of `npm start`. Prints
 * each check and exits 1 when any fails.
 */
import pg from 'pg';
import { createOrm } from '#pie/platform';
import { checkLedgerInvariants } from '#pie/ledger';
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

let embedded: EmbeddedDatabase | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 5433);
  databaseUrl = `postgres://postgres:pie@127.0.0.1:${port}/pie`;
  if (!(await reachable(databaseUrl))) {
    embedded = await startEmbeddedPostgres({ dataDir: process.env.PIE_DATA_DIR ?? '.data/postgres', port, database: 'pie' });
  }
}

const orm = await createOrm({ databaseUrl, poolMax: 1 });
try {
  const report = await checkLedgerInvariants(orm.em.fork());
  for (const result of report.results) {
    console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}`);
    for (const violation of result.violations) console.log(`       ${violation}`);
  }
  console.log(report.ok ? 'Every ledger invariant holds.' : 'Ledger invariants are broken (see above).');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await orm.close(true);
  await embedded?.stop();
}
