import { Inject, Injectable } from '@nestjs/common';
import { Database, type EntityManager } from '#pie/platform';
import { Fan } from '../domain/fan.entity.js';

export interface FanContact {
  email: string;
  firstName: string;
}

/** Where other modules may write to a fan: nothing for deleted fans or fans without a real address. */
@Injectable()
export class FanContacts {
  constructor(@Inject(Database) private readonly database: Database) {}

  async contactOf(fanId: string, em: EntityManager = this.database.em()): Promise<FanContact | null> {
    const fan = await em.findOne(Fan, { id: fanId, deletedAt: null });
    if (!fan || fan.email.endsWith('.invalid')) return null;
    return { email: fan.email, firstName: fan.firstName };
  }
}
