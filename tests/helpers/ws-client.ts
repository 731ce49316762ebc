import WebSocket from 'ws';
import type { TServerSocketEvent } from '#shared/contracts/chat.js';

/**
 * A test WebSocket client: records every server event, lets a test wait for one, and tells how
 * the connection ended. Waits never assert on time; the test timeout bounds them.
 */
export class SocketClient<TEvent extends { type: string } = TServerSocketEvent> {
  readonly events: TEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { predicate: (event: TEvent) => boolean; resolve: (event: TEvent) => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as TEvent;
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
  waitFor<T extends TEvent['type']>(
    type: T,
    predicate: (event: Extract<TEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<TEvent, { type: T }>> {
    const matches = (event: TEvent): event is Extract<TEvent, { type: T }> =>
      event.type === type && predicate(event as Extract<TEvent, { type: T }>);
    const seen = this.events.find(matches);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      this.waiters.push({ predicate: matches, resolve: resolve as (event: TEvent) => void });
    });
  }

  /** Resolves once `count` events of `type` have been received (already or still to come). */
  waitForCount(type: TEvent['type'], count: number): Promise<void> {
    const enough = () => this.events.filter((event) => event.type === type).length >= count;
    if (enough()) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ predicate: () => enough(), resolve: () => resolve() });
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
export function openSocket<TEvent extends { type: string } = TServerSocketEvent>(
  url: string,
  headers: Record<string, string>,
): Promise<{ client?: SocketClient<TEvent>; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    const client = new SocketClient<TEvent>(ws);
    ws.once('open', () => resolve({ client }));
    ws.once('error', (error) => {
      const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
      resolve({ status: status ? Number(status) : -1 });
    });
  });
}
