import { defineModule } from '#pie/platform';
import { BillingHttpModule } from './billing-http.module.js';
import { BillingWorkerModule } from './billing-worker.module.js';

/** Billing as every process loads it. Its rows are written with set-based SQL (Stripe holds the objects), not as entities. */
export const billingModule = defineModule({
  name: 'billing',
  entities: [],
  http: BillingHttpModule,
  worker: BillingWorkerModule,
});
