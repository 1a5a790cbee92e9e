import { Migration20261123000100_platform } from './Migration20261123000100_platform.js';
import { Migration20261123000200_identity } from './Migration20261123000200_identity.js';
import { Migration20261123000300_identity_accounts } from './Migration20261123000300_identity_accounts.js';
import { Migration20261123000350_provider_connections } from './Migration20261123000350_provider_connections.js';
import { Migration20261123000400_listening } from './Migration20261123000400_listening.js';
import { Migration20261124000100_dead_jobs } from './Migration20261124000100_dead_jobs.js';
import { Migration20261124000200_identity_hardening } from './Migration20261124000200_identity_hardening.js';
import { Migration20261124000300_listening_read_models } from './Migration20261124000300_listening_read_models.js';
import { Migration20261124000310_identity_time_zone } from './Migration20261124000310_identity_time_zone.js';
import { Migration20261124000500_ledger } from './Migration20261124000500_ledger.js';
import { Migration20261124000510_billing } from './Migration20261124000510_billing.js';
import { Migration20261124000600_pies } from './Migration20261124000600_pies.js';
import { Migration20261124000700_offices_claims } from './Migration20261124000700_offices_claims.js';
import { Migration20261125000400_ledger_statement_triggers } from './Migration20261125000400_ledger_statement_triggers.js';
import { Migration20261125000900_payouts } from './Migration20261125000900_payouts.js';
import { Migration20261126000200_payouts_money } from './Migration20261126000200_payouts_money.js';
import { Migration20261126000300_admin } from './Migration20261126000300_admin.js';
import { Migration20261127000100_close_write_path } from './Migration20261127000100_close_write_path.js';
import { Migration20261127000200_fan_artist_windows } from './Migration20261127000200_fan_artist_windows.js';
import { Migration20261127000300_track_credits } from './Migration20261127000300_track_credits.js';
import { Migration20261127000400_fan_counts } from './Migration20261127000400_fan_counts.js';
import { Migration20261128000100_ledger_single_pass_checks } from './Migration20261128000100_ledger_single_pass_checks.js';
import { Migration20261129000100_ledger_codes_collate_c } from './Migration20261129000100_ledger_codes_collate_c.js';
import { Migration20261130000100_pies_pending_saved_at } from './Migration20261130000100_pies_pending_saved_at.js';
import { Migration20261201000100_ledger_escrow_lines } from './Migration20261201000100_ledger_escrow_lines.js';
import { Migration20261201000200_payouts_reconnect } from './Migration20261201000200_payouts_reconnect.js';
import { Migration20261202000100_billing_invoices_without_money } from './Migration20261202000100_billing_invoices_without_money.js';
import { Migration20261202000200_admin_reconciliation_run_progress } from './Migration20261202000200_admin_reconciliation_run_progress.js';
import { Migration20261204000100_offices_invitations_without_accounts } from './Migration20261204000100_offices_invitations_without_accounts.js';
import { Migration20261205000100_platform_worker_heartbeats } from './Migration20261205000100_platform_worker_heartbeats.js';
import { Migration20261210000100_promotion_fingerprints } from './Migration20261210000100_promotion_fingerprints.js';
import { Migration20261210000200_pies_own_office_reason } from './Migration20261210000200_pies_own_office_reason.js';
import { Migration20261212000100_pies_finished_at } from './Migration20261212000100_pies_finished_at.js';
import { Migration20261213000100_payouts_deauthorized_accounts } from './Migration20261213000100_payouts_deauthorized_accounts.js';
import { Migration20261215000100_pies_status_at } from './Migration20261215000100_pies_status_at.js';
import { Migration20270101000100_claims_attempt_proof } from './Migration20270101000100_claims_attempt_proof.js';
import { Migration20270116000100_listening_scrobble_sources } from './Migration20270116000100_listening_scrobble_sources.js';
import { Migration20270201000100_ledger_monthly_totals } from './Migration20270201000100_ledger_monthly_totals.js';
import { Migration20270301000100_ledger_single_fan_escrow } from './Migration20270301000100_ledger_single_fan_escrow.js';
import { Migration20270303000100_identity_listening_country } from './Migration20270303000100_identity_listening_country.js';
import { Migration20270304000100_listening_long_scrobble_window } from './Migration20270304000100_listening_long_scrobble_window.js';
import { Migration20270304000200_listening_scrobble_named_tracks } from './Migration20270304000200_listening_scrobble_named_tracks.js';
import { Migration20270304000300_listening_mbids } from './Migration20270304000300_listening_mbids.js';
import { Migration20270310000100_ledger_balances_last } from './Migration20270310000100_ledger_balances_last.js';
import { Migration20270316000100_ledger_escrow_match_by_journal } from './Migration20270316000100_ledger_escrow_match_by_journal.js';
import { Migration20270322000100_listening_read_models_hot } from './Migration20270322000100_listening_read_models_hot.js';
import { Migration20270323000100_identity_adopted_stripe_customers } from './Migration20270323000100_identity_adopted_stripe_customers.js';
import { Migration20270401000100_listening_writer_hot_rows } from './Migration20270401000100_listening_writer_hot_rows.js';

/** The one migration history of the whole database, oldest first. Append; never edit a shipped one. */
export const migrations = [
  Migration20261123000100_platform,
  Migration20261123000200_identity,
  Migration20261123000300_identity_accounts,
  Migration20261123000350_provider_connections,
  Migration20261123000400_listening,
  Migration20261124000100_dead_jobs,
  Migration20261124000200_identity_hardening,
  Migration20261124000300_listening_read_models,
  Migration20261124000310_identity_time_zone,
  Migration20261124000500_ledger,
  Migration20261124000510_billing,
  Migration20261124000600_pies,
  Migration20261124000700_offices_claims,
  Migration20261125000400_ledger_statement_triggers,
  Migration20261125000900_payouts,
  Migration20261126000200_payouts_money,
  Migration20261126000300_admin,
  Migration20261127000100_close_write_path,
  Migration20261127000200_fan_artist_windows,
  Migration20261127000300_track_credits,
  Migration20261127000400_fan_counts,
  Migration20261128000100_ledger_single_pass_checks,
  Migration20261129000100_ledger_codes_collate_c,
  Migration20261130000100_pies_pending_saved_at,
  Migration20261201000100_ledger_escrow_lines,
  Migration20261201000200_payouts_reconnect,
  Migration20261202000100_billing_invoices_without_money,
  Migration20261202000200_admin_reconciliation_run_progress,
  Migration20261204000100_offices_invitations_without_accounts,
  Migration20261205000100_platform_worker_heartbeats,
  Migration20261210000100_promotion_fingerprints,
  Migration20261210000200_pies_own_office_reason,
  Migration20261212000100_pies_finished_at,
  Migration20261213000100_payouts_deauthorized_accounts,
  Migration20261215000100_pies_status_at,
  Migration20270101000100_claims_attempt_proof,
  Migration20270116000100_listening_scrobble_sources,
  Migration20270201000100_ledger_monthly_totals,
  Migration20270301000100_ledger_single_fan_escrow,
  Migration20270303000100_identity_listening_country,
  Migration20270304000100_listening_long_scrobble_window,
  Migration20270304000200_listening_scrobble_named_tracks,
  Migration20270304000300_listening_mbids,
  Migration20270310000100_ledger_balances_last,
  Migration20270316000100_ledger_escrow_match_by_journal,
  Migration20270322000100_listening_read_models_hot,
  Migration20270323000100_identity_adopted_stripe_customers,
  Migration20270401000100_listening_writer_hot_rows,
];
