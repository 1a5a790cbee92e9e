import type { ModuleDescriptor } from '#pie/platform';
import { identityModule } from '#pie/identity';
import { listeningModule } from '#pie/listening';
import { notificationsModule } from '#pie/notifications';
import { officesModule } from '#pie/offices';
import { claimsModule } from '#pie/claims';
import { billingModule } from '#pie/billing';
import { piesModule } from '#pie/pies';
import { payoutsModule } from '#pie/payouts';
import { adminModule } from '#pie/admin';

/**
 * Every domain module the platform runs, read by the api, the worker, the scripts and the tests
 * (imported as '#pie/modules'). Adding a module is one line here: its descriptor names its
 * entities and its HTTP and worker Nest modules (libs/README.md).
 */
export const modules: readonly ModuleDescriptor[] = [identityModule, listeningModule, notificationsModule, billingModule, officesModule, claimsModule, piesModule, payoutsModule, adminModule];
