import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { APP_CONFIG, Database, recordInOutbox, type AppConfig } from '#pie/platform';
import { recordAccountExistsEmail } from '../../domain/account-mail.js';
import { findAccountByEmail } from '../../domain/accounts.js';
import { Fan } from '../../domain/fan.entity.js';
import { enrolInPromotion } from '../../domain/promotions.js';
import { hashPassword } from '../../domain/secrets.js';
import { FanRegistered } from '../../events/fan-registered.event.js';
import { RegisterFan } from './register-fan.command.js';

/**
 * Creates an unverified fan and records `identity.fan-registered.v1` in the same transaction.
 * For an e-mail that already has an account nothing is created; its owner gets a mail instead,
 * so the answer (and its timing: the hash is computed either way) reveals nothing.
 */
@CommandHandler(RegisterFan)
export class RegisterFanHandler implements ICommandHandler<RegisterFan> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ request }: RegisterFan): Promise<void> {
    const passwordHash = await hashPassword(request.password);
    try {
      await this.database.transaction(async (em) => {
        const existing = await findAccountByEmail(em, 'fan', request.email);
        if (existing) {
          recordAccountExistsEmail(em, this.config, 'fan', existing);
          await em.flush();
          return;
        }
        const fan = Fan.register(em, {
          email: request.email,
          firstName: request.first_name,
          lastName: request.last_name,
          passwordHash,
          emailVerified: false,
          signupPromo: request.promo ?? null,
          timeZone: request.time_zone ?? 'UTC',
        });
        recordInOutbox(
          em,
          FanRegistered.create({ fanId: fan.id, email: fan.email, firstName: fan.firstName, promo: fan.signupPromo ?? null, timeZone: fan.timeZone }),
        );
        await em.flush();
        // Through /try: the free pie waits for the verified account; no code is taken until it starts.
        if (request.promo === 'try') await enrolInPromotion(em, fan.id);
      });
    } catch (error) {
      // Two sign-ups with one e-mail at the same moment: the unique index let one through; same answer.
      if (error instanceof UniqueConstraintViolationException) return;
      throw error;
    }
  }
}
