import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { FanUser } from '#pie/contracts';
import { Database, recordInOutbox } from '#pie/platform';
import { Fan } from '../../domain/fan.entity.js';
import { emailTaken } from '../../domain/identity.errors.js';
import { hashPassword } from '../../domain/secrets.js';
import { FanRegistered } from '../../events/fan-registered.event.js';
import { RegisterFan } from './register-fan.command.js';

/** Creates an unverified fan and records `identity.fan-registered.v1` in the same transaction. */
@CommandHandler(RegisterFan)
export class RegisterFanHandler implements ICommandHandler<RegisterFan> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ request }: RegisterFan): Promise<FanUser> {
    const existing = await this.database.em().count(Fan, { email: request.email });
    if (existing > 0) throw emailTaken();
    const passwordHash = await hashPassword(request.password);
    try {
      return await this.database.transaction(async (em) => {
        const fan = em.create(Fan, {
          id: randomUUID(),
          email: request.email,
          firstName: request.first_name,
          lastName: request.last_name,
          passwordHash,
          emailVerifiedAt: null,
          acceptedTermsAt: new Date(),
          signupPromo: request.promo ?? null,
          stripeCustomerId: null,
        });
        em.persist(fan);
        recordInOutbox(
          em,
          FanRegistered.create({ fanId: fan.id, email: fan.email, firstName: fan.firstName, promo: fan.signupPromo ?? null }),
        );
        await em.flush();
        return fan.toUser();
      });
    } catch (error) {
      // Two sign-ups with one e-mail at the same moment: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw emailTaken();
      throw error;
    }
  }
}
