import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { listenOn } from '../net.js';
import { createInboxRequestHandler } from './inbox-http.js';
import { InboxStore } from './inbox-store.js';

export interface SmtpInboxOptions {
  /** Interface to bind both servers to; loopback by default so the inbox is not exposed. */
  host?: string;
  /** 0 picks a free port (tests). */
  smtpPort: number;
  /** 0 picks a free port (tests). */
  httpPort: number;
  logger?: (msg: string) => void;
}

export interface SmtpInbox {
  smtpPort: number;
  httpPort: number;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_STORED_MESSAGES = 500;

/**
 * Stand-in for the SMTP provider: accepts any mail (no auth, no TLS, as a local relay would),
 * keeps the last messages in memory and serves them over a maildev-compatible HTTP API and page.
 */
export async function startSmtpInbox(options: SmtpInboxOptions): Promise<SmtpInbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? (() => {});
  const store = new InboxStore(MAX_STORED_MESSAGES);

  const smtp = new SMTPServer({
    banner: 'Pie sandbox inbox',
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // Shutdown should not hang on an idle pooled client connection.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          // smtp-server keeps reading past the limit so it can answer properly; reject here.
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message exceeds the 10 MB limit'), { responseCode: 552 }));
            return;
          }
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt: SMTPServerAddress) => rcpt.address),
          };
          const message = store.add(parsed, envelope);
          log(`mail: received "${message.subject}" for ${envelope.to.join(', ')}`);
          callback();
        })
        .catch((error: unknown) => {
          log(`mail: could not parse a message: ${String(error)}`);
          callback(Object.assign(new Error('Could not parse the message'), { responseCode: 451 }));
        });
    },
  });
  // Without a listener an 'error' event would crash the process (e.g. a client resetting).
  smtp.on('error', (error: Error) => log(`mail: SMTP error: ${error.message}`));

  const http = createServer(createInboxRequestHandler(store));

  const smtpPort = await listenOn(smtp.server, options.smtpPort, host);
  let httpPort: number;
  try {
    httpPort = await listenOn(http, options.httpPort, host);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(resolve));
    throw error;
  }

  return {
    smtpPort,
    httpPort,
    async close() {
      // Keep-alive connections (fetch) would otherwise hold http.close() open.
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(resolve)),
      ]);
    },
  };
}
