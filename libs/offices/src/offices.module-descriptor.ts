import { defineModule } from '#pie/platform';
import { OfficesHttpModule } from './offices-http.module.js';

/** Offices as every process loads it: members and invitations are read and written in SQL, no entities. */
export const officesModule = defineModule({
  name: 'offices',
  entities: [],
  http: OfficesHttpModule,
});
