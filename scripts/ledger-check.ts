/**
 * `npm run ledger:check`: runs the ledger's invariant checks (the same code as the tests and the
 * admin's reconciliation) against DATABASE_URL, or the embedded database of `npm start`. Prints
 * each check and exits 1 when any fails.
 */
import { checkLedgerInvariants } from '#pie/ledger';
import { withScriptOrm } from './script-database.ts';

await withScriptOrm(async (orm) => {
  const report = await checkLedgerInvariants(orm.em.fork());
  for (const result of report.results) {
    console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}`);
    for (const violation of result.violations) console.log(`       ${violation}`);
  }
  console.log(report.ok ? 'Every ledger invariant holds.' : 'Ledger invariants are broken (see above).');
  process.exitCode = report.ok ? 0 : 1;
});
