import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 10: which social sign-in created a fan (a password reset by the mailbox owner unlinks what
 * they did not link themselves), and indexes for the prune job that keeps growing tables small.
 */
export class Migration20261124000200_identity_hardening extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table identity.fans add column created_via text`);
    this.addSql(`create index oauth_states_expires_idx on identity.oauth_states (expires_at)`);
    this.addSql(`create index oauth_states_subject_idx on identity.oauth_states (subject_id) where subject_id is not null and used_at is null`);
    this.addSql(`create index rate_limits_window_idx on platform.rate_limits (window_started_at)`);
    this.addSql(`create index email_tokens_expires_idx on identity.email_tokens (expires_at)`);
    this.addSql(`create index sessions_expires_idx on identity.sessions (expires_at)`);
    this.addSql(`create index inbox_processed_idx on platform.inbox (processed_at)`);
    this.addSql(`create index outbox_published_idx on platform.outbox (published_at) where published_at is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index identity.oauth_states_expires_idx, identity.oauth_states_subject_idx, platform.rate_limits_window_idx,
      identity.email_tokens_expires_idx, identity.sessions_expires_idx, platform.inbox_processed_idx, platform.outbox_published_idx`);
    this.addSql(`alter table identity.fans drop column created_via`);
  }
}
