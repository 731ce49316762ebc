// Crash safety of the embedded database: the order lifecycle (docs/decisions/014) driven against
// the real server on PGlite, SIGKILL at a random moment, restart on the same DATA_DIR, then check
// in the database that every change that got a 2xx is there: every order created (same amounts,
// payment reference and deadline), every "I have paid" / "I have sent" (its transaction id),
// every customer cancel, every staff approval (its payout reference) and staff cancel (its
// reason), each with its order event; and that each customer's trading volume equals the sum of
// amount_usd of their orders that are not cancelled or expired.
// Usage: npm run bench:crash            (20 rounds; CRASH_ROUNDS=n to change)
//        CRASH_CUSTOMERS=n (8), CRASH_KEEP=1 keeps the data directory for inspection
// Always PGlite (the server is started without DATABASE_URL): PostgreSQL's durability is its own.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.js';
import { coins, depositAddresses } from '#server/db/schema/app.js';
import { totpCode } from '#test/helpers/totp.js';
import { cookieFrom, freePort, rowsOf, sleep, startServer, type TServerProcess } from './support.js';
import { firstOrThrow } from '#server/db/rows.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const CUSTOMERS = Number(process.env.CRASH_CUSTOMERS ?? 8);
/** The kill comes this long after the round's first acknowledged order: always mid-load. */
const KILL_AFTER_MS: [number, number] = [100, 3000];
const ADMIN = { email: 'crash-admin@example.com', password: 'Crash-Admin-Passw0rd' };
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** What a customer does with the order just created: pay it, cancel it, or leave it waiting. */
const PAY_SHARE = 0.6;
const CANCEL_SHARE = 0.2;
/** What the admin does with a paid order: approve it (the rest are cancelled with a reason). */
const APPROVE_SHARE = 0.6;

/** What the order's creation answered: the facts fixed at creation, compared after the restart. */
type TAcked = {
  id: number;
  userId: string;
  type: string;
  amountUsd: string;
  amountFiat: string;
  amountCrypto: string;
  amountGhs: string | null;
  paymentReference: string | null;
  deadlineAt: string | null;
};
type TOrderAnswer = Omit<TAcked, 'userId'> & {
  status: string;
  paymentTxId: string | null;
  payoutReference: string | null;
  cancelReason: string | null;
};

const root = mkdtempSync(path.join(os.tmpdir(), 'exchange-crash-'));
const dataDir = path.join(root, 'data');
/** Every server this script started, killed on the way out whatever happens. */
const started: TServerProcess[] = [];
async function start(env: Record<string, string>): Promise<TServerProcess> {
  const server = await startServer(env);
  started.push(server);
  return server;
}

type TApi = (url: string, init?: { method?: string; cookie?: string; body?: unknown }) => Promise<Response>;

/**
 * An admin session that passes the staff second factor: password sign-in, then (first time)
 * enrolment of an authenticator whose codes this script computes, as an authenticator app would.
 */
