import { and, desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_ERROR_MESSAGES, PRICE_STALE_AFTER_MS, type TMarketResponse } from '#shared/contracts/market.js';
import { formatUsd } from '#shared/format.js';
import { normalizeDecimal } from '#shared/money.js';
import type { TDatabase } from '#server/db/client.js';
import { coins, settings } from '#server/db/schema/app.js';
import { pricePoints } from '#server/db/schema/market.js';
import type { TPriceOptions } from '#server/lib/prices/options.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { createTestApp, openTestDatabase, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { MarketService } from './service.js';
import { firstOrThrow } from '#server/db/rows.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function captureLogger() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

function coin(market: TMarketResponse, symbol: string) {
  const found = market.coins.find((c) => c.symbol === symbol);
  if (!found) throw new Error(`no ${symbol} in the market`);
  return found;
}

describe('price refresher', () => {
  let database: TDatabase;
  let fake: TFakePriceServer;
  let nowMs: number;
  const services: MarketService[] = [];

  beforeAll(async () => {
    [database, fake] = await Promise.all([openTestDatabase(), startFakePriceServer()]);
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });
  beforeEach(async () => {
    fake.reset();
    nowMs = Date.now();
    await database.db.delete(pricePoints);
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.stop()));
  });

  function createService(prices: Partial<TPriceOptions> = {}, log = pino({ level: 'silent' })) {
    const service = new MarketService({ database, log, prices: fake.priceOptions(prices), now: () => new Date(nowMs) });
    services.push(service);
    return service;
  }

  async function storedPoints(symbol: string) {
    return database.db
      .select()
      .from(pricePoints)
      .where(eq(pricePoints.symbol, symbol))
      .orderBy(desc(pricePoints.fetchedAt), desc(pricePoints.id));
  }

  it('fetches CoinGecko and the GHS rate once, and records every price', async () => {
    const service = createService();
    await service.refreshOnce();
    expect(fake.hits).toEqual({ coingecko: 1, binance: 0, 'er-api': 1, 'currency-api': 0 });
    const market = await service.getMarket();
    expect(market.errors).toEqual({});
    expect(market.ghsRate).toBe('11.6421');
    expect(coin(market, 'btc')).toMatchObject({ baseUsd: '91234.12', change24h: '-1.84', history: ['91234.12'], isStale: false });
    const rows = await database.db.select().from(pricePoints);
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r.symbol === 'btc')).toMatchObject({ source: 'coingecko', change24h: '-1.8423' });
  });

  it('falls back to Binance when CoinGecko is down, with the 24 h change from recorded prices', async () => {
    await database.db
      .insert(pricePoints)
      .values({ symbol: 'btc', priceUsd: '90000', source: 'coingecko', fetchedAt: new Date(nowMs - 24 * HOUR - MINUTE) });
    fake.set('coingecko', { kind: 'down' });
    const service = createService();
    await service.refreshOnce();
    expect(fake.hits.coingecko).toBe(1);
    expect(fake.hits.binance).toBe(1);
    const market = await service.getMarket();
    expect(market.errors).toEqual({});
    expect(coin(market, 'btc')).toMatchObject({ baseUsd: '91210.01', change24h: '1.34' });
    expect(coin(market, 'usdt').baseUsd).toBe('1');
    expect(coin(market, 'eth').change24h).toBeNull(); // nothing recorded 24 h ago, and Binance gives none
    expect(firstOrThrow(await storedPoints('btc')).source).toBe('binance');
  });

  it('keeps the last good price and sets the error when both crypto providers fail', async () => {
    const service = createService();
    await service.refreshOnce();
    const before = await service.getMarket();

    fake.set('coingecko', { kind: 'hang' });
    fake.set('binance', { kind: 'down' });
    nowMs += MINUTE;
    // A short timeout only while CoinGecko hangs: it fires whatever the machine's speed, and no
    // answering fake is ever cut off by it (the options are read at each fetch).
    service.options.timeoutMs = 300;
    await service.refreshOnce();
    service.options.timeoutMs = UNREACHED_TIMEOUT_MS;
    const during = await service.getMarket();
    expect(during.errors).toEqual({ crypto: MARKET_ERROR_MESSAGES.crypto });
    expect(coin(during, 'btc').baseUsd).toBe('91234.12');
    expect(during.lastUpdated).toBe(before.lastUpdated);
    expect(coin(during, 'btc').history).toEqual(['91234.12']); // a failure records nothing

    nowMs += 5 * MINUTE;
    expect((await service.getMarket()).isStale).toBe(true);
    expect(coin(await service.getMarket(), 'btc').isStale).toBe(true);

    fake.set('coingecko', { kind: 'ok' });
    fake.set('binance', { kind: 'ok' });
    fake.coingecko.bitcoin.usd = 92000.5;
    await service.refreshOnce();
    const after = await service.getMarket();
    expect(after.errors).toEqual({});
    expect(after.isStale).toBe(false);
    expect(coin(after, 'btc').history).toEqual(['91234.12', '92000.5']);
  });

  it('reuses one serialised answer until prices, errors or staleness change', async () => {
    const service = createService();
    await service.refreshOnce();
    const first = await service.getMarketAnswer();
    expect(JSON.parse(first.json)).toEqual(await service.getMarket());
    nowMs += 1;
    expect(await service.getMarketAnswer()).toBe(first);

    // The exact millisecond a price turns stale, with nothing else changed.
    nowMs = new Date(JSON.parse(first.json).lastUpdated).getTime() + PRICE_STALE_AFTER_MS;
    expect((await service.getMarketAnswer()).etag).toBe(first.etag);
    nowMs += 1;
    const stale = await service.getMarketAnswer();
    expect(JSON.parse(stale.json).isStale).toBe(true);
    expect(stale.etag).not.toBe(first.etag);

    fake.set('coingecko', { kind: 'down' });
    fake.set('binance', { kind: 'down' });
    await service.refreshOnce();
    const failed = await service.getMarketAnswer();
    expect(JSON.parse(failed.json).errors).toEqual({ crypto: MARKET_ERROR_MESSAGES.crypto });

    fake.set('coingecko', { kind: 'ok' });
    fake.set('binance', { kind: 'ok' });
    await service.refreshOnce();
    const fresh = JSON.parse((await service.getMarketAnswer()).json);
    expect(fresh.isStale).toBe(false);
    expect(fresh.errors).toEqual({});
  });

  it('answers from the kept fee and coin list while it reads them again, without waiting for the database', async () => {
    const service = createService();
    await service.refreshOnce();
    const first = await service.getMarketAnswer();
    // Past the reference's 5 s, with the settings table locked by a transaction that waits.
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 6_000);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE settings IN ACCESS EXCLUSIVE MODE`);
      locked();
      await gate;
    });
    try {
      await isLocked;
      nowMs += 2_000; // a new answer is built (the memo lasts 1 s), from the kept reference
      // The lock is held until release() below: an answer that read the database would never come.
      const answered = await service.getMarketAnswer();
      expect(JSON.parse(answered.json).serviceFeePercentage).toBe(JSON.parse(first.json).serviceFeePercentage);
    } finally {
      release();
      await holder;
      clock.mockRestore();
    }
  });

  it('uses the currency-api when open.er-api.com fails, and asks for the rate at most hourly', async () => {
    fake.set('er-api', { kind: 'down' });
    const service = createService();
    await service.refreshOnce();
    expect((await service.getMarket()).ghsRate).toBe('11.64619458');
    expect(fake.hits).toMatchObject({ 'er-api': 1, 'currency-api': 1 });

    fake.set('er-api', { kind: 'ok' });
    nowMs += 59 * MINUTE;
    await service.refreshOnce();
    expect(fake.hits).toMatchObject({ 'er-api': 1, 'currency-api': 1 });
    nowMs += 2 * MINUTE;
    await service.refreshOnce();
    expect(fake.hits['er-api']).toBe(2);
    expect((await service.getMarket()).ghsRate).toBe('11.6421');

    // A new process (restart) also waits for the hour, from the stored rate's time.
    const restarted = createService();
    nowMs += 10 * MINUTE;
    await restarted.refreshOnce();
    expect(fake.hits['er-api']).toBe(2);
  });

  it('uses 16.5 with the GHS error when both rate providers fail and none was ever stored', async () => {
    fake.set('er-api', { kind: 'down' });
    fake.set('currency-api', { kind: 'invalid' });
    const service = createService();
    await service.refreshOnce();
    const market = await service.getMarket();
    expect(market.ghsRate).toBe('16.5');
    expect(market.errors).toEqual({ ghs: MARKET_ERROR_MESSAGES.ghs });
    expect(await storedPoints('ghs')).toHaveLength(0);

    // Retried after 5 minutes, not on every refresh; the error stays meanwhile.
    nowMs += MINUTE;
    await service.refreshOnce();
    expect(fake.hits['er-api']).toBe(1);
    expect((await service.getMarket()).errors).toEqual({ ghs: MARKET_ERROR_MESSAGES.ghs });
    fake.set('er-api', { kind: 'ok' });
    nowMs += 5 * MINUTE;
    await service.refreshOnce();
    const recovered = await service.getMarket();
    expect(recovered.ghsRate).toBe('11.6421');
    expect(recovered.errors).toEqual({});
  });

  it('honours 429 Retry-After: the provider is not called again before it allows', async () => {
    fake.set('coingecko', { kind: 'rate-limited', retryAfter: '120' });
    const service = createService();
    await service.refreshOnce();
    expect(fake.hits).toMatchObject({ coingecko: 1, binance: 1 });
    expect((await service.getMarket()).errors).toEqual({});

    fake.set('coingecko', { kind: 'ok' });
    nowMs += 60_000;
    await service.refreshOnce();
    expect(fake.hits).toMatchObject({ coingecko: 1, binance: 2 });
    nowMs += 60_000;
    await service.refreshOnce();
    expect(fake.hits).toMatchObject({ coingecko: 2, binance: 2 });
    expect(firstOrThrow(await storedPoints('btc')).source).toBe('coingecko');
  });

  it('sends the CoinGecko demo key when configured', async () => {
    const service = createService({ coingeckoApiKey: 'cg-demo-123' });
    await service.refreshOnce();
    expect(fake.requests.find((r) => r.provider === 'coingecko')?.headers['x-cg-demo-api-key']).toBe('cg-demo-123');
  });

  it('prunes history older than 48 hours', async () => {
    await database.db.insert(pricePoints).values([
      { symbol: 'btc', priceUsd: '1', source: 'coingecko', fetchedAt: new Date(nowMs - 49 * HOUR) },
      { symbol: 'btc', priceUsd: '2', source: 'coingecko', fetchedAt: new Date(nowMs - 47 * HOUR) },
    ]);
    await createService().refreshOnce();
    expect((await storedPoints('btc')).map((r) => r.priceUsd)).toEqual(['91234.120000000000', '2.000000000000']);
  });

  it('simulated feed: no upstream calls, a small walk around the latest real level, marked simulated', async () => {
    await database.db
      .insert(pricePoints)
      .values({ symbol: 'btc', priceUsd: '50000', source: 'coingecko', fetchedAt: new Date(nowMs - HOUR) });
    const service = createService({ feed: 'simulated' });
    for (let i = 0; i < 5; i += 1) {
      nowMs += MINUTE;
      await service.refreshOnce();
    }
    expect(fake.totalHits()).toBe(0);
    const market = await service.getMarket();
    expect(market.feed).toBe('simulated');
    expect(market.errors).toEqual({});
    const btc = coin(market, 'btc');
    expect(btc.history).toHaveLength(6); // the real point, then five simulated ones
    expect(Math.abs(Number(btc.baseUsd) / 50000 - 1)).toBeLessThan(0.05);
    const eth = coin(market, 'eth');
    expect(Math.abs(Number(eth.baseUsd) / 3000 - 1)).toBeLessThan(0.05); // seed level
    expect(firstOrThrow(await storedPoints('eth')).source).toBe('simulated');

    // A live process never shows simulated points.
    const live = createService();
    fake.set('coingecko', { kind: 'down' });
    fake.set('binance', { kind: 'down' });
    await live.refreshOnce();
    expect(coin(await live.getMarket(), 'btc').history).toEqual(['50000']);
    expect(coin(await live.getMarket(), 'eth').baseUsd).toBeNull();
  });

  it('uses a 2.5% fee when the settings cannot be read', async () => {
    const service = createService();
    await service.refreshOnce();
    await database.db.execute(sql`ALTER TABLE settings RENAME TO settings_away`);
    try {
      const market = await service.getMarket();
      expect(market.serviceFeePercentage).toBe('2.5');
      expect(coin(market, 'btc')).toMatchObject({ buyUsd: '93514.973', sellUsd: '88953.267' });
    } finally {
      await database.db.execute(sql`ALTER TABLE settings_away RENAME TO settings`);
    }
    await database.db.delete(settings).where(eq(settings.id, 1));
    try {
      expect((await service.getMarket()).serviceFeePercentage).toBe('2.5');
    } finally {
      await database.db.insert(settings).values({ id: 1 });
    }
  });

  it('runs on a timer until stopped, and a failing refresh never throws out of it', async () => {
    const { log, lines } = captureLogger();
    const service = createService({ refreshSeconds: 0.05 }, log);
    service.start();
    await expect.poll(() => fake.hits.coingecko, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await database.db.execute(sql`ALTER TABLE price_points RENAME TO price_points_away`);
    try {
      await expect.poll(() => lines.filter((l) => l.msg === 'price refresh failed').length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await service.stop();
      await database.db.execute(sql`ALTER TABLE price_points_away RENAME TO price_points`);
    }
    // A second refresher on its own fake, same interval, is the clock: once it has refreshed three
    // times, the stopped one would have too.
    const hits = fake.hits.coingecko;
    const clockFake = await startFakePriceServer();
    const clock = new MarketService({ database, log: pino({ level: 'silent' }), prices: clockFake.priceOptions({ refreshSeconds: 0.05 }) });
    try {
      clock.start();
      await expect.poll(() => clockFake.hits.coingecko, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await clock.stop();
      await clockFake.close();
    }
    expect(fake.hits.coingecko).toBe(hits);
    expect(lines.find((l) => l.msg === 'price refresh failed')?.level).toBe(50);
  });
});

describe('GET /api/market', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;

  beforeAll(async () => {
    fake = await startFakePriceServer();
    t = await createTestApp(fake.env({ PRICE_REFRESH_SECONDS: '60' }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('answers without any price before the first refresh, and never calls a provider itself', async () => {
    const response = await t.request({ method: 'GET', url: '/api/market' });
    expect(response.statusCode).toBe(200);
    const market: TMarketResponse = response.json();
    expect(market).toMatchObject({
      ghsRate: '16.5',
      feed: 'live',
      serviceFeePercentage: '2.5',
      lastUpdated: null,
      isStale: true,
      errors: {},
    });
    expect(coin(market, 'btc')).toEqual({
      symbol: 'btc',
      name: 'Bitcoin',
      baseUsd: null,
      buyUsd: null,
      sellUsd: null,
      change24h: null,
      history: [],
      isStale: true,
    });
    expect(fake.totalHits()).toBe(0);
  });

  it('serves enabled coins in display order with buy and sell prices exact to the cent', async () => {
    await t.app.market.refreshOnce();
    const response = await t.request({ method: 'GET', url: '/api/market' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const market: TMarketResponse = response.json();
    expect(market.coins.map((c) => c.symbol)).toEqual(['btc', 'eth', 'usdt', 'bnb', 'ltc', 'xrp', 'ada', 'sol', 'doge']);
    expect(market).toMatchObject({ ghsRate: '11.6421', feed: 'live', serviceFeePercentage: '2.5', isStale: false, errors: {} });
    expect(coin(market, 'btc')).toMatchObject({
      name: 'Bitcoin',
      baseUsd: '91234.12',
      buyUsd: '93514.973',
      sellUsd: '88953.267',
      change24h: '-1.84',
    });
    expect(formatUsd(coin(market, 'btc').buyUsd)).toBe('$93,514.97');
    expect(formatUsd(coin(market, 'btc').sellUsd)).toBe('$88,953.27');
    expect(coin(market, 'doge')).toMatchObject({ baseUsd: '0.16042', buyUsd: '0.1644305', sellUsd: '0.1564095' });
    expect(coin(market, 'eth')).toMatchObject({ buyUsd: '3148.33875', sellUsd: '2994.76125' });

    // The fee comes from the settings; disabled coins are left out; sort order is respected.
    await t.database.db.update(settings).set({ serviceFeePercentage: '1.5' }).where(eq(settings.id, 1));
    await t.database.db.update(coins).set({ isEnabled: false }).where(eq(coins.symbol, 'doge'));
    await t.database.db.update(coins).set({ sortOrder: 0 }).where(eq(coins.symbol, 'sol'));
    // Changed behind the app's back: the market answer keeps the old values up to 5 s, unless told.
    t.app.market.invalidateReference();
    try {
      const changed: TMarketResponse = (await t.request({ method: 'GET', url: '/api/market' })).json();
      expect(changed.serviceFeePercentage).toBe('1.5');
      expect(changed.coins.map((c) => c.symbol)).toEqual(['sol', 'btc', 'eth', 'usdt', 'bnb', 'ltc', 'xrp', 'ada']);
      expect(coin(changed, 'btc')).toMatchObject({ buyUsd: '92602.6318', sellUsd: '89865.6082' });
    } finally {
      await t.database.db.update(settings).set({ serviceFeePercentage: '2.5' }).where(eq(settings.id, 1));
      await t.database.db.update(coins).set({ isEnabled: true }).where(eq(coins.symbol, 'doge'));
      await t.database.db.update(coins).set({ sortOrder: 8 }).where(eq(coins.symbol, 'sol'));
      t.app.market.invalidateReference();
    }
  });

  it('shows a fee or coin change made in the back-office at once, and quotes use it', async () => {
    await t.app.market.refreshOnce();
    expect((await t.request({ method: 'GET', url: '/api/market' })).json().serviceFeePercentage).toBe('2.5');
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const doge = firstOrThrow(await t.database.db.select().from(coins).where(eq(coins.symbol, 'doge')));
    try {
      expect(
        (await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload: { serviceFeePercentage: '3' } })).statusCode,
      ).toBe(200);
      expect(
        (await t.request({ method: 'PATCH', url: `/api/admin/coins/${doge.id}`, cookie: admin, payload: { isEnabled: false } })).statusCode,
      ).toBe(200);
      const market: TMarketResponse = (await t.request({ method: 'GET', url: '/api/market' })).json();
      expect(market.serviceFeePercentage).toBe('3');
      expect(market.coins.map((c) => c.symbol)).not.toContain('doge');
      // A change behind this process's back (another server process) still reaches quotes at once.
      await t.database.db.update(settings).set({ serviceFeePercentage: '4' }).where(eq(settings.id, 1));
      const customer = await t.signUp();
      const quote = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '10' },
      });
      expect(quote.statusCode, quote.body).toBe(201);
      expect(Number(quote.json().feePercentage)).toBe(4);
    } finally {
      await t.database.db.update(settings).set({ serviceFeePercentage: '2.5' }).where(eq(settings.id, 1));
      await t.database.db.update(coins).set({ isEnabled: true }).where(eq(coins.symbol, 'doge'));
      t.app.market.invalidateReference();
    }
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once prices change', async () => {
    await t.app.market.refreshOnce();
    const first = await t.request({ method: 'GET', url: '/api/market' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await t.request({ method: 'GET', url: '/api/market', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await t.request({ method: 'GET', url: '/api/market', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    fake.coingecko.bitcoin.usd = 95000;
    await t.app.market.refreshOnce();
    const changed = await t.request({ method: 'GET', url: '/api/market', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('returns as sparkline exactly the last 20 recorded prices, oldest first', async () => {
    for (let i = 0; i < 22; i += 1) {
      fake.coingecko.bitcoin.usd = 90000 + i * 10.25;
      fake.coingecko.dogecoin.usd = 0.16 + i / 10000;
      await t.app.market.refreshOnce();
    }
    const market: TMarketResponse = (await t.request({ method: 'GET', url: '/api/market' })).json();
    for (const symbol of ['btc', 'doge', 'eth']) {
      const rows = await t.database.db
        .select({ priceUsd: pricePoints.priceUsd })
        .from(pricePoints)
        .where(and(eq(pricePoints.symbol, symbol)))
        .orderBy(desc(pricePoints.fetchedAt), desc(pricePoints.id))
        .limit(20);
      const stored = rows.reverse().map((r) => normalizeDecimal(r.priceUsd));
      expect(coin(market, symbol).history).toEqual(stored);
    }
    expect(coin(market, 'btc').history).toHaveLength(20);
    expect(coin(market, 'btc').history.at(-1)).toBe('90215.25');
    expect(coin(market, 'btc').baseUsd).toBe('90215.25');
  });

  it('is published in the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/market');
  });

  it('makes one upstream fetch per interval however many clients ask', async () => {
    t.app.market.start();
    try {
      await t.app.market.refreshOnce(); // joins the first run of the timer
      const responses = await Promise.all(Array.from({ length: 200 }, () => t.request({ method: 'GET', url: '/api/market' })));
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
      expect(new Set(responses.map((r) => r.headers.etag)).size).toBe(1);
      expect(fake.hits.coingecko).toBe(1);
      expect(fake.hits.binance).toBe(0);
      expect(fake.totalHits()).toBeLessThanOrEqual(2); // + at most one hourly GHS rate
    } finally {
      await t.app.market.stop();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('several processes on one PostgreSQL', () => {
  let database: TDatabase;
  let fake: TFakePriceServer;
  beforeAll(async () => {
    [database, fake] = await Promise.all([openTestDatabase(), startFakePriceServer()]);
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });

  it('only the holder of the advisory lock fetches; the others read the stored prices', async () => {
    const log = pino({ level: 'silent' });
    const first = new MarketService({ database, log, prices: fake.priceOptions() });
    const second = new MarketService({ database, log, prices: fake.priceOptions() });
    try {
      // Racing for the lock: exactly one of them fetches, whichever wins.
      await Promise.all([first.refreshOnce(), second.refreshOnce()]);
      await Promise.all([first.refreshOnce(), second.refreshOnce()]);
      expect(fake.hits.coingecko).toBe(2);
      expect(fake.hits['er-api']).toBe(1);
      await first.refreshOnce();
      const hasFirstFetched = fake.hits.coingecko === 3;
      const [holder, reader] = hasFirstFetched ? [first, second] : [second, first];
      if (!hasFirstFetched) await holder.refreshOnce();
      await reader.refreshOnce(); // reloads what the holder stored, fetches nothing
      expect(fake.hits.coingecko).toBe(3);
      const [a, b] = await Promise.all([holder.getMarket(), reader.getMarket()]);
      expect(coin(b, 'btc').history).toEqual(coin(a, 'btc').history);
      expect(coin(b, 'btc').history).toHaveLength(3);
      expect(b.ghsRate).toBe('11.6421');
      expect(b.errors).toEqual({});

      // The holder stops: another process takes over the fetching.
      await holder.stop();
      await reader.refreshOnce();
      expect(fake.hits.coingecko).toBe(4);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
