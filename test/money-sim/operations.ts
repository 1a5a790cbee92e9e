import type Stripe from 'stripe';
import { makeClaim } from '../integration/claims/artist-area-fixtures.js';
import { StripeSandboxControlError } from '../../apps/sandbox/src/stripe/control-client.js';
import type { SimFan, SimOffice, World } from './world.js';

/**
 * The operations of the money simulation, one entry per kind, so that each can be switched on or
 * off (`MONEY_SIM_KINDS`). An operation is data (`{ day, kind, args }`, args naming people by
 * index), drawn from the seeded generator alone — never from the platform's state — so a run, or
 * any subsequence of its operations, replays exactly. `run` checks what it needs (a fan who has a
 * pie, a claim to verify) and answers `skip: …` when the world does not have it: a subsequence
 * whose earlier steps were removed still runs.
 */

export type OpArgs = Record<string, number | boolean>;

export interface Op {
  day: number;
  kind: string;
  args: OpArgs;
}

export interface GenerateContext {
  day: number;
  /** [0, 1) from the run's seeded generator. */
  random: () => number;
  fans: number;
  artists: number;
  offices: number;
}

export interface OpKind {
  name: string;
  /** What it does, for the report. */
  doc: string;
  /** Does it move money (the invariants run after a day with one)? */
  money: boolean;
  /** On in the default run (CI): only kinds that pass on today's main. */
  byDefault: boolean;
  /** Why it is off by default: the defect of issue 26 it runs into. */
  offBecause?: string;
  /** Today's operations of this kind (their args). */
  generate(ctx: GenerateContext): OpArgs[];
  /** Carries one out; answers what happened ('skip: …' when the world lacks what it needs). */
  run(world: World, args: OpArgs): Promise<string>;
}

const GOOD_CARD = '4242424242424242';
/** Saved fine, declined at every charge: renewals fail with it. */
const FAILING_CARD = '4000000000000341';
const PIE_DAYS = [7, 14, 30];

const pick = (random: () => number, n: number) => Math.floor(random() * n);
/** `count` draws with probability `p` each. */
function times(ctx: GenerateContext, p: number, count: number, make: () => OpArgs): OpArgs[] {
  const out: OpArgs[] = [];
  for (let i = 0; i < count; i++) if (ctx.random() < p) out.push(make());
  return out;
}
/** One op per day with probability `p` scaled by the population `count`. */
const perPopulation = (ctx: GenerateContext, p: number, count: number, make: () => OpArgs) => times(ctx, p, count, make);

function liveFan(world: World, index: number): SimFan | undefined {
  const fan = world.fans[index];
  return fan && !fan.deleted ? fan : undefined;
}

/** The fan's pie and subscription as their settings page reads them. */
async function activeSubscription(world: World, fan: SimFan): Promise<{ id: string; status: string; pieId?: string } | undefined> {
  const answer = await world.call('GET', '/api/stripe/activeSubscription', fan.cookies);
  const data = answer.body.data as { id: string; status: string; metadata?: { pie_id?: string } } | null;
  if (!data) return undefined;
  return { id: data.id, status: data.status, pieId: data.metadata?.pie_id };
}

async function livePieId(world: World, fan: SimFan): Promise<string | undefined> {
  const answer = await world.call('GET', '/api/pie/active', fan.cookies);
  const data = answer.body.data as { id?: string; _id?: string } | null;
  return data ? (data.id ?? data._id) : undefined;
}

const refused = (answer: { status: number; body: any }) => `refused ${answer.status}: ${String(answer.body?.message ?? '').slice(0, 120)}`;

async function charges(world: World, fan: SimFan): Promise<Stripe.Charge[]> {
  if (!fan.customerId) return [];
  const list = await world.platform.stripe.charges.list({ customer: fan.customerId, limit: 100 });
  return list.data.filter((charge) => charge.status === 'succeeded').sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
}

/** A sandbox control refusing (a Stripe error such as "already refunded") is an answer, not a failure. */
async function control<T>(action: () => Promise<T>): Promise<T | string> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof StripeSandboxControlError && error.status < 500) return `stripe refused ${error.status}: ${JSON.stringify(error.body).slice(0, 160)}`;
    throw error;
  }
}

