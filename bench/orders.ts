// Order placement, in one run: (a) the raw database transaction an order needs, done directly
// through Drizzle (the statements placeOrder runs in its transaction), by 50 concurrent workers;
// (b) POST /api/orders over HTTP against the real app listening on a port, by 50 concurrent
// clients (each with its own customer, session cookie and quotes fetched beforehand through
// POST /api/quotes). Prints the throughput of each, their ratio, latencies, and how many SQL
// statements each order costs on either path.
// Usage: npm run bench:orders                  (embedded PGlite in a temp data directory)
//        DATABASE_URL=postgres://... npm run bench:orders   (use a throwaway database)
//        BENCH_CLIENTS (50), BENCH_ORDERS per client (20)
import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import type { TDatabase, TDb } from '#server/db/client.js';
import * as schema from '#server/db/schema/index.js';
import { coins, paymentMethods, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { toTransactionKey } from '#shared/transaction-id.js';
import { orderEvents, orders, quotes } from '#server/db/schema/orders.js';
import { createAccount } from '#server/db/seed.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderAdminOrderAlertEmail, renderOrderConfirmationEmail } from '#server/lib/email/templates.js';
import { runLoad, type TLoadRequest } from './load.js';
import { openBenchDatabase, percentile, rowsOf, runBench } from './support.js';
import { firstOrThrow } from '#server/db/rows.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PER_CLIENT = Number(process.env.BENCH_ORDERS ?? 20);
const WARMUP_PER_CLIENT = 2;
const APP_URL = 'http://localhost:3000';
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** Counts the statements Drizzle sends (BEGIN/COMMIT not included), for both paths alike. */
let statements = 0;
const countingLogger: Logger = {
  logQuery() {
    statements += 1;
  },
};

/**
 * What placeOrder (src/server/modules/orders/service.ts) runs inside its transaction for a buy
 * order, statement for statement: lock the customer, the quote, quote not used, coin, payment
 * method, transaction id not used by a live order, the payment window, insert, volume, the two
 * events of the one-step order (created, submitted), both outbox emails.
 */
async function rawOrder(db: TDb, userId: string, quoteId: string, methodId: number, paymentTxId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, userId)).for('update'));
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
    if (!quote || quote.expiresAt.getTime() <= Date.now()) throw new Error('quote missing or expired');
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quote.id));
    if (used) throw new Error('quote used');
    const [coin] = await tx.select().from(coins).where(eq(coins.symbol, quote.coinSymbol));
    if (!coin?.isEnabled) throw new Error('coin disabled');
    const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
    if (!method?.isEnabled) throw new Error('method disabled');
    const paymentTxKey = toTransactionKey(paymentTxId);
    if (!paymentTxKey) throw new Error('tx id refused');
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.paymentTxKey, paymentTxKey), notInArray(orders.status, ['cancelled', 'expired'])));
    const [windows] = await tx.select({ payment: settings.paymentWindowMinutes }).from(settings).where(eq(settings.id, 1));
    const now = new Date();
    if (taken) throw new Error('tx id used');
    const order = firstOrThrow(
      await tx
        .insert(orders)
        .values({
          userId,
          quoteId: quote.id,
          type: quote.side,
          coinSymbol: quote.coinSymbol,
          amountCrypto: quote.amountCrypto,
          amountFiat: quote.amountFiat,
          fiatCurrency: quote.fiatCurrency,
          amountUsd: quote.amountUsd,
          unitPriceUsd: quote.unitPriceUsd,
          ghsRate: quote.ghsRate,
          paymentMethodId: method.id,
          paymentMethod: method.name,
          paymentTxId,
          paymentTxKey,
          paymentReference: `CC${randomUUID().slice(0, 6).toUpperCase()}`,
          deadlineAt: new Date(now.getTime() + (windows?.payment ?? 30) * 60_000),
          submittedAt: now,
          status: 'payment_submitted',
          walletAddress: BTC_ADDRESS,
          network: null,
          destinationTag: null,
          payout: null,
          notes: null,
          idempotencyKey: null,
        })
        .returning(),
    );
    await tx
      .update(users)
      .set({ tradingVolumeUsd: sql`${users.tradingVolumeUsd} + ${quote.amountUsd}`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.insert(orderEvents).values([
      { orderId: order.id, actorId: userId, actorKind: 'customer', fromStatus: null, toStatus: 'awaiting_payment', createdAt: now },
      {
        orderId: order.id,
        actorId: userId,
        actorKind: 'customer',
        fromStatus: 'awaiting_payment',
        toStatus: 'payment_submitted',
        details: { paymentTxId },
        createdAt: now,
      },
    ]);
    await queueEmail(tx, user.email, renderOrderConfirmationEmail({ fullName: user.fullName || user.name, order, appUrl: APP_URL }));
    const [settingsRow] = await tx.select({ notificationEmail: settings.notificationEmail }).from(settings).where(eq(settings.id, 1));
    if (settingsRow?.notificationEmail) {
      await queueEmail(
        tx,
        settingsRow.notificationEmail,
        renderAdminOrderAlertEmail({ customerName: user.fullName || user.name, customerEmail: user.email, order, appUrl: APP_URL }),
      );
    }
  });
}

