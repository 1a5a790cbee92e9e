import { defineModule } from '#pie/platform';
import { AdminHttpModule } from './admin-http.module.js';
import { AdminWorkerModule } from './admin-worker.module.js';

/** The admin back office as every process loads it: its own rows are SQL, no entities; it reads the other modules' facades. */
export const adminModule = defineModule({
  name: 'admin',
  entities: [],
  http: AdminHttpModule,
  worker: AdminWorkerModule,
});
