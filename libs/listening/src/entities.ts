import { FanListeningStateSchema } from './domain/fan-listening-state.entity.js';
import { FanProfileSchema } from './domain/fan-profile.entity.js';
import { ListeningImportSchema } from './domain/listening-import.entity.js';

/** The listening module's entities (the catalogue and plays are written and read in set-based SQL). */
export const listeningEntities = [FanProfileSchema, FanListeningStateSchema, ListeningImportSchema];
