// Seeds 100 000 orders and prints p50/p95 latency of the admin orders list (search + date filter),
// through the real app (app.inject: routing, access check, validation, query, serialisation).
// Usage: npx tsx bench/admin-orders.ts            (embedded PGlite, in memory)
//        DATABASE_URL=postgres://... npx tsx bench/admin-orders.ts
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { benchAdminCookie, openBenchDatabase, percentile, runBench } from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = 5_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

async function main() {
  const bench = await openBenchDatabase('admin-orders', { onDisk: false });
  const { database } = bench;
  const started = Date.now();
  await database.db.execute(sql`
    INSERT INTO users (id, name, full_name, email, username, role, kyc_status, created_at)
    SELECT 'bench-u' || g, 'Customer ' || g, 'Customer Number ' || g, 'customer' || g || '@example.com', 'benchuser' || g, 'customer', 'verified', now() - interval '90 days'
    FROM generate_series(1, ${CUSTOMERS}) AS g ON CONFLICT DO NOTHING`);
  await database.db.execute(sql`
    INSERT INTO quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto, unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
    SELECT 'bench-q' || g, 'bench-u' || (1 + g % ${CUSTOMERS}), 'btc', 'buy', 'GHS', 100 + g % 900, (100 + g % 900) / 11.6, 0.001, 93515.97, 91234.12, 11.6, 2.5, 1, now()
    FROM generate_series(1, ${ORDERS}) AS g`);
  await database.db.execute(sql`
    INSERT INTO orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd, unit_price_usd, ghs_rate, payment_method, payment_tx_id, payment_tx_key, status, created_at)
    SELECT 'bench-u' || (1 + g % ${CUSTOMERS}), 'bench-q' || g, CASE WHEN g % 3 = 0 THEN 'sell' ELSE 'buy' END, 'btc', 0.001, 100 + g % 900, 'GHS',
           (100 + g % 900) / 11.6, 93515.97, 11.6, 'MTN MoMo', 'MOMO' || lpad(g::text, 10, '0'), 'momo' || lpad(g::text, 10, '0'),
           (ARRAY['pending','completed','cancelled'])[1 + g % 3], now() - (g % (90 * 24 * 60) || ' minutes')::interval
    FROM generate_series(1, ${ORDERS}) AS g`);
  await database.db.execute(sql`ANALYZE`);
  console.log(`seeded ${ORDERS} orders for ${CUSTOMERS} customers on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', SERVE_WEB: 'false', LOG_LEVEL: 'silent', AUTH_SECRET });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const cookie = await benchAdminCookie(database.db, AUTH_SECRET);
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);

  const scenarios: [string, (i: number) => string][] = [
    ['first page, no filter', () => '/api/admin/orders'],
    [
      'search name + 30-day range',
      (i) => `/api/admin/orders?q=${encodeURIComponent(`Number ${100 + (i % 900)}`)}&from=${day(30)}&to=${day(0)}`,
    ],
    [
      'search email + status + 7 days',
      (i) => `/api/admin/orders?q=customer${1 + (i % CUSTOMERS)}@&status=pending&from=${day(7)}&to=${day(0)}`,
    ],
    ['search tx id', (i) => `/api/admin/orders?q=MOMO${String(1000 + i).padStart(10, '0')}`],
    ['sort by amount, page 50', () => '/api/admin/orders?sort=amountFiat&dir=asc&page=50'],
  ];
  console.log(`\n${REQUESTS} requests per scenario (latency in ms)`);
  console.log('scenario                          p50     p95     rows');
  for (const [name, url] of scenarios) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url: url(i), headers: { cookie } });
      times.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`${url(i)}: ${response.statusCode} ${response.body}`);
      rows = response.json().total;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(32)} ${percentile(times, 50).toFixed(1).padStart(6)} ${percentile(times, 95).toFixed(1).padStart(7)} ${String(rows).padStart(8)}`,
    );
  }
  await app.close();
  await bench.close();
}

runBench(main);
