import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Since libuv 1.45 (Node 20 and later) a listening socket accepts ONE connection per turn of the
 * event loop (libuv pull request 3696: the rest wait for the next turn). Under a broker's peak a
 * turn of this process takes tens of milliseconds (every ready socket's work, PGlite's queries),
 * so new connections arrived faster than they were accepted: bench:peak saw the kernel's accept
 * queue hold 300 connections and a visitor's first request wait 20 to 57 s while requests on
 * open connections took under a second (bench/README.md, "New connections waited in the
 * kernel"). Several listening sockets on the one port (SO_REUSEPORT, Node 22.12 and later), in
 * this one process, each accept one per turn, and the kernel spreads new connections over them;
 * every connection is handed to the app's own HTTP server, which parses it, upgrades it to a
 * WebSocket, times it out and closes it as if it had accepted it itself.
 */

/** Node's `reusePort` listen option: 22.12+ and 23.1+. */
export function canShareListeningPort(version = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major >= 24 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

export type TAcceptors = {
  /** Listening sockets on the port, the app's own included. */
  count: number;
  /** Stops the extra sockets accepting (before the app closes its own). */
  close(): Promise<void>;
  /** Connections the extra sockets accepted so far (the app's own socket's are not counted). */
  acceptedByExtra(): number;
};

/**
 * app.listen() on `port`, plus `sockets - 1` more listening sockets on the same port that hand
 * what they accept to app.server. One socket (as app.listen alone) where the Node version or the
 * platform cannot share a port.
 */
export async function listenWithAcceptors(
  app: FastifyInstance,
  options: { port: number; host: string; sockets: number },
): Promise<TAcceptors> {
  const shared = options.sockets > 1 && canShareListeningPort();
  // `reusePort` is passed through to Node's server.listen (fastify/lib/server.js); Fastify's types predate it.
  await app.listen({ port: options.port, host: options.host, ...(shared ? { reusePort: true } : {}) } as { port: number; host: string });
  const extra: net.Server[] = [];
  let acceptedByExtra = 0;
  if (shared) {
    const { port } = app.server.address() as AddressInfo;
    for (let i = 1; i < options.sockets; i += 1) {
      // As http.createServer's own accepting socket: no Nagle delay (Node's HTTP default).
      const server = net.createServer({ noDelay: true }, (socket) => {
        acceptedByExtra += 1;
        app.server.emit('connection', socket);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ port, host: options.host, reusePort: true } as net.ListenOptions, () => {
            server.off('error', reject);
            resolve();
          });
        });
      } catch (error) {
        app.log.warn({ err: error }, `listening: ${extra.length + 1} socket(s) on port ${port}; another could not share it`);
        break;
      }
      extra.push(server);
    }
  }
  return {
    count: 1 + extra.length,
    acceptedByExtra: () => acceptedByExtra,
    // Stops listening at once; not waiting for close()'s callback, which comes only when every
    // connection the socket accepted has ended: those belong to the app's HTTP server now (a
    // proxy's idle keep-alive connections among them), which closes them when the app closes.
    close: async () => {
      for (const server of extra) server.close();
    },
  };
}
