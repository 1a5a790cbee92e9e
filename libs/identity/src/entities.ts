import { EmailTokenSchema } from './domain/email-token.entity.js';
import { FanSchema } from './domain/fan.entity.js';
import { SessionSchema } from './domain/session.entity.js';

export const identityEntities = [FanSchema, SessionSchema, EmailTokenSchema];