async function adminSession(api: TApi): Promise<string> {
  const login = await api('/api/session/login', {
    method: 'POST',
    body: { email: ADMIN.email, password: ADMIN.password, portal: 'admin' },
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
  let cookie = cookieFrom(login);
  const body = (await login.json()) as { user: { twoFactorEnabled?: boolean } | null; twoFactorRequired?: boolean };
  if (body.user && body.user.twoFactorEnabled === false) {
    const enable = await api('/api/account/two-factor/enable', { method: 'POST', cookie, body: { password: ADMIN.password } });
    if (enable.status !== 200) throw new Error(`two-factor enable answered ${enable.status}`);
    const { secret } = (await enable.json()) as { secret: string };
    const confirm = await api('/api/account/two-factor/confirm', { method: 'POST', cookie, body: { code: totpCode(secret) } });
    if (confirm.status !== 200) throw new Error(`two-factor confirm answered ${confirm.status}`);
    cookie = cookieFrom(confirm) || cookie;
  } else if (body.twoFactorRequired) {
    throw new Error('the admin already has a second factor this script does not know');
  }
  const probe = await api('/api/admin/orders?pageSize=1', { cookie });
  if (probe.status !== 200) throw new Error(`the admin API answered ${probe.status} ${(await probe.text()).slice(0, 120)}`);
  return cookie;
}

/** A transaction hash in Bitcoin's format (64 hex digits): a sell's "I have sent", a buy's payout. */
const btcTxHash = () => randomBytes(32).toString('hex');

async function main() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: origin,
    SERVE_WEB: 'false',
    PRICE_FEED: 'simulated',
    PRICE_REFRESH_SECONDS: '5',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT_MAX: '100000',
    // Limits still counted (their cost is part of the figure), never reached.
    RATE_LIMIT_SCALE: '100000',
    EMAIL_SEND_INTERVAL_MS: '600000',
    LOG_LEVEL: 'error',
  };
  const api: TApi = (url, init = {}) =>
    fetch(`${origin}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        origin,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });

  // Setup: customers sign up through the API; then, with the server stopped, they are marked
  // verified (no $20 limit, email confirmed), a payment method and BTC's deposit address are added, directly in
  // the database.
  console.log(`data directory ${dataDir}; ${ROUNDS} rounds, ${CUSTOMERS} concurrent customers + 1 admin deciding`);
  let server = await start(env);
  const customers: { id: string; cookie: string }[] = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const username = `crash${i}${Date.now().toString(36)}`;
    const response = await api('/api/account/signup', {
      method: 'POST',
      body: {
        username,
        fullName: `Crash Customer ${String.fromCharCode(65 + (i % 26))}`,
        email: `${username}@example.com`,
        password: 'Customer-Passw0rd!',
      },
    });
    if (response.status !== 202) throw new Error(`signup: ${response.status} ${await response.text()}`);
    // Sign-up signs nobody in (docs/decisions/024); the address is marked confirmed below.
    const login = await api('/api/session/login', {
      method: 'POST',
      body: { email: `${username}@example.com`, password: 'Customer-Passw0rd!', portal: 'customer' },
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    customers.push({ id: ((await login.json()) as { user: { id: string } }).user.id, cookie: cookieFrom(login) });
  }
  // The admin signs in once (enrolling the authenticator staff need) and keeps the session.
  let adminCookie = '';
  let adminNote = '';
  try {
    adminCookie = await adminSession(api);
  } catch (error) {
    adminNote = `admin decisions skipped: ${(error as Error).message.slice(0, 160)}`;
  }
  server.child.kill('SIGTERM');
  await server.exited;
  const setup = await openDatabase({ dataDir });
  const { id: methodId } = firstOrThrow(
    await rowsOf<{ id: number }>(
      setup.db,
      sql`INSERT INTO payment_methods (name, details) VALUES ('MTN MoMo', ${JSON.stringify({ type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' })}::jsonb) RETURNING id`,
    ),
  );
  await setup.db.execute(sql`UPDATE users SET kyc_status = 'verified', tier = 2, email_verified = true WHERE role = 'customer'`);
  const btc = firstOrThrow(await setup.db.select({ id: coins.id }).from(coins).where(eq(coins.symbol, 'btc')));
  await setup.db
    .insert(depositAddresses)
    .values({ coinId: btc.id, network: 'BTC', address: BTC_ADDRESS })
    .onConflictDoUpdate({ target: [depositAddresses.coinId, depositAddresses.network], set: { address: BTC_ADDRESS } });
  await setup.db.execute(sql`UPDATE settings SET notification_email = 'alerts@example.com' WHERE id = 1`);
  await setup.close();

  // Every change that got its 2xx, with what the answer said.
  const acked = new Map<number, TAcked>();
  /** "I have paid" / "I have sent": the transaction id as stored. */
  const ackedPayments = new Map<number, string>();
  const ackedCustomerCancels = new Set<number>();
  /** Staff approvals: the payout reference as stored. */
  const ackedApprovals = new Map<number, string>();
  /** Staff cancels: the reason as stored. */
  const ackedStaffCancels = new Map<number, string>();
  /** Paid orders waiting for the admin (kept across rounds). */
  const paidQueue: number[] = [];
  const lost = { orders: 0, changed: 0, payments: 0, customerCancels: 0, approvals: 0, staffCancels: 0, events: 0 };
  let volumeMismatches = 0;
  let staleLocksTakenOver = 0;
  let unackedOrders = 0;
  let unackedChanges = 0;
  const startTimes: number[] = [];

  for (let round = 1; round <= ROUNDS; round += 1) {
    server = await start(env);

    // The admin decides paid orders during the load too, with the session made in the setup
    // (sessions survive restarts; a fresh sign-in each round would need a fresh authenticator code).
    if (adminCookie) {
      const probe = await api('/api/admin/orders?pageSize=1', { cookie: adminCookie });
      if (probe.status !== 200) {
        adminNote = `admin decisions stopped in round ${round}: the admin API answered ${probe.status} ${(await probe.text()).slice(0, 120)}`;
        adminCookie = '';
      }
    }

    let running = true;
    const tally = { sent: 0, acked: 0, paid: 0, cancelled: 0, approved: 0, staffCancelled: 0 };
    const customerLoop = async (customer: { id: string; cookie: string }, index: number) => {
      let n = 0;
      while (running) {
        n += 1;
        try {
          const side = Math.random() < 0.75 ? 'buy' : 'sell';
          // At least the minimum order (GHS 10 by default) either way.
          const amountFiat = (10 + Math.random() * 490).toFixed(2);
          const quote = await api('/api/quotes', {
            method: 'POST',
            cookie: customer.cookie,
            body: { coinSymbol: 'btc', side, fiatCurrency: Math.random() < 0.5 ? 'USD' : 'GHS', amountFiat },
          });
          if (quote.status === 503) {
            await sleep(100); // prices not loaded yet after the start
            continue;
          }
          if (quote.status !== 201) throw new Error(`quote: ${quote.status} ${await quote.text()}`);
          const { id: quoteId } = (await quote.json()) as { id: string };
          const body =
            side === 'buy'
              ? { type: 'buy', quoteId, walletAddress: BTC_ADDRESS, paymentMethodId: methodId }
              : { type: 'sell', quoteId, payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } };
          tally.sent += 1;
          const response = await api('/api/orders', { method: 'POST', cookie: customer.cookie, body });
          if (response.status !== 201) throw new Error(`order: ${response.status} ${await response.text()}`);
          const { order } = (await response.json()) as { order: TOrderAnswer };
          acked.set(order.id, {
            id: order.id,
            userId: customer.id,
            type: order.type,
            amountUsd: order.amountUsd,
            amountFiat: order.amountFiat,
            amountCrypto: order.amountCrypto,
            amountGhs: order.amountGhs,
            paymentReference: order.paymentReference,
            deadlineAt: order.deadlineAt,
          });
          tally.acked += 1;

          const next = Math.random();
          if (next < PAY_SHARE) {
            // "I have paid" (a MoMo transaction id) / "I have sent" (the on-chain hash).
            const paymentTxId = side === 'buy' ? `CRASH-${round}-${index}-${n}-${Math.random().toString(36).slice(2, 8)}` : btcTxHash();
            const paid = await api(`/api/orders/${order.id}/payment`, { method: 'POST', cookie: customer.cookie, body: { paymentTxId } });
            if (paid.status !== 200) throw new Error(`payment: ${paid.status} ${await paid.text()}`);
            const answer = ((await paid.json()) as { order: TOrderAnswer }).order;
            ackedPayments.set(order.id, answer.paymentTxId ?? '');
            paidQueue.push(order.id);
            tally.paid += 1;
          } else if (next < PAY_SHARE + CANCEL_SHARE) {
            const cancelled = await api(`/api/orders/${order.id}/cancel`, { method: 'POST', cookie: customer.cookie });
            if (cancelled.status !== 200) throw new Error(`customer cancel: ${cancelled.status} ${await cancelled.text()}`);
            ackedCustomerCancels.add(order.id);
            tally.cancelled += 1;
          }
        } catch (error) {
          if (running) throw error; // before the kill every request must succeed
          return;
        }
      }
    };
    const adminLoop = async () => {
      while (running && adminCookie) {
        await sleep(20 + Math.random() * 60);
        const id = paidQueue.splice(Math.floor(Math.random() * paidQueue.length), 1)[0];
        if (id === undefined) continue;
        const order = acked.get(id);
        try {
          if (Math.random() < APPROVE_SHARE) {
            // A buy's payout is the outgoing transaction hash; a sell's the MoMo reference.
            const payoutReference = order?.type === 'buy' ? btcTxHash() : `PAYOUT${round}${Math.random().toString().slice(2, 10)}`;
            // Claim, then pay (docs/decisions/029): only the claimant may approve.
            const claim = await api(`/api/admin/orders/${id}/claim`, { method: 'POST', cookie: adminCookie, body: {} });
            if (claim.status !== 200) throw new Error(`claim: ${claim.status} ${await claim.text()}`);
            const response = await api(`/api/admin/orders/${id}/approve`, {
              method: 'POST',
              cookie: adminCookie,
              body: { payoutReference },
            });
            if (response.status !== 200) throw new Error(`approve: ${response.status} ${await response.text()}`);
            ackedApprovals.set(id, ((await response.json()) as { order: TOrderAnswer }).order.payoutReference ?? '');
            tally.approved += 1;
          } else {
            const reason = `Payment not found (crash round ${round})`;
            const response = await api(`/api/admin/orders/${id}/cancel`, { method: 'POST', cookie: adminCookie, body: { reason } });
            if (response.status !== 200) throw new Error(`staff cancel: ${response.status} ${await response.text()}`);
            ackedStaffCancels.set(id, ((await response.json()) as { order: TOrderAnswer }).order.cancelReason ?? '');
            tally.staffCancelled += 1;
          }
        } catch (error) {
          if (running) throw error;
          return;
        }
      }
    };
    const loops = [...customers.map(customerLoop), adminLoop()];
    const killAfter = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
    const loopsDone = Promise.all(loops);
    const waitStarted = Date.now();
    while (tally.acked === 0 && Date.now() - waitStarted < 60_000) await Promise.race([sleep(10), loopsDone]);
    if (tally.acked === 0) throw new Error('no order was acknowledged within 60 s');
    await Promise.race([sleep(killAfter), loopsDone]);
    server.child.kill('SIGKILL');
    running = false;
    await server.exited;
    await Promise.allSettled(loops);

    // Restart on the same folder: the lock file of the killed process is still there.
    const lockFile = path.join(dataDir, 'server.lock');
    const staleLock = existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(server.pid);
    const t0 = Date.now();
    const restarted = await start(env);
    startTimes.push(Date.now() - t0);
    if (staleLock) staleLocksTakenOver += 1;
    const health = await api('/api/health');
    if (health.status !== 200) throw new Error(`health after restart: ${health.status}`);
    restarted.child.kill('SIGTERM');
    if ((await restarted.exited) !== 0) throw new Error(`restarted server did not stop cleanly:\n${restarted.output()}`);

    // Check every acknowledged change so far, directly in the database.
    const database = await openDatabase({ dataDir });
    const rows = await rowsOf<{
      id: number;
      user_id: string;
      type: string;
      amount_usd: string;
      amount_fiat: string;
      amount_crypto: string;
      amount_ghs: string | null;
      payment_reference: string | null;
      deadline_at: Date | string | null;
      payment_tx_id: string | null;
      payout_reference: string | null;
      cancel_reason: string | null;
      status: string;
    }>(
      database.db,
      sql`SELECT id, user_id, type, amount_usd, amount_fiat, amount_crypto, amount_ghs, payment_reference, deadline_at,
                 payment_tx_id, payout_reference, cancel_reason, status FROM orders`,
    );
    const eventRows = await rowsOf<{ order_id: number; to_status: string }>(database.db, sql`SELECT order_id, to_status FROM order_events`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const eventsOf = new Map<number, Set<string>>();
    for (const event of eventRows) {
      const set = eventsOf.get(event.order_id) ?? new Set<string>();
      set.add(event.to_status);
      eventsOf.set(event.order_id, set);
    }
    const hasEvent = (id: number, ...statuses: string[]) => statuses.some((status) => eventsOf.get(id)?.has(status));
    const before = { ...lost };
    for (const order of acked.values()) {
      const row = byId.get(order.id);
      if (!row) {
        lost.orders += 1;
        continue;
      }
      const deadline = row.deadline_at === null ? null : new Date(row.deadline_at).toISOString();
      const same =
        row.user_id === order.userId &&
        row.type === order.type &&
        row.amount_usd === order.amountUsd &&
        row.amount_fiat === order.amountFiat &&
        row.amount_crypto === order.amountCrypto &&
        row.amount_ghs === order.amountGhs &&
        row.payment_reference === order.paymentReference &&
        deadline === order.deadlineAt;
      if (!same) lost.changed += 1;
      if (!hasEvent(order.id, 'awaiting_payment', 'awaiting_deposit')) lost.events += 1;
      const paymentTxId = ackedPayments.get(order.id);
      if (paymentTxId !== undefined) {
        const submitted = !['awaiting_payment', 'awaiting_deposit', 'expired'].includes(row.status);
        if (!submitted || row.payment_tx_id !== paymentTxId) lost.payments += 1;
        if (!hasEvent(order.id, 'payment_submitted', 'deposit_submitted')) lost.events += 1;
      }
      if (ackedCustomerCancels.has(order.id)) {
        if (row.status !== 'cancelled') lost.customerCancels += 1;
        if (!hasEvent(order.id, 'cancelled')) lost.events += 1;
      }
      const payoutReference = ackedApprovals.get(order.id);
      if (payoutReference !== undefined) {
        if (row.status !== 'completed' || row.payout_reference !== payoutReference) lost.approvals += 1;
        if (!hasEvent(order.id, 'completed')) lost.events += 1;
      }
      const reason = ackedStaffCancels.get(order.id);
      if (reason !== undefined) {
        if (row.status !== 'cancelled' || row.cancel_reason !== reason) lost.staffCancels += 1;
        if (!hasEvent(order.id, 'cancelled')) lost.events += 1;
      }
    }
    // Committed but never answered (in flight at a kill; allowed): orders, and changes past the
    // last acknowledged step of an acknowledged order.
    unackedOrders = rows.filter((row) => !acked.has(row.id)).length;
    unackedChanges = rows.filter((row) => {
      if (!acked.has(row.id)) return false;
      if (row.status === 'payment_submitted' || row.status === 'deposit_submitted') return !ackedPayments.has(row.id);
      if (row.status === 'completed') return !ackedApprovals.has(row.id);
      if (row.status === 'cancelled') return !ackedCustomerCancels.has(row.id) && !ackedStaffCancels.has(row.id);
      return false;
    }).length;
    const mismatched = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT u.id FROM users u
          LEFT JOIN (SELECT user_id, sum(amount_usd) AS total FROM orders WHERE status NOT IN ('cancelled', 'expired') GROUP BY user_id) o
            ON o.user_id = u.id
          WHERE u.trading_volume_usd <> coalesce(o.total, 0)`,
    );
    volumeMismatches += mismatched.length;
    await database.close();
    const roundLost = Object.entries(lost).reduce((sum, [key, value]) => sum + value - before[key as keyof typeof lost], 0);
    console.log(
      `round ${String(round).padStart(2)}: killed ${Math.round(killAfter)} ms after the first order; orders ${tally.sent} sent, ${tally.acked} acknowledged; ` +
        `${tally.paid} paid, ${tally.cancelled} cancelled by the customer, ${tally.approved} approved, ${tally.staffCancelled} cancelled by staff; ` +
        `missing or lost ${roundLost}, volume mismatches ${mismatched.length}, stale lock ${staleLock ? 'taken over' : 'absent'}`,
    );
  }

  startTimes.sort((a, b) => a - b);
  const failures = Object.values(lost).reduce((sum, value) => sum + value, 0) + volumeMismatches;
  console.log('\nresult');
  console.log(`  rounds                               ${ROUNDS}`);
  console.log(`  acknowledged orders                  ${acked.size}`);
  console.log(`  missing acknowledged orders          ${lost.orders}`);
  console.log(`  changed acknowledged orders          ${lost.changed}`);
  console.log(`  acknowledged payments (I have paid)  ${ackedPayments.size}, lost ${lost.payments}`);
  console.log(`  acknowledged customer cancels        ${ackedCustomerCancels.size}, lost ${lost.customerCancels}`);
  console.log(`  acknowledged approvals               ${ackedApprovals.size}, lost ${lost.approvals}${adminNote ? ` (${adminNote})` : ''}`);
  console.log(`  acknowledged staff cancels           ${ackedStaffCancels.size}, lost ${lost.staffCancels}`);
  console.log(`  acknowledged changes without event   ${lost.events}`);
  console.log(`  volume mismatches                    ${volumeMismatches}`);
  console.log(`  committed but unacknowledged         ${unackedOrders} orders, ${unackedChanges} changes (in flight at a kill; allowed)`);
  console.log(`  stale locks taken over               ${staleLocksTakenOver} of ${ROUNDS}`);
  console.log(`  server start after a crash           median ${startTimes[Math.floor(startTimes.length / 2)]} ms`);
  console.log(`  ${failures === 0 ? '0 missing' : `${failures} missing, lost or mismatched`}`);
  if (failures > 0) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    if (process.env.CRASH_KEEP) console.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  });
