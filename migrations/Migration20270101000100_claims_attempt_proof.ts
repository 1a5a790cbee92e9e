import { Migration } from '@mikro-orm/migrations';

/**
 * What a claim's last verification attempt read (issue 29: the admin's review links to the proof):
 * the artist's profile page, the linked social page the string was looked for on, the account the
 * artist signed in to. `{ pages: [{ label, url }] }`; null before an attempt and for older attempts.
 */
export class Migration20270101000100_claims_attempt_proof extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table claims.claims add column last_attempt_proof jsonb`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table claims.claims drop column last_attempt_proof`);
  }
}
