import { AdminSchema } from './domain/admin.entity.js';
import { ArtistUserSchema } from './domain/artist-user.entity.js';
import { EmailTokenSchema } from './domain/email-token.entity.js';
import { FanSchema } from './domain/fan.entity.js';
import { SessionSchema } from './domain/session.entity.js';

export const identityEntities = [FanSchema, ArtistUserSchema, AdminSchema, SessionSchema, EmailTokenSchema];
