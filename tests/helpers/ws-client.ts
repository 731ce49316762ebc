import WebSocket from 'ws';
import type { TServerSocketEvent } from '#shared/contracts/chat.js';

/**
 * A test WebSocket client: records every server event, lets a test wait for one, and tells how
 * the connection ended. Waits never assert on time; the test timeout bounds them.
 */
export class SocketClient {
  readonly events: TServerSocketEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { predicate: (event: TServerSocketEvent) => boolean; resolve: (event: TServerSocketEvent) => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as TServerSocketEvent;
      this.events.push(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.predicate(event)) return true;
        waiter.resolve(event);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  /** The first event (already received or still to come) that matches. */
  waitFor<T extends TServerSocketEvent['type']>(
    type: T,
    predicate: (event: Extract<TServerSocketEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<TServerSocketEvent, { type: T }>> {
    const matches = (event: TServerSocketEvent): event is Extract<TServerSocketEvent, { type: T }> =>
      event.type === type && predicate(event as Extract<TServerSocketEvent, { type: T }>);
    const seen = this.events.find(matches);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      this.waiters.push({ predicate: matches, resolve: resolve as (event: TServerSocketEvent) => void });
    });
  }

  send(event: unknown): void {
    this.ws.send(typeof event === 'string' ? event : JSON.stringify(event));
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

/** Opens a socket; resolves with the client, or with the HTTP status that refused the upgrade. */
export function openSocket(url: string, headers: Record<string, string>): Promise<{ client?: SocketClient; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    const client = new SocketClient(ws);
    ws.once('open', () => resolve({ client }));
    ws.once('error', (error) => {
      const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
      resolve({ status: status ? Number(status) : -1 });
    });
  });
}
