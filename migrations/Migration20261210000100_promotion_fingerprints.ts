import { Migration } from '@mikro-orm/migrations';

/**
 * One free pie per person for good (issue 27): keyed fingerprints (HMAC-SHA256 with
 * PROMOTION_HASH_SECRET) of the normalised address and of each provider account linked to an
 * account that had the free pie. They outlive the account and name nobody: no fan id, no address.
 *
 * `identity.normalised_email` is the one definition of "the same mailbox" (libs/identity/README.md,
 * "Promotion"): lower-cased and trimmed, a +tag dropped, and for Gmail the dots dropped and
 * googlemail.com read as gmail.com. Pie's own placeholder addresses (`….invalid`) have none.
 */
export class Migration20261210000100_promotion_fingerprints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table identity.promotion_fingerprints (
      fingerprint text primary key,
      kind text not null check (kind in ('email', 'provider')),
      recorded_at timestamptz not null default now()
    )`);
    this.addSql(`create function identity.normalised_email(address text) returns text
      language sql immutable strict parallel safe as $$
        select case
                 when domain is null or domain = '' or local = '' or domain like '%.invalid' then null
                 when domain in ('gmail.com', 'googlemail.com') then replace(coalesce(nullif(split_part(local, '+', 1), ''), local), '.', '') || '@gmail.com'
                 else coalesce(nullif(split_part(local, '+', 1), ''), local) || '@' || domain
               end
          from (select substring(a from '^(.*)@[^@]*$') as local, substring(a from '@([^@]*)$') as domain
                  from (select lower(btrim(address)) as a) as trimmed) as parts
      $$`);
    // Pies asks which artist accounts are a promotional fan's own (the same mailbox).
    this.addSql(`create index artist_users_normalised_email_idx on identity.artist_users (identity.normalised_email(email)) where deleted_at is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index identity.artist_users_normalised_email_idx`);
    this.addSql(`drop function identity.normalised_email(text)`);
    this.addSql(`drop table identity.promotion_fingerprints`);
  }
}
