import { Module } from '@nestjs/common';
import { IdentityFacadeModule } from '#pie/identity';
import { ClosePiePeriodHandler } from './jobs/close-pie-period/close-pie-period.handler.js';
import { PiesSchedules } from './jobs/pies-schedules.js';
import { SchedulePeriodClosesHandler } from './jobs/schedule-period-closes/schedule-period-closes.handler.js';
import { CreatePieOnSubscriptionActivatedListener } from './listeners/create-pie-on-subscription-activated.listener.js';
import { FollowSubscriptionStatusListener } from './listeners/follow-subscription-status.listener.js';
import { OpenPeriodOnInvoicePaidListener } from './listeners/open-period-on-invoice-paid.listener.js';
import { SendEmailOnPiePeriodClosedListener } from './listeners/send-email-on-pie-period-closed.listener.js';

/** Worker side of pies, imported by apps/worker: the `pies` queue's close jobs and scheduler, billing's events. */
@Module({
  imports: [IdentityFacadeModule],
  providers: [
    PiesSchedules,
    SchedulePeriodClosesHandler,
    ClosePiePeriodHandler,
    CreatePieOnSubscriptionActivatedListener,
    OpenPeriodOnInvoicePaidListener,
    FollowSubscriptionStatusListener,
    SendEmailOnPiePeriodClosedListener,
  ],
})
export class PiesWorkerModule {}
