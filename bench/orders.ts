// Orders through their lifecycle (docs/decisions/014), in one run: (a) the raw database
// transaction that creates a buy order, done directly through Drizzle (the statements placeOrder
// runs in its transaction), by 50 concurrent workers; (b) POST /api/orders over HTTP against the
// real app listening on a port, by 50 concurrent clients (each with its own customer, session
// cookie and quotes fetched beforehand through POST /api/quotes). Prints the throughput of each,
// their ratio, latencies, and how many SQL statements each order costs on either path. Then the
// rest of the lifecycle over HTTP for the orders just created: "I have paid"
// (POST /api/orders/:id/payment) by the same clients, staff approval
// (POST /api/admin/orders/:id/approve, one staff session on as many connections), and one run of
// the expiry (expireDueOrders with the clock 61 minutes ahead) over every order left unpaid.
// Usage: npm run bench:orders                  (embedded PGlite in a temp data directory)
//        DATABASE_URL=postgres://... npm run bench:orders   (use a throwaway database)
//        BENCH_CLIENTS (50), BENCH_ORDERS per client (20)
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ORDER_MSG, type TCreateOrderRequest } from '#shared/contracts/orders.js';
import { toDecimal } from '#shared/money.js';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import type { TDatabase, TDb, TTx } from '#server/db/client.js';
import * as schema from '#server/db/schema/index.js';
import { coins, depositAddresses, paymentMethods, settings, tradingRulesColumns } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orderEvents, orders, quotes } from '#server/db/schema/orders.js';
import { createAccount } from '#server/db/seed.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderOrderConfirmationEmail } from '#server/lib/email/templates.js';
import { getCompanyDetails } from '#server/modules/content/service.js';
import { createLocalStorage } from '#server/lib/storage.js';
import { REALTIME_CHANNEL } from '#server/modules/realtime/bus.js';
import { DEFAULT_TRADING_RULES } from '#shared/contracts/market.js';
import type { TOrderChange, TOrderDeps } from '#server/modules/orders/deps.js';
import { OrderEvents } from '#server/modules/orders/events.js';
import { expireDueOrders } from '#server/modules/orders/lifecycle.js';
import { newPaymentReference } from '#server/modules/orders/payment-reference.js';
import { validateOrderInput } from '#server/modules/orders/place-order.js';
import { checkTierLimit, readTierLimits, tierOf } from '#server/modules/limits/tier-limits.js';
import { checkPlacedOrder } from '#server/modules/compliance/rules.js';
import { queueOrderStatusSms } from '#server/lib/sms/order-sms.js';
import { checkOrderSize, toAmountGhs } from '#server/modules/orders/quotes.js';
import { runLoad, type TLoadRequest, type TLoadResult } from './load.js';
import { benchAdminCookie, openBenchDatabase, percentile, runBench } from './support.js';
import { firstOrThrow } from '#server/db/rows.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PER_CLIENT = Number(process.env.BENCH_ORDERS ?? 20);
const WARMUP_PER_CLIENT = 2;
const APP_URL = 'http://localhost:3000';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** The expiry run's clock: past the payment window (30 minutes by default) of every order made here. */
const EXPIRY_AHEAD_MS = 61 * 60_000;

/** Counts the statements Drizzle sends (BEGIN/COMMIT not included), for both paths alike. */
let statements = 0;
const countingLogger: Logger = {
  logQuery() {
    statements += 1;
  },
};

/**
 * The realtime notice of an order change, as src/server/app.ts publishes it (RealtimeBus.publish):
 * one pg_notify on the chat channel, inside the transaction of the change.
 */
