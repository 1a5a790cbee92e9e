import { defineModule } from '#pie/platform';
import { FanListeningStateSchema } from './domain/fan-listening-state.entity.js';
import { FanProfileSchema } from './domain/fan-profile.entity.js';
import { ListeningImportSchema } from './domain/listening-import.entity.js';
import { ListeningHttpModule } from './listening-http.module.js';
import { ListeningWorkerModule } from './listening-worker.module.js';

/** Listening as every process loads it. The catalogue and plays are written and read in set-based SQL, not as entities. */
export const listeningModule = defineModule({
  name: 'listening',
  entities: [FanProfileSchema, FanListeningStateSchema, ListeningImportSchema],
  http: ListeningHttpModule,
  worker: ListeningWorkerModule,
});
