// Live chat fan-out: 500 customer WebSockets and a few staff ones on one server; customers send
// messages over HTTP (POST /api/chat/messages) and the time until each staff client receives
// the message event is measured, from just before the POST.
//   steady: BENCH_RATE messages per second (default 20), each from another customer, 2 per customer
//   burst:  every customer sends one at once, BENCH_CONCURRENCY (25) requests in flight
// Usage: npx tsx bench/chat-ws.ts                      (embedded PGlite, in memory)
//        DATABASE_URL=postgres://... npx tsx bench/chat-ws.ts   (LISTEN/NOTIFY on PostgreSQL)
// BENCH_CUSTOMERS and BENCH_STAFF change the sizes. Client and server share this process.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import type { TServerSocketEvent } from '#shared/contracts/chat.js';
import { signedSessionCookie } from '#test/helpers/session-cookie.js';
import { openBenchDatabase, percentile, runBench } from './support.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 500);
const STAFF = Number(process.env.BENCH_STAFF ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 25);
const ORIGIN = 'http://localhost:3000';
const SECRET = randomBytes(32).toString('base64url');

const sessionCookie = (token: string) => signedSessionCookie(token, SECRET);

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

function connect(url: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin: ORIGIN } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function main() {
  const bench = await openBenchDatabase('chat', { onDisk: false });
  const { database } = bench;
  const run = randomBytes(4).toString('hex');
  // Accounts and sessions straight into the tables: logging 500 people in would measure scrypt.
  await database.db.execute(sql`
    INSERT INTO users (id, name, full_name, email, username, role, two_factor_enabled)
    SELECT 'chat-' || ${run} || '-' || g, 'Customer ' || g, 'Customer ' || g, 'chat' || ${run} || g || '@example.com', 'chat' || ${run} || g,
           CASE WHEN g <= ${STAFF} THEN 'support' ELSE 'customer' END, g <= ${STAFF}
    FROM generate_series(1, ${CUSTOMERS + STAFF}) AS g`);
  await database.db.execute(sql`
    INSERT INTO sessions (id, token, user_id, expires_at)
    SELECT 'chat-s-' || ${run} || '-' || g, 'chat-t-' || ${run} || '-' || g, 'chat-' || ${run} || '-' || g, now() + interval '1 day'
    FROM generate_series(1, ${CUSTOMERS + STAFF}) AS g`);

  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: ORIGIN,
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: SECRET,
    PRICE_FEED: 'simulated',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const token = (g: number) => `chat-t-${run}-${g}`;

  const check = await fetch(`http://127.0.0.1:${port}/api/session`, { headers: { cookie: sessionCookie(token(STAFF + 1)) } });
  if ((await check.json()).user === null) throw new Error('the bench session cookie was not accepted');

  // Connect: staff first, then every customer.
  const started = performance.now();
  const staffSockets = await Promise.all(
    Array.from({ length: STAFF }, (_, i) => connect(`ws://127.0.0.1:${port}/api/admin/chat/socket`, sessionCookie(token(i + 1)))),
  );
  const customerSockets: WebSocket[] = [];
  await inBatches(
    Array.from({ length: CUSTOMERS }, (_, i) => STAFF + 1 + i),
    50,
    async (g) => {
      customerSockets.push(await connect(`ws://127.0.0.1:${port}/api/chat/socket`, sessionCookie(token(g))));
    },
  );
  console.log(
    `${database.kind}: ${customerSockets.length} customer + ${staffSockets.length} staff sockets open in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Every staff client records when each message reaches it.
  const sentAt = new Map<string, number>();
  let latencies: number[] = [];
  let expected = 0;
  let onAllDelivered: () => void = () => undefined;
  for (const ws of staffSockets) {
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as TServerSocketEvent;
      if (event.type !== 'message') return;
      const t0 = sentAt.get(event.message.text);
      if (t0 === undefined) return;
      latencies.push(performance.now() - t0);
      if (latencies.length === expected) onAllDelivered();
    });
  }

  const send = async (g: number, text: string) => {
    sentAt.set(text, performance.now());
    const response = await fetch(`http://127.0.0.1:${port}/api/chat/messages`, {
      method: 'POST',
      headers: { cookie: sessionCookie(token(g)), origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    if (response.status !== 201) throw new Error(`send failed: ${response.status} ${await response.text()}`);
  };
  const customerIds = Array.from({ length: CUSTOMERS }, (_, i) => STAFF + 1 + i);

  const report = (name: string, messages: number, seconds: number) => {
    latencies.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(7)} ${String(messages).padStart(5)} messages, ${String(latencies.length).padStart(5)} deliveries: ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  max ${latencies.at(-1)!.toFixed(1)} ms  ` +
        `(${(messages / seconds).toFixed(0)} messages/s)`,
    );
    latencies = [];
    expected = 0;
  };

  // Steady: one message every 1/RATE s, from each customer in turn, twice round.
  {
    const senders = [...customerIds, ...customerIds];
    const messages = senders.length;
    expected = messages * STAFF;
    const delivered = new Promise<void>((resolve) => {
      onAllDelivered = resolve;
    });
    const t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (const [i, g] of senders.entries()) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(send(g, `steady ${i}`));
    }
    await Promise.all(pending);
    await delivered;
    report('steady', messages, (performance.now() - t0) / 1000);
  }

  // Let the per-person send allowance (a burst of 10, then 1/s) refill.
  await new Promise((r) => setTimeout(r, 2000));

  // Burst: everyone at once.
  {
    expected = CUSTOMERS * STAFF;
    const delivered = new Promise<void>((resolve) => {
      onAllDelivered = resolve;
    });
    const t0 = performance.now();
    await inBatches(customerIds, CONCURRENCY, (g) => send(g, `burst ${g}`));
    await delivered;
    report('burst', CUSTOMERS, (performance.now() - t0) / 1000);
  }
  console.log(`rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);

  for (const ws of [...staffSockets, ...customerSockets]) ws.terminate();
  await app.close();
  await bench.close();
}

runBench(main);
