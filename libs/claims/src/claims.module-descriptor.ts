import { defineModule } from '#pie/platform';
import { ClaimsHttpModule } from './claims-http.module.js';
import { ClaimsWorkerModule } from './claims-worker.module.js';

/** Claims as every process loads it: claims, their history, reports and invites are SQL rows, no entities. */
export const claimsModule = defineModule({
  name: 'claims',
  entities: [],
  http: ClaimsHttpModule,
  worker: ClaimsWorkerModule,
});
