import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { formatCents, type Pagination, type WalletBalanceView, type WalletSummaryView, type WalletTransactionsQuery, type WalletTransactionView } from '#pie/contracts';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { fanMoneySummary, fanWalletBalance } from '../../domain/fan-money.js';
import { WALLET_TYPE_KINDS, walletTypeOf } from './wallet-kinds.js';

/** `GET /api/fan-wallet/balance`: what the fan's wallet holds for their next pie close, from the ledger. */
export class GetWalletBalance extends Query<WalletBalanceView> {
  constructor(readonly fanId: string) {
    super();
  }
}

/** `GET /api/fan-wallet/transactions`: the wallet's postings, newest first. */
export class ListWalletTransactions extends Query<{ items: WalletTransactionView[]; pagination: Pagination }> {
  constructor(
    readonly fanId: string,
    readonly query: WalletTransactionsQuery,
  ) {
    super();
  }
}

/** `GET /api/fan-wallet/summary`: paid in, fees, given to artists, waiting in escrow, returned from escrow. */
export class GetWalletSummary extends Query<WalletSummaryView> {
  constructor(readonly fanId: string) {
    super();
  }
}

@QueryHandler(GetWalletBalance)
export class GetWalletBalanceHandler implements IQueryHandler<GetWalletBalance> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetWalletBalance): Promise<WalletBalanceView> {
    const balanceCents = await fanWalletBalance(this.database.em(), fanId);
    return { balanceCents, balance: formatCents(balanceCents), currency: 'usd' };
  }
}

@QueryHandler(ListWalletTransactions)
export class ListWalletTransactionsHandler implements IQueryHandler<ListWalletTransactions> {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  async execute({ fanId, query }: ListWalletTransactions) {
    const page = await this.ledger.history(accounts.fanWallet(fanId), {
      page: query.page,
      limit: query.limit,
      kinds: query.type ? WALLET_TYPE_KINDS[query.type] : undefined,
    });
    return {
      items: page.entries.map((entry) => ({
        id: entry.journalId,
        type: walletTypeOf(entry.kind, entry.amountCents),
        amountCents: entry.amountCents,
        amount: formatCents(entry.amountCents),
        occurredAt: entry.occurredAt.toISOString(),
        references: entry.references,
      })),
      pagination: { page: query.page, limit: query.limit, total: page.total, pages: Math.ceil(page.total / query.limit) },
    };
  }
}

@QueryHandler(GetWalletSummary)
export class GetWalletSummaryHandler implements IQueryHandler<GetWalletSummary> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ fanId }: GetWalletSummary): Promise<WalletSummaryView> {
    return fanMoneySummary(this.database.em(), fanId);
  }
}