async function onboard(world: World, office: SimOffice): Promise<string> {
  const started = await world.call('POST', '/api/for-artists/stripe/completeOnboarding', office.admin.cookies, { officeId: office.admin.officeId });
  if (started.status !== 200) return refused(started);
  const accountId = await world.sql.value<string>(`select stripe_account_id from payouts.connected_accounts where office_id = $1`, [office.admin.officeId]);
  const done = await control(() => world.platform.stripeControl.onboardAccount(accountId, { businessName: `Sim Office ${office.index}` }));
  if (typeof done === 'string') return done;
  office.stripeAccount = accountId;
  return `onboarded ${accountId}`;
}

const disconnected = async (world: World, office: SimOffice) =>
  (await world.sql.value<number>(`select count(*)::int from payouts.connected_accounts where office_id = $1 and disconnected_at is not null`, [office.admin.officeId])) > 0;

export const OPERATION_KINDS: OpKind[] = [
  {
    name: 'fan.join',
    doc: 'a fan (new, or one whose pie ended) starts a pie through createCheckout and pays it on the sandbox checkout (1 in 10 with a declined card)',
    money: true,
    byDefault: true,
    // Fan n tries on day 2n (everyone starts early), then anyone (again) now and then.
    generate: (ctx) =>
      times(ctx, ctx.day < 2 * ctx.fans ? (ctx.day % 2 === 0 ? 1 : 0) : 0.08, 1, () => ({
        fan: ctx.day < 2 * ctx.fans ? ctx.day / 2 : pick(ctx.random, ctx.fans),
        amountCents: 300 + pick(ctx.random, 28) * 100 + (ctx.random() < 0.3 ? pick(ctx.random, 99) : 0),
        pieDays: PIE_DAYS[pick(ctx.random, PIE_DAYS.length)],
        artistLimit: 1 + pick(ctx.random, 6),
        declined: ctx.random() < 0.1,
      })),
    async run(world, args) {
      const fan = world.fans[args.fan as number] ?? (await world.addFan(args.fan as number));
      if (fan.deleted) return 'skip: deleted';
      const current = await activeSubscription(world, fan);
      if (current && ['active', 'past_due', 'trialing', 'incomplete'].includes(current.status)) return `skip: has a ${current.status} pie`;
      const checkout = await world.call('POST', '/api/stripe/createCheckout', fan.cookies, {
        amount: ((args.amountCents as number) / 100).toFixed(2),
        pieDays: args.pieDays,
        artistLimit: args.artistLimit,
        artistPopularity: 0,
        excludeNonActive: false,
      });
      if (checkout.status !== 200) return refused(checkout);
      const paid = await control(() => world.platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId, args.declined ? '4000000000000002' : GOOD_CARD));
      if (typeof paid === 'string') return `declined (${paid.slice(0, 60)})`;
      fan.customerId = typeof paid.customer === 'string' ? paid.customer : (paid.customer?.id ?? fan.customerId);
      return `paid ${args.amountCents}¢ every ${args.pieDays} days`;
    },
  },
  {
    name: 'fan.listen',
    doc: 'a fan plays tracks of an artist (the day’s plays go through the listening module’s batch writer together, before the next money operation)',
    money: false,
    byDefault: true,
    generate: (ctx) => {
      const out: OpArgs[] = [];
      for (let fan = 0; fan < ctx.fans; fan++) if (ctx.random() < 0.45) out.push({ fan, artist: pick(ctx.random, ctx.artists), plays: 1 + pick(ctx.random, 5) });
      return out;
    },
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      if (!fan) return 'skip: no such fan';
      const { track } = world.artists[args.artist as number];
      const now = Date.now();
      world.pendingPlays.push(
        ...Array.from({ length: args.plays as number }, (_, k) => ({
          fanId: fan.id,
          playedAt: new Date(now - (k + 1) * 3 * 60_000),
          msPlayed: 180_000,
          source: 'recently-played' as const,
          providerTrackId: track.providerId,
          trackName: track.name,
          artistName: 'unused: the track is known',
          album: null,
        })),
      );
      return `${args.plays} play(s)`;
    },
  },
  {
    name: 'fan.card-fails',
    doc: 'the fan’s card starts declining: the next renewals fail (past due, Stripe’s retries)',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.01, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans) })),
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      if (!fan?.customerId) return 'skip: no customer';
      const done = await control(() => world.platform.stripeControl.setRenewalCard(fan.customerId!, FAILING_CARD));
      return typeof done === 'string' ? done : 'renewals will fail';
    },
  },
  {
    name: 'fan.card-fixed',
    doc: 'the fan replaces the card: an open invoice is paid at once (a renewal paid late)',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.015, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans) })),
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      if (!fan?.customerId) return 'skip: no customer';
      const done = await control(() => world.platform.stripeControl.setRenewalCard(fan.customerId!, GOOD_CARD));
      return typeof done === 'string' ? done : 'card replaced';
    },
  },
  {
    name: 'fan.change-amount',
    doc: 'the fan changes the pie’s amount (applies from the next period)',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.006, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans), amountCents: 200 + pick(ctx.random, 30) * 100 })),
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      const pieId = fan && (await livePieId(world, fan));
      if (!fan || !pieId) return 'skip: no pie';
      const answer = await world.call('PATCH', `/api/pie/${pieId}`, fan.cookies, { amount: ((args.amountCents as number) / 100).toFixed(2) });
      return answer.status === 200 ? `amount → ${args.amountCents}¢` : refused(answer);
    },
  },
  {
    name: 'fan.change-period',
    doc: 'the fan changes the pie’s period length (pieDays)',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.004, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans), pieDays: PIE_DAYS[pick(ctx.random, PIE_DAYS.length)] })),
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      const pieId = fan && (await livePieId(world, fan));
      if (!fan || !pieId) return 'skip: no pie';
      const answer = await world.call('PATCH', `/api/pie/${pieId}`, fan.cookies, { pieDays: args.pieDays });
      return answer.status === 200 ? `pieDays → ${args.pieDays}` : refused(answer);
    },
  },
  {
    name: 'fan.ban',
    doc: 'the fan bans (or unbans) an artist from all their pies',
    money: false,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.006, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans), artist: pick(ctx.random, ctx.artists), banned: ctx.random() < 0.7 })),
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      if (!fan) return 'skip: no such fan';
      const artistId = world.artists[args.artist as number].artist.id;
      const answer = await world.call('PATCH', `/api/pie/artist/${artistId}/ban`, fan.cookies, { banned: args.banned });
      return answer.status === 200 ? (args.banned ? 'banned' : 'unbanned') : refused(answer);
    },
  },
  {
    name: 'fan.cancel',
    doc: 'the fan cancels the pie (it ends at the period’s end)',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.003, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans) })),
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      const subscription = fan && (await activeSubscription(world, fan));
      if (!fan || !subscription || subscription.status === 'canceled') return 'skip: no subscription';
      const answer = await world.call('POST', '/api/stripe/cancelSubscription', fan.cookies, { subscriptionId: subscription.id });
      return answer.status === 200 ? 'cancelled' : refused(answer);
    },
  },
  {
    name: 'fan.delete',
    doc: 'the fan deletes their account',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.0015, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans) })),
    async run(world, args) {
      const fan = liveFan(world, args.fan as number);
      if (!fan) return 'skip: no such fan';
      const answer = await world.call('DELETE', '/api/auth/account', fan.cookies);
      if (answer.status !== 200) return refused(answer);
      fan.deleted = true;
      fan.deletedAtMs = Date.now();
      return 'account deleted';
    },
  },
  {
    name: 'stripe.refund',
    doc: 'Stripe refunds one of the fan’s charges (dashboard), in full or in part',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.004, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans), charge: pick(ctx.random, 1000), part: ctx.random() < 0.5 ? 1 : 0.1 + 0.8 * ctx.random() })),
    async run(world, args) {
      const fan = world.fans[args.fan as number];
      const open = fan ? (await charges(world, fan)).filter((c) => !c.disputed && c.amount_refunded < c.amount) : [];
      if (!fan || open.length === 0) return 'skip: no refundable charge';
      const charge = open[(args.charge as number) % open.length];
      const left = charge.amount - charge.amount_refunded;
      const amount = (args.part as number) >= 1 ? left : Math.max(1, Math.floor(left * (args.part as number)));
      const refund = await control(() => world.platform.stripeControl.refundCharge(charge.id, { amount }));
      return typeof refund === 'string' ? refund : `refunded ${amount}¢ of ${charge.id} (${charge.amount}¢)`;
    },
  },
  {
    name: 'stripe.dispute',
    doc: 'the fan’s bank disputes a charge (a chargeback: Stripe withdraws the amount and its fee)',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.002, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans), charge: pick(ctx.random, 1000) })),
    async run(world, args) {
      const fan = world.fans[args.fan as number];
      const open = fan ? (await charges(world, fan)).filter((c) => !c.disputed && c.amount_refunded < c.amount) : [];
      if (!fan || open.length === 0) return 'skip: no disputable charge';
      const charge = open[(args.charge as number) % open.length];
      const dispute = await control(() => world.platform.stripeControl.disputeCharge(charge.id, { amount: charge.amount - charge.amount_refunded }));
      return typeof dispute === 'string' ? dispute : `disputed ${dispute.amount}¢ of ${charge.id}`;
    },
  },
  ...(['won', 'lost'] as const).map(
    (outcome): OpKind => ({
      name: `stripe.dispute-${outcome}`,
      doc: outcome === 'won' ? 'an open dispute is won: Stripe gives the amount back (not the fee)' : 'an open dispute is lost: the money stays with the fan’s bank',
      money: true,
      byDefault: true,
      generate: (ctx) => times(ctx, 0.03, 1, () => ({ dispute: pick(ctx.random, 1000) })),
      async run(world, args) {
        const disputes = (await world.platform.stripe.disputes.list({ limit: 100 })).data.filter((d) => d.status !== 'won' && d.status !== 'lost').sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
        if (disputes.length === 0) return 'skip: no open dispute';
        const dispute = disputes[(args.dispute as number) % disputes.length];
        const closed = await control(() => world.platform.stripeControl.closeDispute(dispute.id, outcome));
        return typeof closed === 'string' ? closed : `${dispute.id} (${dispute.amount}¢) ${closed.status}`;
      },
    }),
  ),
  {
    name: 'stripe.dispute-inquiry',
    doc: 'the fan’s bank opens an inquiry on a charge (an early warning: Stripe moves no money)',
    money: true,
    byDefault: true,
    generate: (ctx) => perPopulation(ctx, 0.002, ctx.fans, () => ({ fan: pick(ctx.random, ctx.fans), charge: pick(ctx.random, 1000) })),
    async run(world, args) {
      const fan = world.fans[args.fan as number];
      const open = fan ? (await charges(world, fan)).filter((c) => !c.disputed && c.amount_refunded < c.amount) : [];
      if (!fan || open.length === 0) return 'skip: no disputable charge';
      const charge = open[(args.charge as number) % open.length];
      const dispute = await control(() => world.platform.stripeControl.disputeCharge(charge.id, { amount: charge.amount - charge.amount_refunded, inquiry: true }));
      return typeof dispute === 'string' ? dispute : `inquiry ${dispute.id} (${dispute.status}) on ${charge.id}`;
    },
  },
  {
    name: 'stripe.dispute-escalate',
    doc: 'an open inquiry becomes a chargeback (funds and the fee withdrawn)',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.02, 1, () => ({ dispute: pick(ctx.random, 1000) })),
    async run(world, args) {
      const inquiries = (await world.platform.stripe.disputes.list({ limit: 100 })).data.filter((d) => d.status.startsWith('warning_') && d.status !== 'warning_closed').sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
      if (inquiries.length === 0) return 'skip: no open inquiry';
      const inquiry = inquiries[(args.dispute as number) % inquiries.length];
      const escalated = await control(() => world.platform.stripeControl.escalateDispute(inquiry.id));
      return typeof escalated === 'string' ? escalated : `${inquiry.id} escalated (${escalated.status})`;
    },
  },
  {
    name: 'stripe.refund-fails',
    doc: 'a refund that succeeded fails afterwards (the card was closed): the money comes back to the platform',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.01, 1, () => ({ refund: pick(ctx.random, 1000) })),
    async run(world, args) {
      const refunds = (await world.platform.stripe.refunds.list({ limit: 100 })).data.filter((r) => r.status === 'succeeded').sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
      if (refunds.length === 0) return 'skip: no succeeded refund';
      const refund = refunds[(args.refund as number) % refunds.length];
      const failed = await control(() => world.platform.stripeControl.failRefund(refund.id));
      return typeof failed === 'string' ? failed : `refund ${refund.id} (${refund.amount}¢) ${failed.status}`;
    },
  },
  {
    name: 'stripe.own-payout',
    doc: 'Stripe pays out an office’s balance on its own (its schedule, or the office from the Express dashboard): a payout Pie did not create',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.01, 1, () => ({ office: pick(ctx.random, ctx.offices) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (!office.stripeAccount) return 'skip: not connected';
      // Pie cannot see an account that removed its access: what the office does there is its own affair.
      if (office.deauthorized.has(office.stripeAccount)) return 'skip: deauthorized';
      const balance = await world.platform.stripe.balance.retrieve({}, { stripeAccount: office.stripeAccount });
      const available = balance.available.reduce((sum, entry) => sum + entry.amount, 0);
      if (available <= 0) return 'skip: nothing available';
      try {
        const payout = await world.platform.stripe.payouts.create({ amount: available, currency: 'usd' }, { stripeAccount: office.stripeAccount });
        return `Stripe paid out ${payout.amount}¢ (${payout.id})`;
      } catch (error) {
        return `stripe refused: ${(error as Error).message.slice(0, 120)}`;
      }
    },
  },
  {
    name: 'stripe.deauthorize',
    doc: 'an office disconnects Pie from its Stripe account on Stripe’s side (account.application.deauthorized)',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.008, 1, () => ({ office: pick(ctx.random, ctx.offices) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (!office.stripeAccount) return 'skip: not connected';
      if (office.deauthorized.has(office.stripeAccount)) return 'skip: already deauthorized';
      const done = await control(() => world.platform.stripeControl.deauthorizeAccount(office.stripeAccount!));
      if (typeof done === 'string') return done;
      office.deauthorized.add(office.stripeAccount);
      // Cut off again: it is no longer expected to receive money until it onboards once more.
      world.reconnected.delete(office.index);
      return `deauthorized ${office.stripeAccount}`;
    },
  },
  {
    name: 'claim.make',
    doc: 'an office claims an artist through the claim wizard’s API',
    money: false,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.05, 1, () => ({ office: pick(ctx.random, ctx.offices), artist: pick(ctx.random, ctx.artists) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (office.claims.has(args.artist as number)) return 'skip: already claimed by this office';
      try {
        const claim = await makeClaim(world.platform, office.admin, world.artists[args.artist as number].artist.id);
        office.claims.set(args.artist as number, claim.id);
        return `claim ${claim.id}`;
      } catch (error) {
        const message = (error as Error).message;
        if (/^claim: 5/.test(message)) throw error;
        return `refused: ${message.slice(0, 120)}`;
      }
    },
  },
  {
    name: 'claim.verify',
    doc: 'an admin verifies an office’s pending claim by hand (escrow is released once the office can receive money)',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.05, 1, () => ({ office: pick(ctx.random, ctx.offices), artist: pick(ctx.random, ctx.artists) })),
    async run(world, args) {
      const claimId = world.offices[args.office as number].claims.get(args.artist as number);
      if (!claimId) return 'skip: no claim';
      const answer = await world.call('POST', `/api/admin/claims/${claimId}/verify-bio`, world.adminCookies, { manualVerification: true });
      return answer.status === 200 ? 'verified' : refused(answer);
    },
  },
  {
    name: 'claim.remove',
    doc: 'an office removes a claimed artist (its later shares wait in escrow again)',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.012, 1, () => ({ office: pick(ctx.random, ctx.offices), artist: pick(ctx.random, ctx.artists) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (!office.claims.has(args.artist as number)) return 'skip: no claim';
      const artistId = world.artists[args.artist as number].artist.id;
      const answer = await world.call('PATCH', `/api/for-artists/offices/${office.admin.officeId}/claimed-artists/${artistId}`, office.admin.cookies, { status: 'Deleted' });
      if (answer.status === 200) office.claims.delete(args.artist as number);
      return answer.status === 200 ? 'removed' : refused(answer);
    },
  },
  {
    name: 'office.onboard',
    doc: 'an office connects Stripe (Express onboarding completed on the sandbox)',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.03, 1, () => ({ office: pick(ctx.random, ctx.offices) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (office.stripeAccount) return 'skip: already connected';
      return onboard(world, office);
    },
  },
  {
    name: 'office.disconnect',
    doc: 'an admin disconnects an office’s Stripe connection (transfers stop; its money stays in its earnings)',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.012, 1, () => ({ office: pick(ctx.random, ctx.offices) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (!office.stripeAccount || (await disconnected(world, office))) return 'skip: not connected';
      const answer = await world.call('DELETE', `/api/admin/offices/${office.admin.officeId}/stripe-connection`, world.adminCookies);
      if (answer.status !== 200) return refused(answer);
      world.reconnected.delete(office.index);
      return 'disconnected';
    },
  },
  {
    name: 'office.reconnect',
    doc: 'a disconnected office goes through onboarding again',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.02, 1, () => ({ office: pick(ctx.random, ctx.offices) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (!office.stripeAccount || !(await disconnected(world, office))) return 'skip: not disconnected';
      const done = await onboard(world, office);
      world.reconnected.add(office.index);
      return `reconnect: ${done}`;
    },
  },
  {
    name: 'office.payout',
    doc: 'an office admin pays out its Stripe balance to the bank (create-payout)',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.04, 1, () => ({ office: pick(ctx.random, ctx.offices) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (!office.stripeAccount) return 'skip: not connected';
      const answer = await world.call('POST', '/api/for-artists/stripe/create-payout', office.admin.cookies, { officeId: office.admin.officeId });
      return answer.status === 200 ? `payout ${answer.body.data.amountCents}¢` : refused(answer);
    },
  },
  {
    name: 'office.bank-fails',
    doc: 'an office’s bank starts (or stops) refusing payouts (payout.failed returns the money)',
    money: false,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.006, 1, () => ({ office: pick(ctx.random, ctx.offices), fails: ctx.random() < 0.5 })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      if (!office.stripeAccount) return 'skip: not connected';
      const done = await control(() => world.platform.stripeControl.setPayoutFailure(office.stripeAccount!, args.fails ? 'account_closed' : null));
      return typeof done === 'string' ? done : args.fails ? 'bank refuses payouts' : 'bank accepts payouts';
    },
  },
  {
    name: 'office.give-back',
    doc: 'an office gives a share of its earnings to the promotion pool',
    money: true,
    byDefault: true,
    generate: (ctx) => times(ctx, 0.01, 1, () => ({ office: pick(ctx.random, ctx.offices), share: 1 + pick(ctx.random, 100) })),
    async run(world, args) {
      const office = world.offices[args.office as number];
      const answer = await world.call('POST', '/api/for-artists/give-back', office.admin.cookies, { officeId: office.admin.officeId, share: args.share });
      return answer.status === 200 ? `gave ${answer.body.data.amountCents}¢` : refused(answer);
    },
  },
];

export const kindNamed = (name: string): OpKind => {
  const kind = OPERATION_KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`No operation kind ${name} (known: ${OPERATION_KINDS.map((k) => k.name).join(', ')})`);
  return kind;
};

/** Today's operations of the enabled kinds, in table order. */
export function generateDay(day: number, random: () => number, enabled: Set<string>, population: { fans: number; artists: number; offices: number }): Op[] {
  const ops: Op[] = [];
  for (const kind of OPERATION_KINDS) {
    // Every kind draws, enabled or not, so switching one off leaves the others' draws unchanged.
    const drawn = kind.generate({ day, random, ...population });
    if (!enabled.has(kind.name)) continue;
    for (const args of drawn) ops.push({ day, kind: kind.name, args });
  }
  return ops;
}

export const describeOp = (op: Op) => `day ${op.day} ${op.kind} ${JSON.stringify(op.args)}`;