/** The same database with Drizzle's query logger counting statements. */
function withCounter(database: TDatabase): TDatabase {
  const db = database.pglite
    ? (drizzlePglite(database.pglite, { schema, logger: countingLogger }) as unknown as TDb)
    : (drizzlePg(database.pool!, { schema, logger: countingLogger }) as unknown as TDb);
  return { ...database, db };
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

async function main() {
  const bench = await openBenchDatabase('orders', { onDisk: true });
  const opened = bench.database;
  const database = withCounter(opened);
  const { db } = database;
  try {
    // Verified customers (no $20 limit), a payment method, a BTC wallet and the admin alert address.
    const run = randomUUID().slice(0, 8);
    const password = 'Customer-Passw0rd!';
    const customers: { id: string; email: string; cookie: string }[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const email = `bench-${run}-${i}@example.com`;
      const id = await createAccount(db, { email, password, fullName: 'Bench Customer', username: `bench${run}${i}` });
      customers.push({ id, email, cookie: '' });
    }
    await db
      .update(users)
      .set({ kycStatus: 'verified' })
      .where(sql`${users.email} like ${`bench-${run}-%`}`);
    const method = firstOrThrow(
      await db
        .insert(paymentMethods)
        .values({ name: 'MTN MoMo', details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' } })
        .returning(),
    );
    await db.update(coins).set({ walletAddress: BTC_ADDRESS }).where(eq(coins.symbol, 'btc'));
    await db.update(settings).set({ notificationEmail: 'alerts@example.com' }).where(eq(settings.id, 1));

    // ---- (a) the raw transaction, 50 workers
    const quoteRow = (userId: string) => ({
      id: randomUUID(),
      userId,
      coinSymbol: 'btc',
      side: 'buy' as const,
      fiatCurrency: 'GHS' as const,
      amountFiat: '250.00',
      amountUsd: '21.47',
      amountCrypto: '0.00022960',
      unitPriceUsd: '93514.97300000',
      baseUsd: '91234.12',
      ghsRate: '11.6421',
      feePercentage: '2.5',
      feeUsd: '0.52',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const rawQuotes = customers.map((c) => Array.from({ length: WARMUP_PER_CLIENT + PER_CLIENT }, () => quoteRow(c.id)));
    await db.insert(quotes).values(rawQuotes.flat());
    const rawRun = async (from: number, to: number) => {
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        customers.map(async (customer, w) => {
          for (let i = from; i < to; i += 1) {
            const quote = rawQuotes[w]?.[i];
            if (!quote) throw new Error(`no raw quote ${i} for customer ${w}`);
            const t0 = performance.now();
            await rawOrder(db, customer.id, quote.id, method.id, `RAW-${run}-${w}-${i}`);
            latencies.push(performance.now() - t0);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { latencies, elapsedMs: performance.now() - started };
    };
    await rawRun(0, WARMUP_PER_CLIENT);
    statements = 0;
    const raw = await rawRun(WARMUP_PER_CLIENT, WARMUP_PER_CLIENT + PER_CLIENT);
    const rawStatements = statements / (CLIENTS * PER_CLIENT);

    // ---- (b) HTTP, 50 clients against the real app on a port
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      APP_URL,
      DATA_DIR: bench.dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
      PRICE_FEED: 'simulated',
      QUOTE_TTL_SECONDS: '3600',
      AUTH_RATE_LIMIT_MAX: '100000',
      // Limits still counted (their cost is part of the figure), never reached.
      RATE_LIMIT_SCALE: '100000',
    });
    const app = await buildApp(config, { database, logger: false });
    await app.market.refreshOnce();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const customer of customers) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/session/login',
        headers: { origin: config.appOrigin },
        payload: { email: customer.email, password, portal: 'customer' },
      });
      if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
      const setCookie = login.headers['set-cookie'];
      customer.cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
    }
    // Quotes first (through the endpoint, not timed), then the timed order POSTs.
    const quoteStarted = performance.now();
    const httpQuotes = await Promise.all(
      customers.map(async (customer) => {
        const ids: string[] = [];
        // One more quote per client for the single-client run.
        for (let i = 0; i < WARMUP_PER_CLIENT + PER_CLIENT + 1; i += 1) {
          const response = await app.inject({
            method: 'POST',
            url: '/api/quotes',
            headers: { origin: config.appOrigin, cookie: customer.cookie },
            payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '250' },
          });
          if (response.statusCode !== 201) throw new Error(`quote: ${response.statusCode} ${response.body}`);
          ids.push(response.json<{ id: string }>().id);
        }
        return ids;
      }),
    );
    const quoteMs = (performance.now() - quoteStarted) / (CLIENTS * (WARMUP_PER_CLIENT + PER_CLIENT + 1));
    const orderRequest = (w: number, i: number): TLoadRequest => {
      const customer = customers[w];
      const quoteId = httpQuotes[w]?.[i];
      if (!customer || quoteId === undefined) throw new Error(`no quote ${i} for customer ${w}`);
      return {
        method: 'POST',
        path: '/api/orders',
        headers: { origin: config.appOrigin, cookie: customer.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'buy',
          quoteId,
          walletAddress: BTC_ADDRESS,
          paymentMethodId: method.id,
          paymentTxId: `HTTP-${run}-${w}-${i}`,
        }),
        expectStatus: 201,
      };
    };
    const job = (from: number, to: number) =>
      runLoad({
        host: '127.0.0.1',
        port,
        connections: customers.map((_, w) => Array.from({ length: to - from }, (__, k) => orderRequest(w, from + k))),
      });
    const warm = await job(0, WARMUP_PER_CLIENT);
    if (warm.errors > 0) throw new Error(`HTTP warm-up: ${warm.errors} errors, first: ${warm.firstError}`);
    statements = 0;
    const http = await job(WARMUP_PER_CLIENT, WARMUP_PER_CLIENT + PER_CLIENT);
    if (http.errors > 0) throw new Error(`HTTP: ${http.errors} errors, first: ${http.firstError}`);
    const httpStatements = statements / http.completed;
    // The same orders one at a time on one connection: the service time, without queueing.
    const single = await runLoad({
      host: '127.0.0.1',
      port,
      connections: [customers.map((_, w) => orderRequest(w, WARMUP_PER_CLIENT + PER_CLIENT))],
    });
    if (single.errors > 0) throw new Error(`HTTP single client: ${single.errors} errors, first: ${single.firstError}`);
    await app.close();

    // PGlite runs statements one at a time on this thread: the cost of the emptiest one.
    let selectOneUs: number | null = null;
    if (opened.pglite) {
      for (let i = 0; i < 200; i += 1) await opened.pglite.query('SELECT 1');
      const started = performance.now();
      for (let i = 0; i < 2000; i += 1) await opened.pglite.query('SELECT 1');
      selectOneUs = ((performance.now() - started) / 2000) * 1000;
    }

    const { placed } = firstOrThrow(
      await rowsOf<{ placed: number }>(db, sql`SELECT count(*)::int AS placed FROM orders WHERE payment_tx_id LIKE ${`%-${run}-%`}`),
    );
    const expected = 2 * CLIENTS * (WARMUP_PER_CLIENT + PER_CLIENT) + CLIENTS;
    if (Number(placed) !== expected) throw new Error(`expected ${expected} orders, found ${placed}`);

    const rawRate = (CLIENTS * PER_CLIENT) / (raw.elapsedMs / 1000);
    const httpRate = http.completed / (http.elapsedMs / 1000);
    console.log(
      `${database.kind}, ${CLIENTS} concurrent workers/clients, ${PER_CLIENT} timed orders each (after ${WARMUP_PER_CLIENT} warm-up orders)\n`,
    );
    console.log('path                                  orders/s    p50        p99        statements/order');
    console.log(
      `raw transaction (Drizzle)             ${rawRate.toFixed(0).padStart(8)}    ${ms(percentile(raw.latencies, 50)).padEnd(10)} ${ms(percentile(raw.latencies, 99)).padEnd(10)} ${rawStatements.toFixed(1)}`,
    );
    console.log(
      `HTTP POST /api/orders                 ${httpRate.toFixed(0).padStart(8)}    ${ms(percentile(http.latenciesMs, 50)).padEnd(10)} ${ms(percentile(http.latenciesMs, 99)).padEnd(10)} ${httpStatements.toFixed(1)}`,
    );
    console.log(`\nratio HTTP / raw                      ${(httpRate / rawRate).toFixed(2)}   (goal: at least 0.50)`);
    console.log(`HTTP p99                              ${ms(percentile(http.latenciesMs, 99))}   (goal on PGlite: under 100 ms)`);
    console.log(`POST /api/quotes beforehand           ${ms(quoteMs)} per quote on average (app.inject, ${CLIENTS} concurrent)`);
    const singleRate = single.completed / (single.elapsedMs / 1000);
    console.log(
      `HTTP, 1 client, ${CLIENTS} orders in turn    ${singleRate.toFixed(0)} orders/s, p50 ${ms(percentile(single.latenciesMs, 50))}, p99 ${ms(percentile(single.latenciesMs, 99))} (no queueing)`,
    );
    // Little's law: with every order served one after another, N clients wait N / throughput.
    console.log(
      `queueing floor at ${CLIENTS} clients       ${ms((CLIENTS / httpRate) * 1000)} mean latency at the measured HTTP rate (${CLIENTS} / orders per s)`,
    );
    if (selectOneUs !== null) {
      const floorMs = (selectOneUs * httpStatements) / 1000;
      console.log(
        `PGlite SELECT 1                       ${selectOneUs.toFixed(0)} µs each; ${httpStatements.toFixed(0)} statements need ${ms(floorMs)} per order, so ${CLIENTS} clients wait at least ${ms(floorMs * CLIENTS)} even if nothing else cost time`,
      );
    }
  } finally {
    await bench.close();
  }
}

runBench(main);
