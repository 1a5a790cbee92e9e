import { defineModule } from '#pie/platform';
import { PayoutsHttpModule } from './payouts-http.module.js';
import { PayoutsWorkerModule } from './payouts-worker.module.js';

/** Payouts as every process loads it: its rows are SQL (Stripe holds the accounts), no entities. */
export const payoutsModule = defineModule({
  name: 'payouts',
  entities: [],
  http: PayoutsHttpModule,
  worker: PayoutsWorkerModule,
});
