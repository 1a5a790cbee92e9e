import { Query } from '@nestjs/cqrs';
import type { OfficeBalanceView } from '#pie/contracts';

/** `GET stripe/balance`: the office's earnings at Pie and what is still in escrow for its artists. */
export class GetOfficeBalance extends Query<OfficeBalanceView> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}
