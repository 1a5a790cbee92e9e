import { Migration } from '@mikro-orm/migrations';

/**
 * Ledger account codes and idempotency keys are machine identifiers (`artist_escrow:<uuid>`,
 * `pie_period_closed:<uuid>`), compared byte by byte. Under the database's default collation
 * (C.UTF-8 here, which Postgres 15 does not recognise as C) every comparison in their indexes and
 * sorts went through the C library's strcoll. A batch close inserts 31,000 postings into the
 * account index and sorts its accounts to lock them in order: with collation "C" the posting
 * statement of a 1,000-journal batch took 240 ms instead of 290. The order is the same (UTF-8 byte
 * order is code point order, which is how C.UTF-8 sorts), so lock order and statements don't move.
 */
export class Migration20261129000100_ledger_codes_collate_c extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ledger.accounts alter column code type text collate "C"`);
    this.addSql(`alter table ledger.postings alter column account type text collate "C"`);
    this.addSql(`alter table ledger.journals alter column idempotency_key type text collate "C"`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table ledger.journals alter column idempotency_key type text collate "default"`);
    this.addSql(`alter table ledger.postings alter column account type text collate "default"`);
    this.addSql(`alter table ledger.accounts alter column code type text collate "default"`);
  }
}
