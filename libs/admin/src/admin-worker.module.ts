import { Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { ArtistPages } from '#pie/claims';
import { PayoutsFacadeModule } from '#pie/payouts';
import { Reconciliations } from './domain/reconciliations.js';
import { StripeRecords } from './domain/provider-records.js';
import { AdminSchedules, DiscoverArtistEmailHandler, RunProviderCheckHandler, RunReconciliationHandler, WorkerHeartbeatHandler } from './jobs/admin-jobs.handlers.js';

/** Worker side of the admin back office, imported by apps/worker: e-mail discovery, the nightly reconciliation, the heartbeat. */
@Module({
  imports: [PayoutsFacadeModule],
  providers: [StripeGateway, ArtistPages, StripeRecords, Reconciliations, DiscoverArtistEmailHandler, RunReconciliationHandler, RunProviderCheckHandler, WorkerHeartbeatHandler, AdminSchedules],
})
export class AdminWorkerModule {}
