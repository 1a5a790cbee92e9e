import { Query } from '@nestjs/cqrs';
import type { MonthlyFeeCheckView } from '#pie/contracts';

/** `GET stripe/check-monthly-fee`: the office's Stripe status and whether this month's earnings cover Stripe's monthly fee. */
export class CheckMonthlyFee extends Query<MonthlyFeeCheckView> {
  constructor(readonly userId: string, readonly officeId: string, readonly now: Date = new Date()) {
    super();
  }
}
