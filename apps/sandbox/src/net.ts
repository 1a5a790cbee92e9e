import type { Server } from 'node:net';

/** Starts listening and resolves with the real port (so port 0 can mean "any free port"). */
export function listenOn(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error(`Unexpected listen address for ${host}:${port}`));
        return;
      }
      resolve(address.port);
    });
  });
}

/** Host part of a printable URL: wildcard binds are reachable as localhost; IPv6 needs brackets. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
