import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { ZServerSocketEvent } from '#shared/contracts/chat.js';
import { ChatSocket, type TSocketStatus } from './chat-socket';

/** Lets real I/O (the refused upgrade) happen while the timers stay fake. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A little real I/O time in which nothing should happen. */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('the chat socket comes back by itself', () => {
  let server: WebSocketServer;
  /** Fake-clock time of each connection attempt the server saw (and refused). */
  let attempts: number[];

  beforeEach(async () => {
    attempts = [];
    server = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      verifyClient: (_info, done) => {
        attempts.push(Date.now());
        done(false, 503);
      },
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`http://127.0.0.1:${address.port}/admin/chat`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // No jitter: every delay is exactly the backoff step.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });

  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await new Promise((resolve) => server.close(resolve));
  });

  it('waits 1, 2, 4, 8, 16 then 30 s between refused attempts, asks about the session once, and again at once when back online', async () => {
    const statuses: TSocketStatus[] = [];
    let sessionDoubts = 0;
    const socket = new ChatSocket(
      '/api/chat/socket',
      {
        onEvent: () => undefined,
        onOpen: () => undefined,
        onStatus: (status) => statuses.push(status),
        onSessionDoubt: () => {
          sessionDoubts += 1;
        },
      },
      ZServerSocketEvent,
    );
    socket.start();
    await until(() => attempts.length === 1, 'the first attempt');
    expect(statuses[0]).toBe('connecting');

    for (const delayMs of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      const seen = attempts.length;
      await until(() => statuses.filter((status) => status === 'reconnecting').length >= seen, 'the refusal');
      vi.advanceTimersByTime(delayMs - 1);
      await settle();
      expect(attempts).toHaveLength(seen);
      vi.advanceTimersByTime(1);
      await until(() => attempts.length === seen + 1, `the attempt after ${delayMs} ms`);
    }
    // A refused upgrade looks like a network failure: the session is checked once, at the second.
    expect(sessionDoubts).toBe(1);

    // Back online: at once, without waiting out the 30 s.
    const seen = attempts.length;
    await until(() => statuses.filter((status) => status === 'reconnecting').length >= seen, 'the last refusal');
    window.dispatchEvent(new Event('online'));
    await until(() => attempts.length === seen + 1, 'the attempt when back online');
    // ...and the backoff starts again from 1 s.
    await until(() => statuses.filter((status) => status === 'reconnecting').length >= seen + 1, 'its refusal');
    vi.advanceTimersByTime(1_000);
    await until(() => attempts.length === seen + 2, 'the attempt 1 s later');

    // Closed: nothing more, however long it waits.
    socket.close();
    vi.advanceTimersByTime(10 * 60_000);
    await settle();
    expect(attempts).toHaveLength(seen + 2);
  });
});
