import { Module } from '@nestjs/common';
import { SendEmailOnClaimRejectedListener } from './listeners/send-email-on-claim-rejected.listener.js';
import { SendEmailOnClaimVerifiedListener } from './listeners/send-email-on-claim-verified.listener.js';

/** Worker side of claims, imported by apps/worker: the office admins' mails about their claims' results. */
@Module({ providers: [SendEmailOnClaimVerifiedListener, SendEmailOnClaimRejectedListener] })
export class ClaimsWorkerModule {}
