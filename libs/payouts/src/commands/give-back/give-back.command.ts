import { Command, Query } from '@nestjs/cqrs';
import type { GiveBackView } from '#pie/contracts';
import type { ListPage } from '../../queries/office-funds/office-funds.queries.js';

/** `POST give-back`: an office admin gives a share (percent) or an amount (cents) of the earnings to the promotion pool. */
export class GiveBack extends Command<GiveBackView> {
  constructor(readonly userId: string, readonly officeId: string, readonly sharePercent: number | null, readonly amountCents: number | null) {
    super();
  }
}

/** `GET give-back` (officeId, page): the office's gifts, newest first. */
export class ListGiveBacks extends Query<ListPage<GiveBackView>> {
  constructor(readonly userId: string, readonly officeId: string, readonly paging: { page: number; limit: number }) {
    super();
  }
}
