import { defineModule } from '#pie/platform';
import { NotificationsWorkerModule } from './notifications-worker.module.js';

/** Notifications: the `email` queue's sender, worker side only. */
export const notificationsModule = defineModule({
  name: 'notifications',
  entities: [],
  worker: NotificationsWorkerModule,
});
