import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OfficeWalletBalanceView, PayoutView, TransactionDetailView, TransactionView, TransferView } from '#pie/contracts';
import { assignedArtistIds, requireMember } from '#pie/offices';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { lastPayoutAt, payoutOf, payoutsOf } from '../../domain/bank-payouts.js';
import { payoutView, transferView } from '../../domain/payout-rows.js';
import { officeHistory, officeTransactionDetails } from '../../domain/money-history.js';
import { officeMoney } from '../../domain/office-money.js';
import { payoutNotFound, transactionNotFound } from '../../domain/payouts.errors.js';
import { transfersOf } from '../../domain/transfers.js';
import { GetOfficeTransaction, GetPayoutDetails, GetWalletBalance, ListOfficeTransactions, ListPayouts, ListTransfersWithoutPayouts, type ListPage } from './office-funds.queries.js';

/**
 * The office's money, for its members (another office's id is a 404). Payouts, transfers and the
 * balances are the office's bank activity; its transactions name artists, so a member (not an
 * admin) sees only the ones about the artists assigned to them.
 */
@QueryHandler(ListPayouts)
export class ListPayoutsHandler implements IQueryHandler<ListPayouts> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, paging }: ListPayouts): Promise<ListPage<PayoutView>> {
    const em = this.database.em();
    await requireMember(em, officeId, userId);
    const { total, rows } = await payoutsOf(em, officeId, paging);
    return { total, items: rows.map(payoutView) };
  }
}

@QueryHandler(GetPayoutDetails)
export class GetPayoutDetailsHandler implements IQueryHandler<GetPayoutDetails> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, payoutId }: GetPayoutDetails): Promise<PayoutView> {
    const em = this.database.em();
    await requireMember(em, officeId, userId);
    const row = await payoutOf(em, officeId, payoutId);
    if (!row) throw payoutNotFound();
    return payoutView(row);
  }
}

@QueryHandler(ListTransfersWithoutPayouts)
export class ListTransfersWithoutPayoutsHandler implements IQueryHandler<ListTransfersWithoutPayouts> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, paging }: ListTransfersWithoutPayouts): Promise<ListPage<TransferView>> {
    const em = this.database.em();
    await requireMember(em, officeId, userId);
    const { total, rows } = await transfersOf(em, officeId, { ...paging, since: await lastPayoutAt(em, officeId) });
    return { total, items: rows.map(transferView) };
  }
}

@QueryHandler(GetWalletBalance)
export class GetWalletBalanceHandler implements IQueryHandler<GetWalletBalance> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, officeId }: GetWalletBalance): Promise<OfficeWalletBalanceView> {
    const em = this.database.em();
    await requireMember(em, officeId, userId);
    const { earningsCents, connectedCents } = await officeMoney(em, officeId);
    return { earningsCents, connectedCents, totalCents: earningsCents + connectedCents, transferThresholdCents: this.config.TRANSFER_THRESHOLD_CENTS };
  }
}

/** A member's view is limited to their assigned artists; an admin's is the whole office. */
async function visibleArtists(database: Database, officeId: string, userId: string): Promise<string[] | undefined> {
  const em = database.em();
  const membership = await requireMember(em, officeId, userId);
  return membership.role === 'admin' ? undefined : assignedArtistIds(em, officeId, userId);
}

@QueryHandler(ListOfficeTransactions)
export class ListOfficeTransactionsHandler implements IQueryHandler<ListOfficeTransactions> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, paging }: ListOfficeTransactions): Promise<ListPage<TransactionView>> {
    const onlyArtists = await visibleArtists(this.database, officeId, userId);
    return officeHistory(this.database.em(), officeId, { ...paging, onlyArtists });
  }
}

@QueryHandler(GetOfficeTransaction)
export class GetOfficeTransactionHandler implements IQueryHandler<GetOfficeTransaction> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, transactionId }: GetOfficeTransaction): Promise<TransactionDetailView> {
    const onlyArtists = await visibleArtists(this.database, officeId, userId);
    const details = await officeTransactionDetails(this.database.em(), officeId, transactionId, { onlyArtists });
    if (!details) throw transactionNotFound();
    return details;
  }
}
