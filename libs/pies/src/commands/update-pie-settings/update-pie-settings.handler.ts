import { Inject } from '@nestjs/common';
import { sql } from 'kysely';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pie, PieSettings } from '#pie/contracts';
import { Database, recordInOutbox } from '#pie/platform';
import { piesDb } from '../../db/pies-db.js';
import { currentPeriodOf, pieOf, settingsOf, toPieRow } from '../../domain/pie-rows.js';
import { pieNotFound, pieNotLive, promoTermsFixed } from '../../domain/pies.errors.js';
import { PieSettingsChanged } from '../../events/pie-settings-changed.event.js';
import { UpdatePieSettings } from './update-pie-settings.command.js';

/**
 * Saves the change as the pie's pending settings (the running period keeps the ones it opened
 * with) and, in the same transaction, records `pies.pie-settings-changed.v1`: billing changes the
 * subscription's price from the next period when the amount or the period length changed.
 */
@CommandHandler(UpdatePieSettings)
export class UpdatePieSettingsHandler implements ICommandHandler<UpdatePieSettings, Pie> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, pieId, changes }: UpdatePieSettings): Promise<Pie> {
    return this.database.transaction(async (tx) => {
      const locked = await piesDb(tx).selectFrom('pies.pies').selectAll().where('id', '=', pieId).where('fan_id', '=', fanId).forUpdate().executeTakeFirst();
      if (!locked) throw pieNotFound();
      const pie = toPieRow(locked);
      if (pie.status === 'canceled' || pie.status === 'ended') throw pieNotLive();
      const current = settingsOf(pie);
      const before: PieSettings = { ...current, ...(pie.pending_settings ?? {}) };
      const next: PieSettings = { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      if (pie.promo) {
        const fixed = [next.amountCents !== current.amountCents && 'amount', next.pieDays !== current.pieDays && 'pieDays'].filter((field): field is string => Boolean(field));
        if (fixed.length > 0) throw promoTermsFixed(fixed);
      }
      const same = (Object.keys(next) as (keyof PieSettings)[]).every((key) => next[key] === current[key]);
      // The time of the save decides which period takes the change: the first to start after it.
      const saved = toPieRow(
        await piesDb(tx)
          .updateTable('pies.pies')
          .set({ pending_settings: same ? null : JSON.stringify(next), pending_saved_at: same ? null : sql<string>`now()`, updated_at: sql<string>`now()` })
          .where('id', '=', pieId)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      recordInOutbox(
        tx,
        PieSettingsChanged.create({
          pieId,
          fanId,
          subscriptionId: pie.subscription_id,
          ...next,
          billingChanged: next.amountCents !== before.amountCents || next.pieDays !== before.pieDays,
        }),
      );
      await tx.flush();
      return pieOf(saved, await currentPeriodOf(tx, pieId));
    });
  }
}