async function publishOrderChange(tx: TTx, change: TOrderChange): Promise<void> {
  await tx.execute(
    sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ t: 'order', id: change.id, u: change.userId, s: change.status })})`,
  );
}

/**
 * What placeOrder (src/server/modules/orders/place-order.ts) runs inside its transaction for a
 * buy order without an Idempotency-Key, statement for statement: lock the customer, the quote
 * (own, same side, unexpired), quote not used, coin (and the wallet-format check), the order
 * settings row (window, minimum and maximum; the size check), the payment method, the tier's
 * limits (the settings row, then the cedis of today and of the month: tier-limits.ts), the insert
 * with the payment reference, deadline, GHS amount and the account to pay to, the volume, and
 * what recordTransition, the monitoring rules (compliance/rules.ts), the order SMS and the
 * confirmation add: the order event, the realtime notice (pg_notify), the alerts' reads, the
 * confirmation email.
 * A taken payment reference is drawn again, as placeOrder does.
 */
async function rawOrder(db: TDb, userId: string, quoteId: string, methodId: number): Promise<void> {
  const input: TCreateOrderRequest = { type: 'buy', quoteId, walletAddress: BTC_ADDRESS, paymentMethodId: methodId };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await rawOrderTransaction(db, userId, input);
      return;
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error, 'orders_payment_reference_unique')) continue;
      throw error;
    }
  }
}

async function rawOrderTransaction(db: TDb, userId: string, input: Extract<TCreateOrderRequest, { type: 'buy' }>): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, userId)).for('update'));
    if (user.banned || user.kycStatus === 'pending') throw new Error('customer may not order');
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.userId, userId)));
    if (!quote || quote.side !== input.type || quote.expiresAt.getTime() <= now.getTime()) throw new Error('quote missing or expired');
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quote.id));
    if (used) throw new Error('quote used');
    const [coin] = await tx.select().from(coins).where(eq(coins.symbol, quote.coinSymbol));
    if (!coin?.isEnabled) throw new Error('coin disabled');
    validateOrderInput(input, coin.symbol, coin.name);
    const [rulesRow] = await tx.select(tradingRulesColumns).from(settings).where(eq(settings.id, 1));
    const rules = rulesRow ?? DEFAULT_TRADING_RULES;
    const amountGhs = toAmountGhs(quote.amountFiat, quote.fiatCurrency, quote.ghsRate);
    checkOrderSize(amountGhs, rules);
    const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, input.paymentMethodId));
    if (!method?.isEnabled) throw new Error('method disabled');
    const tier = tierOf(user.tier);
    const limits = await readTierLimits(tx);
    if (tier === 0) {
      if (toDecimal(user.tradingVolumeUsd).plus(quote.amountUsd).gt(limits.tier0LimitUsd))
        throw new Error(ORDER_MSG.overLimit(limits.tier0LimitUsd));
    } else {
      await checkTierLimit(tx, { userId, tier, amountGhs, now, limits });
    }
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
          amountGhs,
          unitPriceUsd: quote.unitPriceUsd,
          ghsRate: quote.ghsRate,
          paymentMethodId: method.id,
          paymentMethod: method.name,
          payTo: method.details,
          depositAddress: null,
          depositTag: null,
          paymentReference: newPaymentReference(),
          deadlineAt: new Date(now.getTime() + rules.paymentWindowMinutes * 60_000),
          status: 'awaiting_payment',
          walletAddress: input.walletAddress,
          network: input.network ?? null,
          destinationTag: input.destinationTag || null,
          payout: null,
          notes: input.notes || null,
          idempotencyKey: null,
          idempotencyBodyHash: null,
          createdAt: now,
        })
        .returning(),
    );
    await tx
      .update(users)
      .set({ tradingVolumeUsd: sql`${users.tradingVolumeUsd} + ${quote.amountUsd}`, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      actorId: userId,
      actorKind: 'customer',
      fromStatus: null,
      toStatus: 'awaiting_payment',
      details: null,
      createdAt: now,
    });
    await publishOrderChange(tx, { id: order.id, userId, status: 'awaiting_payment' });
    await checkPlacedOrder(tx, order, now);
    await queueOrderStatusSms(tx, { user, orderId: order.id, status: 'created', appUrl: APP_URL });
    await queueEmail(
      tx,
      user.email,
      renderOrderConfirmationEmail({ fullName: user.fullName || user.name, order, appUrl: APP_URL, company: await getCompanyDetails(tx) }),
    );
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

/** One line of the table: rate, p50, p99, statements per order. */
function row(label: string, rate: number, latencies: number[], statementsPerOrder: number): string {
  return `${label.padEnd(48)} ${rate.toFixed(0).padStart(8)}    ${ms(percentile(latencies, 50)).padEnd(10)} ${ms(percentile(latencies, 99)).padEnd(10)} ${statementsPerOrder.toFixed(1)}`;
}

function rateOf(result: Pick<TLoadResult, 'completed' | 'elapsedMs'>): number {
  return result.completed / (result.elapsedMs / 1000);
}

async function main() {
  const bench = await openBenchDatabase('orders', { onDisk: true });
  const opened = bench.database;
  const database = withCounter(opened);
  const { db } = database;
  try {
    // Verified customers (no $20 limit), a payment method, BTC's deposit address and the admin alert address.
    const run = randomUUID().slice(0, 8);
    const password = 'Customer-Passw0rd!';
    const customers: { id: string; email: string; cookie: string }[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const email = `bench-${run}-${i}@example.com`;
      const id = await createAccount(db, { email, password, fullName: 'Bench Customer', username: `bench${run}${i}` });
      customers.push({ id, email, cookie: '' });
    }
    const customerIds = customers.map((c) => c.id);
    await db
      .update(users)
      .set({ kycStatus: 'verified', tier: 2 })
      .where(sql`${users.email} like ${`bench-${run}-%`}`);
    const method = firstOrThrow(
      await db
        .insert(paymentMethods)
        .values({ name: 'MTN MoMo', details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' } })
        .returning(),
    );
    // A buy needs no deposit address; it is set as an operator would (sells and the coin page use it).
    const btc = firstOrThrow(await db.select({ id: coins.id }).from(coins).where(eq(coins.symbol, 'btc')));
    await db
      .insert(depositAddresses)
      .values({ coinId: btc.id, network: 'BTC', address: BTC_ADDRESS })
      .onConflictDoUpdate({ target: [depositAddresses.coinId, depositAddresses.network], set: { address: BTC_ADDRESS } });
    // "I have paid" alerts staff at this address (one more email in that transaction, as in production).
    await db.update(settings).set({ notificationEmail: 'alerts@example.com' }).where(eq(settings.id, 1));

    // ---- (a) the raw creation transaction, 50 workers
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
            await rawOrder(db, customer.id, quote.id, method.id);
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
      AUTH_SECRET,
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
    // Staff: the seeded super admin's session, second factor counted as enrolled (bench/support.ts).
    const staffCookie = await benchAdminCookie(opened.db, AUTH_SECRET, { production: true });
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
    const json = (cookie: string) => ({ origin: config.appOrigin, cookie, 'content-type': 'application/json' });
    const customerAt = (w: number) => {
      const customer = customers[w];
      if (!customer) throw new Error(`no customer ${w}`);
      return customer;
    };
    const orderRequest = (w: number, i: number): TLoadRequest => {
      const customer = customers[w];
      const quoteId = httpQuotes[w]?.[i];
      if (!customer || quoteId === undefined) throw new Error(`no quote ${i} for customer ${w}`);
      return {
        method: 'POST',
        path: '/api/orders',
        headers: json(customer.cookie),
        body: JSON.stringify({ type: 'buy', quoteId, walletAddress: BTC_ADDRESS, paymentMethodId: method.id }),
        expectStatus: 201,
      };
    };
    /** Each client's connection sends its requests for orders from..to-1 in turn; a failure ends the bench. */
    const job = async (label: string, request: (w: number, i: number) => TLoadRequest, from: number, to: number) => {
      const result = await runLoad({
        host: '127.0.0.1',
        port,
        connections: customers.map((_, w) => Array.from({ length: to - from }, (__, k) => request(w, from + k))),
      });
      if (result.errors > 0) throw new Error(`${label}: ${result.errors} errors, first: ${result.firstError}`);
      return result;
    };
    /** A timed phase: warm-up orders first, then the counted ones. */
    const phase = async (label: string, request: (w: number, i: number) => TLoadRequest) => {
      await job(`${label} (warm-up)`, request, 0, WARMUP_PER_CLIENT);
      statements = 0;
      const result = await job(label, request, WARMUP_PER_CLIENT, WARMUP_PER_CLIENT + PER_CLIENT);
      return { result, statementsPerOrder: statements / result.completed };
    };

    const created = await phase('HTTP create', orderRequest);
    const http = created.result;
    const httpStatements = created.statementsPerOrder;
    // The same orders one at a time on one connection: the service time, without queueing.
    const single = await runLoad({
      host: '127.0.0.1',
      port,
      connections: [customers.map((_, w) => orderRequest(w, WARMUP_PER_CLIENT + PER_CLIENT))],
    });
    if (single.errors > 0) throw new Error(`HTTP single client: ${single.errors} errors, first: ${single.firstError}`);

    // The ids of the orders made over HTTP, by their quotes (untimed).
    const orderByQuote = new Map(
      (
        await opened.db
          .select({ id: orders.id, quoteId: orders.quoteId, amountGhs: orders.amountGhs })
          .from(orders)
          .where(inArray(orders.userId, customerIds))
      ).map((o) => [o.quoteId, o]),
    );
    const orderOf = (w: number, i: number) => {
      const order = orderByQuote.get(httpQuotes[w]?.[i] ?? '');
      if (order === undefined) throw new Error(`no order for quote ${i} of customer ${w}`);
      return order;
    };
    const orderIdOf = (w: number, i: number): number => orderOf(w, i).id;

    // "I have paid" for the warm-up and timed orders (the single-client ones stay unpaid, for the expiry).
    const payRequest = (w: number, i: number): TLoadRequest => ({
      method: 'POST',
      path: `/api/orders/${orderIdOf(w, i)}/payment`,
      headers: json(customerAt(w).cookie),
      body: JSON.stringify({ paymentTxId: `HTTP-${run}-W${w}-N${i}` }),
      expectStatus: 200,
    });
    const paid = await phase('HTTP I have paid', payRequest);

    // Staff claim each (docs/decisions/029: only the claimant may approve), then approve it with
    // the outgoing transaction hash: one staff session on as many connections.
    const claimRequest = (w: number, i: number): TLoadRequest => ({
      method: 'POST',
      path: `/api/admin/orders/${orderIdOf(w, i)}/claim`,
      headers: json(staffCookie),
      body: '{}',
      expectStatus: 200,
    });
    await phase('HTTP claim', claimRequest);
    const approveRequest = (w: number, i: number): TLoadRequest => ({
      method: 'POST',
      path: `/api/admin/orders/${orderIdOf(w, i)}/approve`,
      headers: json(staffCookie),
      // With what arrived and its evidence, confirmed in the same step (docs/decisions/038), so the
      // approval writes its ledger entries (receipt and payout) as the product does.
      body: JSON.stringify({
        payoutReference: randomBytes(32).toString('hex'),
        confirmation: { amountReceived: orderOf(w, i).amountGhs, evidenceKind: 'statement_line', evidence: `Bench line ${w}-${i}` },
      }),
      expectStatus: 200,
    });
    const approved = await phase('HTTP approve', approveRequest);

    // One expiry run over every order left unpaid (the raw ones and the single-client ones), with
    // the worker's dependencies as src/server/app.ts builds them and the clock moved past the window.
    // As src/server/app.ts subscribes the realtime notice to the order-events step.
    const expiryEvents = new OrderEvents();
    expiryEvents.onOrderChange(publishOrderChange);
    const expiryDeps: TOrderDeps = {
      db,
      market: app.market,
      appUrl: config.appUrl,
      quoteTtlSeconds: config.quoteTtlSeconds,
      log: app.log,
      onEmailQueued: () => {},
      storage: createLocalStorage(path.join(bench.dataDir, 'bench-proofs')),
      events: expiryEvents,
    };
    const expiryNow = new Date(Date.now() + EXPIRY_AHEAD_MS);
    const [dueRow] = await opened.db
      .select({ n: count() })
      .from(orders)
      .where(and(inArray(orders.status, ['awaiting_payment', 'awaiting_deposit']), lte(orders.deadlineAt, expiryNow)));
    const due = dueRow?.n ?? 0;
    statements = 0;
    const expiryStarted = performance.now();
    const expiredCount = await expireDueOrders(expiryDeps, expiryNow);
    const expiryMs = performance.now() - expiryStarted;
    const expiryStatements = statements / Math.max(expiredCount, 1);
    if (expiredCount !== due) throw new Error(`expiry: ${due} orders were due, ${expiredCount} expired`);
    await app.close();

    // PGlite runs statements one at a time on this thread: the cost of the emptiest one.
    let selectOneUs: number | null = null;
    if (opened.pglite) {
      for (let i = 0; i < 200; i += 1) await opened.pglite.query('SELECT 1');
      const started = performance.now();
      for (let i = 0; i < 2000; i += 1) await opened.pglite.query('SELECT 1');
      selectOneUs = ((performance.now() - started) / 2000) * 1000;
    }

    // Every order of this run where the lifecycle left it, and every change with its event.
    const statusRows = await opened.db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(inArray(orders.userId, customerIds))
      .groupBy(orders.status);
    const counts = new Map(statusRows.map((r) => [r.status, r.n]));
    const [eventRow] = await opened.db
      .select({ n: count() })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(inArray(orders.userId, customerIds));
    const events = eventRow?.n ?? 0;
    const perClient = WARMUP_PER_CLIENT + PER_CLIENT;
    const expected = { completed: CLIENTS * perClient, expired: CLIENTS * perClient + CLIENTS };
    // A completed order: created, paid, payment confirmed, completed (docs/decisions/038); an expired one: created, expired.
    const expectedEvents = 4 * expected.completed + 2 * expected.expired;
    if (counts.get('completed') !== expected.completed || counts.get('expired') !== expected.expired || counts.size !== 2) {
      throw new Error(`expected ${JSON.stringify(expected)} orders, found ${JSON.stringify(Object.fromEntries(counts))}`);
    }
    if (events !== expectedEvents) throw new Error(`expected ${expectedEvents} order events, found ${events}`);

    const rawRate = (CLIENTS * PER_CLIENT) / (raw.elapsedMs / 1000);
    const httpRate = rateOf(http);
    console.log(
      `${database.kind}, ${CLIENTS} concurrent workers/clients, ${PER_CLIENT} timed orders each (after ${WARMUP_PER_CLIENT} warm-up orders)\n`,
    );
    console.log(`${'create an order (awaiting payment)'.padEnd(48)} orders/s    p50        p99        statements/order`);
    console.log(row('raw transaction (Drizzle)', rawRate, raw.latencies, rawStatements));
    console.log(row('HTTP POST /api/orders', httpRate, http.latenciesMs, httpStatements));
    console.log(`\nratio HTTP / raw                      ${(httpRate / rawRate).toFixed(2)}   (goal: at least 0.50)`);
    console.log(`HTTP p99                              ${ms(percentile(http.latenciesMs, 99))}   (goal on PGlite: under 100 ms)`);
    console.log(`POST /api/quotes beforehand           ${ms(quoteMs)} per quote on average (app.inject, ${CLIENTS} concurrent)`);
    const singleRate = rateOf(single);
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

    console.log(`\n${`the rest of the lifecycle, ${CLIENTS} connections`.padEnd(48)} orders/s    p50        p99        statements/order`);
    console.log(
      row('HTTP POST /api/orders/:id/payment (I have paid)', rateOf(paid.result), paid.result.latenciesMs, paid.statementsPerOrder),
    );
    console.log(
      row('HTTP POST /api/admin/orders/:id/approve', rateOf(approved.result), approved.result.latenciesMs, approved.statementsPerOrder),
    );
    const expiryRate = expiredCount / (expiryMs / 1000);
    console.log(
      `${'expireDueOrders, one run (clock +61 min)'.padEnd(48)} ${expiryRate.toFixed(0).padStart(8)}    one call: ${expiredCount} orders in ${ms(expiryMs)} (${ms(expiryMs / expiredCount)} per order), ${expiryStatements.toFixed(1)} statements/order`,
    );
    console.log(
      `\nchecked: ${expected.completed} orders completed (created, paid, approved), ${expected.expired} expired, ${expectedEvents} order events`,
    );
  } finally {
    await bench.close();
  }
}

runBench(main);
