import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server that only counts what it is given, per recipient: for runs that send tens of
 * thousands of e-mails, which the sandbox inbox (parsed, bounded to its newest 500) cannot hold.
 * A message counts once its data has been accepted (the moment the sender sees "250").
 */
export class MailCounter {
  /** Accepted messages per recipient address (lower-cased). */
  readonly byRecipient = new Map<string, number>();
  /** Distinct Message-IDs per recipient: the messages a person sees (a re-sent message keeps its Message-ID). */
  readonly messageIdsByRecipient = new Map<string, Set<string>>();
  total = 0;

  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (!head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? `(none ${this.total})`;
        for (const rcpt of session.envelope.rcptTo) this.count(rcpt.address.toLowerCase(), messageId);
        callback();
      });
    },
  });

  private constructor() {
    this.server.on('error', () => undefined);
  }

  static async start(): Promise<MailCounter> {
    const counter = new MailCounter();
    await new Promise<void>((resolve) => counter.server.listen(0, '127.0.0.1', () => resolve()));
    return counter;
  }

  /** What the app's SMTP_URL should say. */
  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Recipients that got more than one message, with how many. */
  duplicates(): [string, number][] {
    return [...this.byRecipient].filter(([, count]) => count > 1);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private count(address: string, messageId: string): void {
    this.total += 1;
    this.byRecipient.set(address, (this.byRecipient.get(address) ?? 0) + 1);
    const ids = this.messageIdsByRecipient.get(address) ?? new Set<string>();
    ids.add(messageId);
    this.messageIdsByRecipient.set(address, ids);
  }
}
