import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { listenOn } from '../../net.js';
import { StripeSandboxControl } from '../control-client.js';
import { startStripeSandbox, type StripeSandbox } from '../server.js';

export const TEST_WEBHOOK_SECRET = 'whsec_test_harness_secret';

/** One received delivery, as the app's endpoint would see it. */
export interface ReceivedWebhook {
  raw: string;
  signature: string;
  event: Stripe.Event;
  at: number;
}

/**
 * A webhook receiver standing in for the app: verifies every delivery with the SDK's
 * `constructEvent` and keeps the events. `failNext` makes it answer 500 a number of times first.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly rejected: string[] = [];
  failNext = 0;
  statusWhenFailing = 500;
  url = '';
  private server: Server | undefined;

  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (this.failNext > 0) {
          this.failNext--;
          res.writeHead(this.statusWhenFailing).end();
          return;
        }
        const signature = String(req.headers['stripe-signature'] ?? '');
        try {
          const event = this.stripe.webhooks.constructEvent(raw, signature, this.secret, 300);
          this.received.push({ raw, signature, event, at: Date.now() });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
        } catch (error) {
          this.rejected.push((error as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    const port = await listenOn(this.server, 0, '127.0.0.1');
    this.url = `http://127.0.0.1:${port}/webhook`;
    return this;
  }

  /** Forgets what was received and answers 2xx again. */
  clear(): void {
    this.received.length = 0;
    this.rejected.length = 0;
    this.failNext = 0;
  }

  events(type?: string): Stripe.Event[] {
    return this.received.map((r) => r.event).filter((e) => type === undefined || e.type === type);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export interface StripeHarness {
  sandbox: StripeSandbox;
  /** The official SDK pointed at the sandbox, as the app builds it. */
  stripe: Stripe;
  control: StripeSandboxControl;
  receiver: WebhookReceiver;
  /** Empty sandbox (start-up endpoint kept), fast retries, empty receiver: a fresh start per test. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Retries fast enough for tests to watch several attempts. */
export const FAST_RETRY = { initialMs: 20, maxMs: 100, maxAttempts: 8 };

/** The official SDK pointed at a sandbox URL, as the app builds it from STRIPE_API_URL. */
export function sdkFor(url: string, key = 'sk_test_pie_harness'): Stripe {
  const parsed = new URL(url);
  return new Stripe(key, { host: parsed.hostname, port: Number(parsed.port), protocol: parsed.protocol === 'https:' ? 'https' : 'http', maxNetworkRetries: 0 });
}

/** A sandbox with one webhook endpoint (the receiver) and fast retries, for tests. */
export async function startStripeHarness(options: { stateFile?: string } = {}): Promise<StripeHarness> {
  const receiverStripe = new Stripe('sk_test_receiver');
  const receiver = await new WebhookReceiver(receiverStripe, TEST_WEBHOOK_SECRET).start();
  const sandbox = await startStripeSandbox({ port: 0, stateFile: options.stateFile, webhooks: [{ url: receiver.url, secret: TEST_WEBHOOK_SECRET }] });
  const control = new StripeSandboxControl(sandbox.url);
  await control.setDeliveryKnobs({ retry: FAST_RETRY });
  return {
    sandbox,
    stripe: sdkFor(sandbox.url),
    control,
    receiver,
    async reset() {
      await control.reset();
      await control.setDeliveryKnobs({ retry: FAST_RETRY });
      receiver.clear();
    },
    async close() {
      await sandbox.close();
      await receiver.close();
    },
  };
}
