import type Stripe from 'stripe';
import { PLATFORM, type StripeEngine } from './engine.js';
import { invalid, StripeApiError } from './errors.js';
import { accountObject, bankAccountObject, payoutObject, transferObject, transferReversalObject } from './objects.js';
import { currencyParam, metadataParam, optionalInteger, optionalObject, optionalString, requiredInteger, requiredString, type Params } from './params.js';
import { newId } from './store.js';

const DAY = 86_400;
/** Standard payouts arrive two days later. */
const PAYOUT_TRANSIT_SECONDS = 2 * DAY;
/** Account links live five minutes, as Stripe's do. */
const ACCOUNT_LINK_TTL_SECONDS = 300;

/** Test bank account numbers and the payout failure each one causes (Stripe's test numbers). */
export const FAILING_BANK_ACCOUNTS: Record<string, { code: string; message: string }> = {
  '000111111116': { code: 'no_account', message: 'The bank account details on file are probably incorrect. No bank account could be located with those details.' },
  '000111111113': { code: 'account_closed', message: 'The bank account has been closed.' },
  '000222222227': { code: 'insufficient_funds', message: 'Your Stripe account has insufficient funds to cover the payout.' },
};
const PAYOUT_FAILURE_MESSAGES: Record<string, string> = {
  account_closed: 'The bank account has been closed.',
  no_account: 'The bank account details on file are probably incorrect. No bank account could be located with those details.',
  account_frozen: 'The bank account has been frozen.',
  could_not_process: 'The bank could not process this payout.',
};

/** Stripe's Connect pricing for Express accounts the platform pays for (US): $2 per monthly active account… */
export const CONNECT_ACTIVE_ACCOUNT_FEE_CENTS = 200;
/** …and 0.25% + 25¢ per payout sent (the percentage rounded half up to the cent). */
export function connectPayoutFeeCents(amount: number): number {
  return Math.floor((amount * 25 + 5000) / 10_000) + 25;
}

type PayoutSchedule = Stripe.Account.Settings.Payouts.Schedule;
/** Stripe's default for a new account: paid out daily, automatically, funds held two days. */
const DEFAULT_SCHEDULE: PayoutSchedule = { delay_days: 2, interval: 'daily' };

export function scheduleOf(account: Stripe.Account): PayoutSchedule {
  return account.settings?.payouts?.schedule ?? DEFAULT_SCHEDULE;
}

/** `settings[payouts][schedule][interval]` (daily or manual; weekly and monthly are not modelled). */
function scheduleParam(params: Params): PayoutSchedule | undefined {
  const settings = optionalObject(params, 'settings');
  const payouts = settings ? optionalObject(settings, 'payouts', 'settings[payouts]') : undefined;
  const schedule = payouts ? optionalObject(payouts, 'schedule', 'settings[payouts][schedule]') : undefined;
  const interval = schedule ? optionalString(schedule, 'interval', 'settings[payouts][schedule][interval]') : undefined;
  if (interval === undefined) return undefined;
  if (interval !== 'daily' && interval !== 'manual') throw invalid('The sandbox models the daily and manual payout schedules only.', 'settings[payouts][schedule][interval]', 'parameter_invalid_string');
  return { delay_days: 2, interval };
}

function settingsWith(settings: Stripe.Account.Settings | null | undefined, schedule: PayoutSchedule | undefined): Stripe.Account.Settings {
  const payouts = { debit_negative_balances: true, statement_descriptor: null, ...settings?.payouts, schedule: schedule ?? settings?.payouts?.schedule ?? DEFAULT_SCHEDULE };
  return { ...(settings ?? {}), payouts } as Stripe.Account.Settings;
}

export interface OnboardingInput {
  businessName?: string;
  businessType?: 'individual' | 'company';
  routingNumber?: string;
  accountNumber?: string;
  leaveRequirementsDue?: boolean;
}

/**
 * Stripe Connect with Express accounts: onboarding through account links, login links,
 * transfers from the platform with reversals, per-account balances and payouts to the bank.
 */
export class Connect {
  constructor(private readonly engine: StripeEngine) {}

  private get store() {
    return this.engine.store;
  }

  // ---- accounts ---------------------------------------------------------------------------

