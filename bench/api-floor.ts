// The API floor: requests per second of a bare Fastify route (a fresh instance, one GET route
// returning a small JSON) and of GET /api/market on the real app, under the same load, in one run.
// The load generator runs in a worker thread; the two servers take turns (A B A B ...), so a
// burst of load from elsewhere on the machine hits both alike.
// Usage: npm run bench:api      (embedded PGlite in a temp folder)
//        DATABASE_URL=postgres://... npm run bench:api
//        BENCH_CONNECTIONS (50), BENCH_SECONDS per turn (5), BENCH_TURNS (3)
//        BENCH_BREAKDOWN=1 adds targets that show where the difference goes: the bare route with
//        the app's security plugin (helmet + CSRF hook), with the same headers computed once, and a
//        trivial public route on the real app (every app hook, no work).
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { registerSecurity } from '#server/plugins/security.js';
import { runLoad, type TLoadResult } from './load.js';
import { openBenchDatabase, percentile, runBench } from './support.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TURNS = Number(process.env.BENCH_TURNS ?? 3);
const BREAKDOWN = Boolean(process.env.BENCH_BREAKDOWN);

type TTarget = { name: string; app: FastifyInstance; url: string };

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

async function load(app: FastifyInstance, url: string, durationMs: number): Promise<TLoadResult> {
  const result = await runLoad({
    host: '127.0.0.1',
    port: portOf(app),
    durationMs,
    connections: Array.from({ length: CONNECTIONS }, () => [{ method: 'GET', path: url, expectStatus: 200 }]),
  });
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} errors, first: ${result.firstError}`);
  return result;
}

async function main() {
  const bench = await openBenchDatabase('api', { onDisk: true });
  const { database } = bench;
  try {
    const bareRoute = async () => ({ ok: true, name: 'CediCrypto', coins: 9 });
    const bare = Fastify();
    bare.get('/bare', bareRoute);
    await bare.listen({ port: 0, host: '127.0.0.1' });

    // The real app as `npm start` builds it (helmet, CSRF and access hooks, zod serialisation,
    // ETag), without request logging (the bare route has none either) and without the web build.
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      APP_URL: 'http://localhost:3000',
      DATA_DIR: bench.dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
      PRICE_FEED: 'simulated',
    });
    const app = await buildApp(config, { database, logger: false });
    if (BREAKDOWN) app.get('/api/bench-noop', { config: { access: 'public' } }, bareRoute);
    // 20 refreshes of the simulated feed: a full sparkline per coin, as in production.
    for (let i = 0; i < 20; i += 1) await app.market.refreshOnce();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const market = await app.inject({ method: 'GET', url: '/api/market' });
    if (market.statusCode !== 200) throw new Error(`/api/market: ${market.statusCode} ${market.body}`);

    const targets: TTarget[] = [
      { name: 'bare Fastify route', app: bare, url: '/bare' },
      { name: 'GET /api/market', app, url: '/api/market' },
    ];
    const extra: FastifyInstance[] = [];
    if (BREAKDOWN) {
      const secured = Fastify();
      await registerSecurity(secured, config);
      secured.get('/bare', bareRoute);
      await secured.listen({ port: 0, host: '127.0.0.1' });
      // The headers helmet sets, captured once and then set as they are on every response.
      const sample = await secured.inject({ method: 'GET', url: '/bare' });
      const standard = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
      const fixedHeaders = Object.fromEntries(Object.entries(sample.headers).filter(([key]) => !standard.has(key)));
      const precomputed = Fastify();
      precomputed.addHook('onRequest', async (_request, reply) => {
        reply.headers(fixedHeaders);
      });
      precomputed.get('/bare', bareRoute);
      await precomputed.listen({ port: 0, host: '127.0.0.1' });
      extra.push(secured, precomputed);
      targets.push(
        { name: 'bare + security plugin', app: secured, url: '/bare' },
        { name: 'bare + same headers, fixed', app: precomputed, url: '/bare' },
        { name: 'app: trivial public route', app, url: '/api/bench-noop' },
      );
    }

    console.log(
      `${database.kind}, ${CONNECTIONS} connections, ${TURNS} turns of ${SECONDS} s per target (after a 2 s warm-up each); ` +
        `GET /api/market body ${market.body.length} bytes`,
    );
    for (const target of targets) await load(target.app, target.url, 2000);

    const totals = targets.map((target) => ({ target, requests: 0, ms: 0, latencies: [] as number[] }));
    const [bareTotal, marketTotal] = totals;
    if (!bareTotal || !marketTotal) throw new Error('the bare route and GET /api/market must be the first two targets');
    const rate = (t: { requests: number; ms: number }) => t.requests / (t.ms / 1000);
    console.log(`\nturn ${targets.map((t) => t.name.padStart(Math.max(12, t.name.length))).join('  ')}   (req/s)`);
    for (let turn = 1; turn <= TURNS; turn += 1) {
      const line: string[] = [];
      for (const total of totals) {
        const { target } = total;
        const r = await load(target.app, target.url, SECONDS * 1000);
        total.requests += r.completed;
        total.ms += r.elapsedMs;
        total.latencies.push(...r.latenciesMs);
        line.push(rate({ requests: r.completed, ms: r.elapsedMs }).toFixed(0).padStart(Math.max(12, target.name.length)));
      }
      console.log(`${String(turn).padStart(4)} ${line.join('  ')}`);
    }
    for (const t of totals) t.latencies.sort((x, y) => x - y);
    console.log('\nresult');
    for (const t of totals) {
      console.log(
        `  ${t.target.name.padEnd(28)} ${rate(t).toFixed(0).padStart(7)} req/s   p50 ${percentile(t.latencies, 50).toFixed(2)} ms   ` +
          `p99 ${percentile(t.latencies, 99).toFixed(2)} ms   ${(rate(t) / rate(bareTotal)).toFixed(2)} of bare`,
      );
    }
    console.log(`  ratio /api/market / bare      ${(rate(marketTotal) / rate(bareTotal)).toFixed(2)}   (goal: at least 0.70)`);

    for (const other of extra) await other.close();
    await bare.close();
    await app.close();
  } finally {
    await bench.close();
  }
}

runBench(main);
