import { accounts, postJournals, type JournalInput } from '#pie/ledger';
import { Database } from '#pie/platform';
import { ClosePiePeriod } from '#pie/pies/testing';
import type { TestPlatform } from '../../support/test-platform.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

/*
 * Fixtures of the crash test, written in a handful of set-based statements so tens of thousands
 * of them take seconds (the shape of scripts/bench-close.ts): fans with an e-mail address, a pie
 * each whose period has ended, listening in the window, and money in the wallet (through the
 * ledger's own batch poster). What happens next is NOT seeded: each period's close is an outbox
 * row, exactly as a module writes one, and everything after it (the relay, the queues, the close,
 * its journal, its event, the e-mail listener, the e-mail job) is the application's real path.
 */

const ARTISTS = 60;
const PLAYS_PER_FAN = 5;
const DAY = 86_400_000;

/** The n-th id of a kind: readable in a failure message, and the same in every run. */
const idSql = (kind: 'a' | 'b' | 'c' | 'd' | 'e', n: string) => `('00000000-0000-4000-${kind}000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
export const fanId = (n: number) => `00000000-0000-4000-d000-${n.toString(16).padStart(12, '0')}`;
export const fanEmail = (n: number) => `crash-fan-${n}@example.test`;
export const fundingCents = (n: number) => 500 + ((n * 7919) % 2000);

export interface SeededCloses {
  periods: number;
  fundedCents: number;
}

/** `periods` fans, each with one ended period ready to close and its close waiting in the outbox. */
export async function seedPeriodCloses(platform: TestPlatform, periods: number): Promise<SeededCloses> {
  const database = platform.api.get(Database);
  const em = () => database.em().fork();
  const last = periods - 1;
  await em().execute(
    `insert into listening.artists (id, provider_id, name, popularity, metadata_fetched_at)
     select ${idSql('a', 'g')}, 'crashartist' || g, 'Crash Artist ' || g, g % 101, now() from generate_series(0, ${ARTISTS - 1}) g`,
  );
  await em().execute(
    `insert into listening.tracks (id, provider_id, name, match_key, duration_ms, metadata_fetched_at)
     select ${idSql('b', 'g')}, 'crashtrack' || g, 'Crash Track ' || g, 'crash' || g, 200000, now() from generate_series(0, ${ARTISTS - 1}) g`,
  );
  await em().execute(
    `insert into listening.track_artists (track_id, artist_id, position) select ${idSql('b', 'g')}, ${idSql('a', 'g')}, 0 from generate_series(0, ${ARTISTS - 1}) g`,
  );
  // A fan row (the e-mail listener reads the address through identity's facade); no password to log in with.
  await em().execute(
    `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at)
     select ${idSql('d', 'f')}, 'crash-fan-' || f || '@example.test', 'Crash', 'Fan', 'not-a-login', now(), now() from generate_series(0, ${last}) f`,
  );
  await em().execute(
    `insert into pies.pies (id, fan_id, subscription_id, amount_cents, artist_limit, artist_popularity, exclude_non_active, pie_days)
     select ${idSql('c', 'f')}, ${idSql('d', 'f')}, 'sub_crash_' || f, 1000, 3, 0, false, 30 from generate_series(0, ${last}) f`,
  );
  // Marked `closing` as the scheduler marks the periods it queues (so its own tick leaves them to the outbox's jobs).
  await em().execute(
    `insert into pies.periods (id, pie_id, seq, starts_at, ends_at, amount_cents, artist_limit, artist_popularity, exclude_non_active, state, closing_since)
     select ${idSql('e', 'f')}, ${idSql('c', 'f')}, 1, now() - interval '31 days', now() - interval '1 day', 1000, 3, 0, false, 'closing', now()
       from generate_series(0, ${last}) f`,
  );
  // A few plays per fan; one fan in 25 listened to nothing (their money rolls over, they get the other e-mail).
  await em().execute(
    `insert into listening.plays (fan_id, played_at, track_id, ms_played, source)
     select ${idSql('d', 'f')}, now() - interval '30 days' + make_interval(mins => k * 11 + f % 600),
            ${idSql('b', `(f * 7 + k * 13) % ${ARTISTS}`)}, 30000 + ((f * 7 + k * 13) % 200) * 1000, 'export'
       from generate_series(0, ${last}) f cross join generate_series(0, ${PLAYS_PER_FAN - 1}) k where f % 25 <> 24`,
  );
  let fundedCents = 0;
  const fundedAt = new Date(Date.now() - 31 * DAY + 60_000);
  for (let start = 0; start < periods; start += 2_000) {
    const journals: JournalInput[] = [];
    for (let n = start; n < Math.min(periods, start + 2_000); n++) {
      const cents = fundingCents(n);
      fundedCents += cents;
      journals.push({
        kind: TEST_JOURNAL_KINDS.funding,
        idempotencyKey: `test_funding:crash:${n}`,
        occurredAt: fundedAt,
        references: { fanId: fanId(n) },
        postings: [
          { account: accounts.stripeClearing, amountCents: -cents },
          { account: accounts.fanWallet(fanId(n)), amountCents: cents },
        ],
      });
    }
    await database.transaction((tx) => postJournals(tx, journals));
  }
  // The closes, as outbox rows (message id = period id, the job id the scheduler would give it).
  await em().execute(
    `insert into platform.outbox (id, queue, job_name, payload, occurred_at)
     select ${idSql('e', 'f')}, '${ClosePiePeriod.queue}', '${ClosePiePeriod.name}', jsonb_build_object('periodId', ${idSql('e', 'f')}), now()
       from generate_series(0, ${last}) f`,
  );
  await em().execute(`analyze`);
  return { periods, fundedCents };
}

/** Which crash artists an office has claimed: every third, round robin over the offices. */
export const claimedArtist = (a: number) => a % 3 === 0;
export const crashArtistId = (a: number) => `00000000-0000-4000-a000-${a.toString(16).padStart(12, '0')}`;

/**
 * `offices` offices, each with an Express account onboarded on the sandbox's Stripe (so transfers
 * reach it) and successful claims on every third crash artist: each close's share for those
 * artists is released to the office, and its earnings are transferred once past the threshold.
 */
export async function seedPayees(platform: TestPlatform, offices: number): Promise<{ officeIds: string[]; stripeAccounts: string[] }> {
  const database = platform.api.get(Database);
  const officeIds: string[] = [];
  const stripeAccounts: string[] = [];
  for (let o = 0; o < offices; o++) {
    const officeId = `00000000-0000-4000-f000-${o.toString(16).padStart(12, '0')}`;
    const account = await platform.stripe.accounts.create({ type: 'express', country: 'US', settings: { payouts: { schedule: { interval: 'manual' } } }, metadata: { office_id: officeId } }, { idempotencyKey: `crash-office-${officeId}` });
    await platform.stripeControl.onboardAccount(account.id, { businessName: `Crash Office ${o}` });
    await database.em().fork().execute(`insert into offices.offices (id, name, type, created_by) values (?, ?, 'label', ?)`, [officeId, `Crash Office ${o}`, officeId]);
    await database.em().fork().execute(
      `insert into payouts.connected_accounts (office_id, stripe_account_id, status, details_submitted, payouts_enabled, transfers_active) values (?, ?, 'enabled', true, true, true)`,
      [officeId, account.id],
    );
    officeIds.push(officeId);
    stripeAccounts.push(account.id);
  }
  for (let a = 0; a < ARTISTS; a++) {
    if (!claimedArtist(a)) continue;
    await database.em().fork().execute(
      `insert into claims.claims (office_id, artist_id, status, verification_method, verification_string, agreed_at, created_by, verified_at)
       values (?, ?, 'successful', 'manual', 'crash', now(), ?, now())`,
      [officeIds[(a / 3) % offices], crashArtistId(a), officeIds[(a / 3) % offices]],
    );
  }
  return { officeIds, stripeAccounts };
}
