import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { WALLET_TRANSACTION_TYPES, WalletTransactionsQuery } from '#pie/contracts';
import type { WalletTransactionsQuery as TransactionsQuery } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, ZodQuery } from '#pie/platform';
import { GetWalletBalance, GetWalletSummary, ListWalletTransactions } from '../queries/wallet/wallet.handlers.js';

/** The fan's wallet (api-endpoints "Wallet" rows), read from the ledger's `fan_wallet:<fan>` account. */
@ApiTags('fan wallet')
@Controller('api/fan-wallet')
@UseGuards(FanSessionGuard)
export class WalletController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('balance')
  async balance(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.queries.execute(new GetWalletBalance(fan.subjectId)));
  }

  @Get('transactions')
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiQuery({ name: 'type', required: false, enum: WALLET_TRANSACTION_TYPES })
  async transactions(@CurrentSubject() fan: SessionPrincipal, @ZodQuery(WalletTransactionsQuery) query: TransactionsQuery) {
    const { items, pagination } = await this.queries.execute(new ListWalletTransactions(fan.subjectId, query));
    return { ...ok(items), pagination };
  }

  @Get('summary')
  async summary(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.queries.execute(new GetWalletSummary(fan.subjectId)));
  }
}
