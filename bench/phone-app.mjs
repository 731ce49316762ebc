// The app as the phone benches see it (bench/lighthouse.mjs, bench/first-quote.mjs): the production
// build served by the real server on a throwaway data directory, with the demo data (payment
// methods, deposit addresses, customers: `seed-demo`, written before the server starts), one
// demo customer signed in through the API and one buy order of theirs waiting for payment.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A demo customer of `seed-demo` (src/server/commands/seed-demo.ts), not yet verified: the $20 limit shows. */
export const CUSTOMER = { email: 'ama@demo.cedicrypto.local', password: 'Demo-Passw0rd!' };
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** The load average of the last minute, printed beside every figure (the benches are CPU-bound). */
export function load() {
  return os.loadavg()[0].toFixed(2);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** `vite build` (a fresh dist/web for the code as it is). */
export function buildWeb() {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * Starts the app (npm start's script) with the demo data, signs the demo customer in and creates a
 * buy order. Returns the base URL, the customer's session cookie (`name=value; ...`, for a Cookie
 * header), the order's id and stop().
 */
export async function startPhoneApp(prefix) {
  const port = 4900 + Math.floor(Math.random() * 90);
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `exchange-${prefix}-`));
  const env = {
    ...process.env,
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    PRICE_FEED: 'simulated',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench-Admin-Passw0rd',
  };
  // Rows first, while no server holds the embedded database: payment methods, customers.
  const seeded = spawnSync(process.execPath, ['scripts/start.mjs', 'seed-demo'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (seeded.status !== 0) throw new Error(`seed-demo exited with ${seeded.status}`);

  const server = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
    const cookie = await signIn(base);
    const orderId = await createBuyOrder(base, cookie);
    return { base, cookie, orderId, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForHealth(base) {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

async function api(base, cookie, method, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      origin: base,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined, response };
}

/** POST /api/session/login as the demo customer; the session cookie(s) as a Cookie header value. */
async function signIn(base) {
  const { status, json, response } = await api(base, null, 'POST', '/api/session/login', { ...CUSTOMER, portal: 'customer' });
  if (status !== 200 || !json.user) throw new Error(`login: ${status} ${JSON.stringify(json)}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

/** A quote (retried until the simulated feed has prices) and a BTC buy order paid by the first payment method. */
async function createBuyOrder(base, cookie) {
  const methods = await api(base, cookie, 'GET', '/api/payment-methods');
  const method = methods.json?.paymentMethods?.[0];
  if (!method) throw new Error(`no payment method: ${methods.status} ${JSON.stringify(methods.json)}`);
  let quote;
  for (let i = 0; i < 60 && !quote; i += 1) {
    const answer = await api(base, cookie, 'POST', '/api/quotes', {
      coinSymbol: 'btc',
      side: 'buy',
      fiatCurrency: 'GHS',
      amountFiat: '100',
    });
    if (answer.status === 201) quote = answer.json;
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!quote) throw new Error('no quote: the price feed has no BTC price');
  const order = await api(
    base,
    cookie,
    'POST',
    '/api/orders',
    { type: 'buy', quoteId: quote.id, walletAddress: BTC_ADDRESS, paymentMethodId: method.id },
    { 'idempotency-key': randomUUID() },
  );
  if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.json)}`);
  return order.json.order?.id ?? order.json.id;
}