  createAccount(params: Params): Stripe.Account {
    const type = optionalString(params, 'type');
    const controller = optionalObject(params, 'controller');
    const dashboard = controller ? optionalObject(controller, 'stripe_dashboard', 'controller[stripe_dashboard]') : undefined;
    const express = type === 'express' || (type === undefined && dashboard?.type === 'express');
    if (!express) throw invalid('The sandbox makes Express accounts only: pass type=express (or controller[stripe_dashboard][type]=express).', 'type', 'parameter_invalid_string');
    const country = (optionalString(params, 'country') ?? 'US').toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) throw invalid(`Country '${country}' is unknown.`, 'country', 'country_unsupported');
    const businessType = optionalString(params, 'business_type') ?? null;
    if (businessType !== null && !['individual', 'company', 'non_profit', 'government_entity'].includes(businessType)) throw invalid('Invalid business_type', 'business_type', 'parameter_invalid_string');
    const account = accountObject({ created: this.engine.now(), country, email: optionalString(params, 'email') ?? null, metadata: metadataParam(params) ?? {}, businessType: businessType as Stripe.Account.BusinessType | null });
    account.settings = settingsWith(account.settings, scheduleParam(params));
    account.external_accounts = { ...account.external_accounts!, url: `/v1/accounts/${account.id}/external_accounts` };
    return this.store.put(account);
  }

  updateAccount(id: string, params: Params): Stripe.Account {
    const account = this.store.get<Stripe.Account>(id, 'account');
    this.assertAuthorized(id);
    const metadata = metadataParam(params, account.metadata ?? {});
    const email = optionalString(params, 'email');
    const schedule = scheduleParam(params);
    const next = this.store.put({ ...account, ...(metadata ? { metadata } : {}), ...(email !== undefined ? { email: email || null } : {}), ...(schedule ? { settings: settingsWith(account.settings, schedule) } : {}) });
    this.engine.emit('account.updated', next, { account: id, previousAttributes: { metadata: account.metadata } });
    return next;
  }

  deleteAccount(id: string): Stripe.DeletedAccount {
    this.store.get<Stripe.Account>(id, 'account');
    this.assertAuthorized(id);
    this.store.remove(id);
    return { id, object: 'account', deleted: true };
  }

  createAccountLink(params: Params): Stripe.AccountLink {
    const accountId = requiredString(params, 'account');
    this.store.get(accountId, 'account', 'account', 'account');
    this.assertAuthorized(accountId);
    const type = requiredString(params, 'type');
    if (type !== 'account_onboarding' && type !== 'account_update') throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type', 'parameter_invalid_string');
    const refreshUrl = requiredString(params, 'refresh_url');
    const returnUrl = requiredString(params, 'return_url');
    for (const [name, url] of [['refresh_url', refreshUrl], ['return_url', returnUrl]]) {
      if (!/^https?:\/\/\S+$/.test(url)) throw invalid('Not a valid URL', name, 'url_invalid');
    }
    const now = this.engine.now();
    const token = newId('al', 32).slice(3);
    // Links expire in real time (a person is filling the page), whatever the sandbox clock says.
    const expiresAt = Math.floor(Date.now() / 1000) + ACCOUNT_LINK_TTL_SECONDS;
    this.store.internals.accountLinks[token] = { account: accountId, refreshUrl, returnUrl, expiresAt, used: false };
    this.store.changed();
    return { object: 'account_link', created: now, expires_at: now + ACCOUNT_LINK_TTL_SECONDS, url: `${this.engine.publicUrl()}/connect/onboarding/${token}` };
  }

  /** The onboarding link behind a token, or why it cannot be used (the page sends the person to refresh_url). */
  accountLink(token: string): { account: Stripe.Account; link: { refreshUrl: string; returnUrl: string }; usable: boolean } | undefined {
    const link = this.store.internals.accountLinks[token];
    const account = link ? this.store.find<Stripe.Account>(link.account, 'account') : undefined;
    if (!link || !account) return undefined;
    return { account, link, usable: !link.used && link.expiresAt > Math.floor(Date.now() / 1000) };
  }

  /** The onboarding page's form, submitted through a link. */
  submitOnboarding(token: string, input: OnboardingInput): { returnUrl: string } {
    const found = this.accountLink(token);
    if (!found) throw invalid('Unknown onboarding link');
    if (!found.usable) throw invalid('This onboarding link has expired or was used already.');
    this.onboard(found.account.id, input);
    this.store.internals.accountLinks[token].used = true;
    this.store.changed();
    return { returnUrl: found.link.returnUrl };
  }

  /** Fills in the account as onboarding does: business and bank details, then enabled (or with requirements left due). */
  onboard(accountId: string, input: OnboardingInput): Stripe.Account {
    const account = this.store.get<Stripe.Account>(accountId, 'account');
    const routingNumber = (input.routingNumber ?? '110000000').trim();
    const accountNumber = (input.accountNumber ?? '000123456789').trim();
    if (!/^\d{9}$/.test(routingNumber)) throw invalid('The routing number must have 9 digits (test: 110000000).', 'routing_number');
    if (!/^\d{4,17}$/.test(accountNumber)) throw invalid('The account number must have 4 to 17 digits (test: 000123456789).', 'account_number');
    const businessName = input.businessName?.trim() || account.business_profile?.name || 'Sandbox business';
    const bank = bankAccountObject({ account: accountId, accountNumber, routingNumber, holderName: businessName });
    this.store.internals.bankAccountNumber[accountId] = accountNumber;
    const due = input.leaveRequirementsDue ? ['individual.verification.document', 'business_profile.url'] : [];
    const enabled = !input.leaveRequirementsDue;
    const now = this.engine.now();
    const next: Stripe.Account = {
      ...account,
      business_profile: { ...account.business_profile!, name: businessName, mcc: '5735', url: 'https://pie.local', product_description: 'Music' },
      business_type: input.businessType ?? account.business_type ?? 'company',
      capabilities: { card_payments: enabled ? 'active' : 'pending', transfers: enabled ? 'active' : 'pending' },
      charges_enabled: enabled,
      payouts_enabled: enabled,
      details_submitted: true,
      external_accounts: { object: 'list', data: [bank], has_more: false, url: `/v1/accounts/${accountId}/external_accounts` },
      requirements: {
        ...account.requirements!,
        currently_due: due,
        eventually_due: due,
        past_due: [],
        disabled_reason: enabled ? null : 'requirements.pending_verification',
        current_deadline: enabled ? null : now + 14 * DAY,
      },
      tos_acceptance: { date: now, ip: '127.0.0.1', user_agent: 'Pie sandbox onboarding' },
    };
    this.store.put(next);
    this.engine.emit('account.updated', next, {
      account: accountId,
      created: now,
      previousAttributes: { charges_enabled: account.charges_enabled, payouts_enabled: account.payouts_enabled, details_submitted: account.details_submitted, requirements: account.requirements, capabilities: account.capabilities },
    });
    return next;
  }

  createLoginLink(accountId: string): Stripe.LoginLink {
    const account = this.store.get<Stripe.Account>(accountId, 'account');
    this.assertAuthorized(accountId);
    if (!account.details_submitted) throw invalid('Cannot create a login link for an account that has not completed onboarding.', 'account', 'account_invalid');
    const token = newId('ll', 32).slice(3);
    this.store.internals.loginLinks[token] = { account: accountId, expiresAt: Math.floor(Date.now() / 1000) + 300 };
    this.store.changed();
    return { object: 'login_link', created: this.engine.now(), url: `${this.engine.publicUrl()}/connect/express/${token}` };
  }

  loginLinkAccount(token: string): Stripe.Account | undefined {
    const link = this.store.internals.loginLinks[token];
    return link ? this.store.find<Stripe.Account>(link.account, 'account') : undefined;
  }

  // ---- transfers --------------------------------------------------------------------------

  createTransfer(params: Params): Stripe.Transfer {
    const amount = requiredInteger(params, 'amount', 'amount', 1);
    const currency = currencyParam(params);
    const destinationId = requiredString(params, 'destination');
    const destination = this.store.get<Stripe.Account>(destinationId, 'account', 'destination', 'destination');
    this.assertAuthorized(destinationId);
    if (destination.capabilities?.transfers !== 'active') {
      throw invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'destination', 'insufficient_capabilities_for_transfer');
    }
    const sourceTransaction = optionalString(params, 'source_transaction') ?? null;
    const source = sourceTransaction ? this.store.get<Stripe.Charge>(sourceTransaction, 'charge', 'charge', 'source_transaction') : undefined;
    const now = this.engine.now();
    if (!source && this.engine.balances(PLATFORM).available < amount) {
      throw invalid('You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.', undefined, 'balance_insufficient');
    }
    const id = newId('tr', 24);
    const paymentId = newId('py', 24);
    const platformTxn = this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: -amount, fee: 0, currency, type: 'transfer', reportingCategory: 'transfer', source: id, description: optionalString(params, 'description') ?? null });
    // Funds tied to a charge still settling stay pending on the connected account until the charge settles.
    const sourceTxn = source && typeof source.balance_transaction === 'string' ? this.store.find<Stripe.BalanceTransaction>(source.balance_transaction, 'balance_transaction') : undefined;
    const availableOn = sourceTxn ? Math.max(now, sourceTxn.available_on) : now;
    this.engine.recordBalance(destinationId, { created: now, availableOn, amount, fee: 0, currency, type: 'payment', reportingCategory: 'charge', source: paymentId, description: `Transfer ${id}` });
    const transfer = this.store.put(
      transferObject({ id, created: now, amount, currency, destination: destinationId, transferGroup: optionalString(params, 'transfer_group') ?? null, description: optionalString(params, 'description') ?? null, metadata: metadataParam(params) ?? {}, sourceTransaction, balanceTransaction: platformTxn.id, destinationPayment: paymentId }),
    );
    this.engine.emit('transfer.created', transfer, { created: now });
    return transfer;
  }

  listTransfers(params: Params): Stripe.Transfer[] {
    const destination = optionalString(params, 'destination');
    const group = optionalString(params, 'transfer_group');
    return this.store.all<Stripe.Transfer>('transfer', (t) => (destination === undefined || t.destination === destination) && (group === undefined || t.transfer_group === group));
  }

  createReversal(transferId: string, params: Params): Stripe.TransferReversal {
    const transfer = this.store.get<Stripe.Transfer>(transferId, 'transfer');
    const remaining = transfer.amount - transfer.amount_reversed;
    if (remaining <= 0) throw invalid(`Transfer ${transferId} has already been reversed.`, undefined, 'transfer_already_reversed');
    const amount = optionalInteger(params, 'amount', 'amount', 1) ?? remaining;
    if (amount > remaining) throw invalid(`Amount (${amount}) is greater than the transfer's unreversed amount (${remaining}).`, 'amount', 'amount_too_large');
    const destination = transfer.destination as string;
    // Taking money back out of an account the platform no longer has access to is refused like anything else about it.
    this.assertAuthorized(destination);
    if (this.engine.balances(destination).available < amount) throw invalid('The connected account has insufficient available funds to reverse this transfer.', 'amount', 'balance_insufficient');
    const now = this.engine.now();
    const id = newId('trr', 24);
    this.engine.recordBalance(destination, { created: now, availableOn: now, amount: -amount, fee: 0, currency: transfer.currency, type: 'payment_refund', reportingCategory: 'refund', source: id, description: `Reversal of ${transferId}` });
    const platformTxn = this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount, fee: 0, currency: transfer.currency, type: 'transfer_cancel', reportingCategory: 'transfer_reversal', source: id, description: `Reversal of ${transferId}` });
    const reversal = this.store.put({ ...transferReversalObject({ created: now, amount, transfer, metadata: metadataParam(params) ?? {}, balanceTransaction: platformTxn.id }), id });
    const reversals = [reversal, ...this.reversalsOf(transferId).filter((r) => r.id !== reversal.id)];
    const reversedAmount = transfer.amount_reversed + amount;
    const next = this.store.put({ ...transfer, amount_reversed: reversedAmount, reversed: reversedAmount === transfer.amount, reversals: { ...transfer.reversals, data: reversals, has_more: false } });
    this.engine.emit('transfer.reversed', next, { created: now, previousAttributes: { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed } });
    return reversal;
  }

  reversalsOf(transferId: string): Stripe.TransferReversal[] {
    return this.store.all<Stripe.TransferReversal>('transfer_reversal', (r) => r.transfer === transferId);
  }

  // ---- payouts ----------------------------------------------------------------------------

  createPayout(accountId: string | undefined, params: Params, automatic = false): Stripe.Payout {
    if (!accountId) throw invalid('The sandbox pays out connected accounts only: send the Stripe-Account header (stripeAccount option).', undefined, 'parameter_missing');
    const account = this.store.get<Stripe.Account>(accountId, 'account', 'account', 'stripe_account');
    if (!account.payouts_enabled) throw invalid('Payouts are not enabled on this account: its onboarding is not complete.', undefined, 'payouts_not_allowed');
    const amount = requiredInteger(params, 'amount', 'amount', 1);
    const currency = currencyParam(params);
    const method = optionalString(params, 'method') ?? 'standard';
    if (method !== 'standard') throw invalid('The sandbox makes standard payouts only.', 'method', 'parameter_invalid_string');
    const { available } = this.engine.balances(accountId);
    if (amount > available) throw invalid(`You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).`, 'amount', 'balance_insufficient');
    const now = this.engine.now();
    const id = newId('po', 24);
    const txn = this.engine.recordBalance(accountId, { created: now, availableOn: now, amount: -amount, fee: 0, currency, type: 'payout', reportingCategory: 'payout', source: id, description: optionalString(params, 'description') ?? 'STRIPE PAYOUT' });
    const bank = account.external_accounts?.data[0];
    const payout = this.store.put({
      ...payoutObject({ created: now, amount, currency, arrivalDate: now + PAYOUT_TRANSIT_SECONDS, destination: bank?.id ?? null, description: optionalString(params, 'description') ?? null, metadata: metadataParam(params) ?? {}, balanceTransaction: txn.id, statementDescriptor: optionalString(params, 'statement_descriptor') ?? null }),
      id,
      automatic,
    });
    this.store.internals.payoutAccount[id] = accountId;
    this.billConnectFees(accountId, payout, now);
    this.engine.emit('payout.created', payout, { account: accountId, created: now });
    return payout;
  }

  payoutsOf(accountId: string | undefined): Stripe.Payout[] {
    const owners = this.store.internals.payoutAccount;
    return this.store.all<Stripe.Payout>('payout', (p) => owners[p.id] === (accountId ?? PLATFORM));
  }

  payout(accountId: string | undefined, id: string): Stripe.Payout {
    const payout = this.store.get<Stripe.Payout>(id, 'payout');
    if ((this.store.internals.payoutAccount[id] ?? PLATFORM) !== (accountId ?? PLATFORM)) throw invalid(`No such payout: '${id}'`, 'id', 'resource_missing');
    return payout;
  }

  setPayoutFailure(accountId: string, code: string | null): void {
    this.store.get(accountId, 'account');
    if (code === null) delete this.store.internals.payoutFailure[accountId];
    else {
      if (!PAYOUT_FAILURE_MESSAGES[code]) throw invalid(`code must be one of ${Object.keys(PAYOUT_FAILURE_MESSAGES).join(', ')} or null`, 'code');
      this.store.internals.payoutFailure[accountId] = code;
    }
    this.store.changed();
  }

  /**
   * Brings one payout's arrival date to now and settles it (paid, or failed as the account is set
   * up to fail): what a demo needs without moving the clock for everything else.
   */
  arriveNow(id: string): Stripe.Payout {
    const payout = this.store.get<Stripe.Payout>(id, 'payout');
    if (payout.status !== 'in_transit') throw invalid(`Payout ${id} is ${payout.status}, not in transit.`, 'id');
    this.store.put({ ...payout, arrival_date: Math.min(payout.arrival_date, this.engine.now()) });
    this.runDue();
    return this.store.get<Stripe.Payout>(id, 'payout');
  }

  /**
   * Stripe's Connect fees for Express accounts, billed to the platform's balance (`stripe_fee`
   * balance transactions): 0.25% + 25¢ per payout, and $2 for each month an account is active,
   * i.e. receives a payout. Stripe totals them monthly; the sandbox bills each when its payout is
   * made, so a test sees it at once.
   */
  private billConnectFees(accountId: string, payout: Stripe.Payout, now: number): void {
    const perPayout = connectPayoutFeeCents(payout.amount);
    this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: -perPayout, fee: 0, currency: payout.currency, type: 'stripe_fee', reportingCategory: 'fee', source: null, description: `Connect payout fee (${accountId}, ${payout.id})` });
    const month = new Date(now * 1000).toISOString().slice(0, 7);
    const months = (this.store.internals.activeAccountMonths[accountId] ??= []);
    if (months.includes(month)) return;
    months.push(month);
    this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: -CONNECT_ACTIVE_ACCOUNT_FEE_CENTS, fee: 0, currency: payout.currency, type: 'stripe_fee', reportingCategory: 'fee', source: null, description: `Connect active account fee (${accountId}, ${month})` });
    this.store.changed();
  }

  /** A platform that lost access to an account (deauthorized) gets Stripe's 403 for anything about it. */
  assertAuthorized(accountId: string): void {
    if (!this.store.internals.deauthorized[accountId]) return;
    throw new StripeApiError(403, 'invalid_request_error', `The provided key does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`, 'account_invalid');
  }

  /** The account disconnects the platform: `account.application.deauthorized` (with `account`), and the platform loses access. */
  deauthorize(accountId: string): { id: string; object: 'application'; name: string } {
    this.store.get<Stripe.Account>(accountId, 'account');
    this.assertAuthorized(accountId);
    const application = { id: 'ca_pie_sandbox_platform', object: 'application' as const, name: 'Pie' };
    this.store.internals.deauthorized[accountId] = true;
    this.store.changed();
    this.engine.emit('account.application.deauthorized', application, { account: accountId });
    return application;
  }

  /**
   * Stripe's own payouts: an account on an automatic schedule (Stripe's default, `daily`) is paid
   * its whole available balance once a day (UTC), whoever else may also pay it out. `manual`
   * accounts are only paid out when asked (`POST /v1/payouts`).
   */
  private payOutAutomatically(): void {
    const today = Math.floor(this.engine.now() / DAY) * DAY;
    for (const account of this.store.all<Stripe.Account>('account', (a) => a.payouts_enabled && scheduleOf(a).interval === 'daily')) {
      if (this.store.internals.deauthorized[account.id]) continue;
      if ((this.store.internals.autoPayoutDay[account.id] ?? 0) >= today) continue;
      this.store.internals.autoPayoutDay[account.id] = today;
      this.store.changed();
      const { available } = this.engine.balances(account.id);
      if (available > 0) this.createPayout(account.id, { amount: String(available), currency: 'usd', description: 'STRIPE PAYOUT' }, true);
    }
  }

  /** Payouts whose arrival date has passed: paid, or failed with the money back in `available`. */
  runDue(): void {
    this.payOutAutomatically();
    const now = this.engine.now();
    const owners = this.store.internals.payoutAccount;
    for (const payout of this.store.all<Stripe.Payout>('payout', (p) => p.status === 'in_transit' && p.arrival_date <= now).reverse()) {
      const accountId = owners[payout.id];
      const forced = this.store.internals.payoutFailure[accountId];
      const bankFailure = FAILING_BANK_ACCOUNTS[this.store.internals.bankAccountNumber[accountId] ?? ''];
      const failure = forced ? { code: forced, message: PAYOUT_FAILURE_MESSAGES[forced] } : bankFailure;
      if (!failure) {
        const paid = this.store.put({ ...payout, status: 'paid', trace_id: { status: 'supported', value: `SANDBOX${payout.id.slice(-8).toUpperCase()}` } });
        this.engine.emit('payout.paid', paid, { account: accountId, created: payout.arrival_date });
        continue;
      }
      const txn = this.engine.recordBalance(accountId, { created: payout.arrival_date, availableOn: payout.arrival_date, amount: payout.amount, fee: 0, currency: payout.currency, type: 'payout_failure', reportingCategory: 'payout_reversal', source: payout.id, description: `Payout failure: ${failure.code}` });
      const failed = this.store.put({ ...payout, status: 'failed', failure_code: failure.code, failure_message: failure.message, failure_balance_transaction: txn.id, trace_id: { status: 'unsupported', value: null } });
      this.engine.emit('payout.failed', failed, { account: accountId, created: payout.arrival_date });
    }
  }

  /** The earliest arrival date of a payout in transit, or the next UTC day when an account is paid out automatically. */
  nextDueAt(): number {
    const arrival = this.store.all<Stripe.Payout>('payout', (p) => p.status === 'in_transit').reduce((next, p) => Math.min(next, p.arrival_date), Number.POSITIVE_INFINITY);
    const automatic = this.store.all<Stripe.Account>('account', (a) => a.payouts_enabled && scheduleOf(a).interval === 'daily').length > 0;
    return automatic ? Math.min(arrival, (Math.floor(this.engine.now() / DAY) + 1) * DAY) : arrival;
  }

  /** Sets the platform's available balance to `amount` cents with an adjustment. */
  setPlatformAvailable(amount: number): Stripe.Balance {
    if (!Number.isSafeInteger(amount) || amount < 0) throw invalid('available must be a whole number of cents, 0 or more', 'available');
    const now = this.engine.now();
    const difference = amount - this.engine.balances(PLATFORM).available;
    if (difference !== 0) this.engine.recordBalance(PLATFORM, { created: now, availableOn: now, amount: difference, fee: 0, currency: 'usd', type: 'adjustment', reportingCategory: 'other_adjustment', source: null, description: 'Sandbox balance adjustment' });
    return this.engine.balance(PLATFORM);
  }
}
