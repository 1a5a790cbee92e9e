import { defineModule } from '#pie/platform';
import { AdminSchema } from './domain/admin.entity.js';
import { ArtistUserSchema } from './domain/artist-user.entity.js';
import { EmailTokenSchema } from './domain/email-token.entity.js';
import { FanSchema } from './domain/fan.entity.js';
import { SessionSchema } from './domain/session.entity.js';
import { IdentityHttpModule } from './identity-http.module.js';
import { IdentityWorkerModule } from './identity-worker.module.js';

/** Identity as the api, the worker, the scripts and the tests load it (apps/modules.ts). */
export const identityModule = defineModule({
  name: 'identity',
  entities: [FanSchema, ArtistUserSchema, AdminSchema, SessionSchema, EmailTokenSchema],
  http: IdentityHttpModule,
  worker: IdentityWorkerModule,
});
