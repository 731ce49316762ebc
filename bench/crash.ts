// Crash safety of the embedded database: order placement load against the real server on
// PGlite, SIGKILL at a random moment, restart on the same DATA_DIR, then check that every order
// that got a 2xx is there with the same amounts, that every acknowledged cancel holds, and that
// each customer's trading volume equals the sum of amount_usd of their non-cancelled orders.
// Usage: npm run bench:crash            (20 rounds; CRASH_ROUNDS=n to change)
//        CRASH_KEEP=1 npm run bench:crash   keeps the data directory for inspection
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.js';
import { totpCode } from '#test/helpers/totp.js';
import { cookieFrom, freePort, rowsOf, sleep, startServer, type TServerProcess } from './support.js';
import { firstOrThrow } from '#server/db/rows.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const CUSTOMERS = Number(process.env.CRASH_CUSTOMERS ?? 8);
/** The kill comes this long after the round's first acknowledged order: always mid-load. */
const KILL_AFTER_MS: [number, number] = [100, 3000];
const ADMIN = { email: 'crash-admin@example.com', password: 'Crash-Admin-Passw0rd' };
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type TAcked = {
  id: number;
  userId: string;
  type: string;
  amountUsd: string;
  amountFiat: string;
  amountCrypto: string;
  paymentTxId: string;
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
  // verified (no $20 limit), a payment method and a BTC wallet are added, directly in the database.
  console.log(`data directory ${dataDir}; ${ROUNDS} rounds, ${CUSTOMERS} concurrent customers + 1 admin cancelling`);
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
    if (response.status !== 201) throw new Error(`signup: ${response.status} ${await response.text()}`);
    customers.push({ id: ((await response.json()) as { user: { id: string } }).user.id, cookie: cookieFrom(response) });
  }
  // The admin signs in once (enrolling the authenticator staff need) and keeps the session.
  let adminCookie = '';
  let adminNote = '';
  try {
    adminCookie = await adminSession(api);
  } catch (error) {
    adminNote = `admin cancels skipped: ${(error as Error).message.slice(0, 160)}`;
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
  await setup.db.execute(sql`UPDATE users SET kyc_status = 'verified' WHERE role = 'customer'`);
  await setup.db.execute(sql`UPDATE coins SET wallet_address = ${BTC_ADDRESS} WHERE symbol = 'btc'`);
  await setup.db.execute(sql`UPDATE settings SET notification_email = 'alerts@example.com' WHERE id = 1`);
  await setup.close();

  const acked = new Map<number, TAcked>();
  const ackedCancels = new Set<number>();
  let missing = 0;
  let changed = 0;
  let cancelsLost = 0;
  let volumeMismatches = 0;
  let staleLocksTakenOver = 0;
  let inFlightCommitted = 0;
  const startTimes: number[] = [];

  for (let round = 1; round <= ROUNDS; round += 1) {
    server = await start(env);

    // The admin cancels orders during the load too, with the session made in the setup (sessions
    // survive restarts; a fresh sign-in each round would need a fresh authenticator code).
    if (adminCookie) {
      const probe = await api('/api/admin/orders?pageSize=1', { cookie: adminCookie });
      if (probe.status !== 200) {
        adminNote = `admin cancels stopped in round ${round}: the admin API answered ${probe.status} ${(await probe.text()).slice(0, 120)}`;
        adminCookie = '';
      }
    }

    let running = true;
    let sent = 0;
    let roundAcked = 0;
    let roundCancels = 0;
    const pendingOrders: number[] = [];
    const customerLoop = async (customer: { id: string; cookie: string }, index: number) => {
      let n = 0;
      while (running) {
        n += 1;
        try {
          const side = Math.random() < 0.75 ? 'buy' : 'sell';
          const amountFiat = (1 + Math.random() * 500).toFixed(2);
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
          const paymentTxId = `CRASH-${round}-${index}-${n}-${Math.random().toString(36).slice(2, 8)}`;
          const body =
            side === 'buy'
              ? { type: 'buy', quoteId, walletAddress: BTC_ADDRESS, paymentMethodId: methodId, paymentTxId }
              : {
                  type: 'sell',
                  quoteId,
                  paymentTxId,
                  payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' },
                };
          sent += 1;
          const response = await api('/api/orders', { method: 'POST', cookie: customer.cookie, body });
          if (response.status !== 201) throw new Error(`order: ${response.status} ${await response.text()}`);
          const { order } = (await response.json()) as { order: Omit<TAcked, 'userId'> };
          acked.set(order.id, {
            id: order.id,
            userId: customer.id,
            type: order.type,
            amountUsd: order.amountUsd,
            amountFiat: order.amountFiat,
            amountCrypto: order.amountCrypto,
            paymentTxId: order.paymentTxId,
          });
          pendingOrders.push(order.id);
          roundAcked += 1;
        } catch (error) {
          if (running) throw error; // before the kill every request must succeed
          return;
        }
      }
    };
    const adminLoop = async () => {
      while (running && adminCookie) {
        await sleep(20 + Math.random() * 60);
        const id = pendingOrders.splice(Math.floor(Math.random() * pendingOrders.length), 1)[0];
        if (id === undefined) continue;
        try {
          const response = await api(`/api/admin/orders/${id}/cancel`, { method: 'POST', cookie: adminCookie });
          if (response.status === 200) {
            ackedCancels.add(id);
            roundCancels += 1;
          } else if (running) throw new Error(`cancel: ${response.status} ${await response.text()}`);
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
    while (roundAcked === 0 && Date.now() - waitStarted < 60_000) await Promise.race([sleep(10), loopsDone]);
    if (roundAcked === 0) throw new Error('no order was acknowledged within 60 s');
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

    // Check every acknowledged write so far, directly in the database.
    const database = await openDatabase({ dataDir });
    const rows = await rowsOf<{
      id: number;
      user_id: string;
      type: string;
      amount_usd: string;
      amount_fiat: string;
      amount_crypto: string;
      payment_tx_id: string;
      status: string;
    }>(database.db, sql`SELECT id, user_id, type, amount_usd, amount_fiat, amount_crypto, payment_tx_id, status FROM orders`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    let roundMissing = 0;
    for (const order of acked.values()) {
      const row = byId.get(order.id);
      if (!row) {
        roundMissing += 1;
        continue;
      }
      const same =
        row.user_id === order.userId &&
        row.type === order.type &&
        row.amount_usd === order.amountUsd &&
        row.amount_fiat === order.amountFiat &&
        row.amount_crypto === order.amountCrypto &&
        row.payment_tx_id === order.paymentTxId;
      if (!same) changed += 1;
      if (ackedCancels.has(order.id) && row.status !== 'cancelled') cancelsLost += 1;
    }
    missing += roundMissing;
    inFlightCommitted = rows.filter((row) => !acked.has(row.id)).length;
    const mismatched = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT u.id FROM users u
          LEFT JOIN (SELECT user_id, sum(amount_usd) AS total FROM orders WHERE status <> 'cancelled' GROUP BY user_id) o ON o.user_id = u.id
          WHERE u.trading_volume_usd <> coalesce(o.total, 0)`,
    );
    volumeMismatches += mismatched.length;
    await database.close();
    console.log(
      `round ${String(round).padStart(2)}: killed ${Math.round(killAfter)} ms after the first order, ${sent} orders sent, ${roundAcked} acknowledged, ${roundCancels} cancelled, ` +
        `missing ${roundMissing}, volume mismatches ${mismatched.length}, stale lock ${staleLock ? 'taken over' : 'absent'}`,
    );
  }

  startTimes.sort((a, b) => a - b);
  console.log('\nresult');
  console.log(`  rounds                          ${ROUNDS}`);
  console.log(`  acknowledged orders             ${acked.size}`);
  console.log(`  missing acknowledged orders     ${missing}`);
  console.log(`  changed acknowledged orders     ${changed}`);
  console.log(`  acknowledged cancels            ${ackedCancels.size}${adminNote ? ` (${adminNote})` : ''}`);
  console.log(`  lost acknowledged cancels       ${cancelsLost}`);
  console.log(`  volume mismatches               ${volumeMismatches}`);
  console.log(`  committed but unacknowledged    ${inFlightCommitted} (in flight at the kill; allowed)`);
  console.log(`  stale locks taken over          ${staleLocksTakenOver} of ${ROUNDS}`);
  console.log(`  server start after a crash      median ${startTimes[Math.floor(startTimes.length / 2)]} ms`);
  if (missing + changed + cancelsLost + volumeMismatches > 0) process.exitCode = 1;
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
