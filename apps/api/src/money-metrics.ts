import { totalsByAccountKind } from '#pie/ledger';
import type { Database, Metrics } from '#pie/platform';

/**
 * `pie_ledger_balance_cents{kind}`: the money held per kind of ledger account (fan wallets, escrow,
 * office earnings, connected, promo pool, fees…), summed from the accounts' cached balances (one
 * grouped read per scrape, never the postings). Served by the api only, so it is counted once.
 */
export function registerMoneyMetrics(metrics: Metrics, database: Database): void {
  metrics.gauge({
    name: 'pie_ledger_balance_cents',
    help: 'Money per kind of ledger account, in cents, from the cached balances (fan_wallet, artist_escrow, office_earnings, office_connected, …)',
    labelNames: ['kind'],
    async collect(gauge) {
      const totals = await Promise.race([
        totalsByAccountKind(database.em()).catch(() => undefined),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2_000).unref()),
      ]);
      for (const [kind, cents] of Object.entries(totals ?? {})) gauge.set({ kind }, cents);
    },
  });
}
