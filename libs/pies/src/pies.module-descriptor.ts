import { defineModule } from '#pie/platform';
import { PiesHttpModule } from './pies-http.module.js';
import { PiesWorkerModule } from './pies-worker.module.js';

/** Pies as every process loads it. Pies, periods and snapshots are written and read in set-based SQL, not as entities. */
export const piesModule = defineModule({
  name: 'pies',
  entities: [],
  http: PiesHttpModule,
  worker: PiesWorkerModule,
});
