import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy a test controls, standing between a client and a shared service (Redis, Postgres)
 * that must not be stopped: 'forward' passes bytes both ways; 'blackhole' drops every open
 * connection and accepts new ones without ever answering, as a dead or partitioned server does.
 */
export class TcpProxy {
  private mode: 'forward' | 'blackhole' = 'forward';
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly target: { host: string; port: number },
  ) {
    server.on('connection', (client) => this.accept(client));
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new TcpProxy(server, target);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Cuts every open connection; from now on connections are accepted and never answered. */
  blackhole(): void {
    this.mode = 'blackhole';
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  forward(): void {
    this.mode = 'forward';
    // Connections accepted while black-holed never get an answer: drop them so clients reconnect.
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    this.track(client);
    if (this.mode === 'blackhole') return;
    const upstream = connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }
}
