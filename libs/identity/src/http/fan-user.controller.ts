import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ok } from '#pie/platform';
import { GetCurrentFan } from '../queries/get-current-fan/get-current-fan.query.js';
import { CurrentFan, FanSessionGuard, type FanPrincipal } from './fan-session.guard.js';

@Controller('api/user')
@UseGuards(FanSessionGuard)
export class FanUserController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  async me(@CurrentFan() fan: FanPrincipal) {
    return ok(await this.queries.execute(new GetCurrentFan(fan.fanId)));
  }
}
