import net from 'node:net';

/**
 * A TCP stand-in in front of the sandbox's SMTP server that a test switches between three
 * behaviours of a mail server: `forward` (works), `refuse` (down: the connection is dropped at
 * once) and `hang` (accepts and never says a word, so the sender is stuck mid-job).
 */
export type SmtpGateMode = 'forward' | 'refuse' | 'hang';

export class SmtpGate {
  mode: SmtpGateMode;
  /** Connections seen so far, by the mode they met. */
  readonly connections: Record<SmtpGateMode, number> = { forward: 0, refuse: 0, hang: 0 };
  /** When each connection arrived (Date.now()) and what it met, oldest first. */
  readonly log: { mode: SmtpGateMode; at: number }[] = [];
  private readonly sockets = new Set<net.Socket>();
  private readonly waiters: { mode: SmtpGateMode; count: number; resolve: () => void }[] = [];

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
    mode: SmtpGateMode,
  ) {
    this.mode = mode;
    server.on('connection', (socket) => this.accept(socket));
  }

  /** `smtpUrl` is where the real inbox listens (the sandbox's `urls.smtp`). */
  static async start(smtpUrl: string, mode: SmtpGateMode = 'forward'): Promise<SmtpGate> {
    const target = new URL(smtpUrl);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return new SmtpGate(server, { host: target.hostname, port: Number(target.port) }, mode);
  }

  /** What the app's SMTP_URL should say. */
  get url(): string {
    return `smtp://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** Resolves once `count` connections in all have met `mode`. */
  waitFor(mode: SmtpGateMode, count = 1, timeoutMs = 20_000): Promise<void> {
    if (this.connections[mode] >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No ${count} ${mode} SMTP connection(s) within ${timeoutMs} ms (seen: ${JSON.stringify(this.connections)})`)),
        timeoutMs,
      );
      this.waiters.push({ mode, count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    const mode = this.mode;
    this.connections[mode] += 1;
    this.log.push({ mode, at: Date.now() });
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'refuse') {
      socket.destroy();
    } else if (mode === 'forward') {
      const upstream = net.connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on('close', () => (this.sockets.delete(upstream), socket.destroy()));
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      socket.pipe(upstream).pipe(socket);
    }
    // 'hang': keep the socket open and silent.
    for (const waiter of this.waiters.filter((w) => w.mode === mode && this.connections[mode] >= w.count)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}
