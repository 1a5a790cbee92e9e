import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '#pie/platform';
import type { SendEmailPayload } from './jobs/send-email.job.js';

/** The SMTP connection (the sandbox inbox locally, a real relay in production). */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = nodemailer.createTransport(config.SMTP_URL);
  }

  /**
   * Sends one message. `messageId` (the job's message id) makes its Message-ID: should a worker die
   * between the SMTP server's acceptance and the inbox row's commit, the retry sends the same
   * message again with the same Message-ID, which mail systems and clients treat as one message.
   */
  async send(message: SendEmailPayload, messageId?: string): Promise<void> {
    const domain = /@([^>\s]+)>?\s*$/.exec(this.config.MAIL_FROM)?.[1] ?? 'pie.local';
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...message, ...(messageId ? { messageId: `<${messageId}@${domain}>` } : {}) });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
