import { Module } from '@nestjs/common';
import { SendEmailHandler } from './jobs/send-email.handler.js';
import { Mailer } from './mailer.js';

/** Worker side of notifications: the `email` queue's handler. */
@Module({ providers: [Mailer, SendEmailHandler] })
export class NotificationsWorkerModule {}
