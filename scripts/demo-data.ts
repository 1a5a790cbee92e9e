import { randomUUID } from 'node:crypto';
import type { EntityManager } from '#pie/platform';
import { addPromotionCodes, createAdmin, hashPassword } from '#pie/identity/testing';
import { promoPoolTopUp } from '#pie/billing/testing';
import { canonicalPostings, postJournal } from '#pie/ledger';

/** What promo_pool starts with: forty free $5 pies, funded by a `platform_top_up` journal. */
const DEMO_PROMO_POOL_CENTS = 20_000;

/** The key `npm start` gives the app for the sandbox's Stripe, and the demo scripts call it with. */
export const SANDBOX_STRIPE_SECRET_KEY = 'sk_test_pie_local_sandbox';
export const DEMO_FAN = { email: 'fan@pie.local', password: 'pie-demo-fan', firstName: 'Demo', lastName: 'Fan' };
export const DEMO_ARTIST = { email: 'artist@pie.local', password: 'pie-demo-artist', firstName: 'Demo', lastName: 'Artist' };
/** The office's second member: an artist account of their own (an invitation creates none), invited by the demo artist. */
export const DEMO_MEMBER = { email: 'member@pie.local', password: 'pie-demo-member', firstName: 'Demo', lastName: 'Member' };
/** A fan whose listening comes from Last.fm alone (issue 33): the sandbox's Last.fm account `demo-scrobbler`. */
export const DEMO_SCROBBLER = { email: 'scrobbler@pie.local', password: 'pie-demo-scrobbler', firstName: 'Demo', lastName: 'Scrobbler' };
export const DEMO_ADMIN = { email: 'admin@pie.local', password: 'pie-demo-admin', name: 'Demo Admin' };
const DEMO_PROMO_CODES = Array.from({ length: 25 }, (_, index) => `TRYMYPIE-DEMO-${String(index + 1).padStart(3, '0')}`);

/** Demo accounts a newcomer can sign in with at once; seeding twice changes nothing. */
export async function seedDemoData(em: EntityManager): Promise<void> {
  for (const fan of [DEMO_FAN, DEMO_SCROBBLER]) {
    await em.execute(
      `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at)
       values (?, ?, ?, ?, ?, now(), now()) on conflict (email) do nothing`,
      [randomUUID(), fan.email, fan.firstName, fan.lastName, await hashPassword(fan.password)],
    );
  }
  for (const account of [DEMO_ARTIST, DEMO_MEMBER]) {
    await em.execute(
      `insert into identity.artist_users (id, email, first_name, last_name, password_hash, email_verified_at, registration_completed_at)
       values (?, ?, ?, ?, ?, now(), now()) on conflict (email) do nothing`,
      [randomUUID(), account.email, account.firstName, account.lastName, await hashPassword(account.password)],
    );
  }
  const [admin] = await em.execute<{ id: string }[]>(`select id from identity.admins where email = ?`, [DEMO_ADMIN.email]);
  if (!admin) await createAdmin(em, DEMO_ADMIN);
  await addPromotionCodes(em, DEMO_PROMO_CODES);
  const topUp = promoPoolTopUp({ amountCents: DEMO_PROMO_POOL_CENTS, idempotencyKey: 'demo:promo-pool-top-up', note: 'demo data: starting promo pool' });
  await em.transactional((tx) => postJournal(tx, topUp, canonicalPostings(topUp)));
}
