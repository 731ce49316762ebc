import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema/orders.js';
import { emailLog } from '#server/db/schema/app.js';
import { createOrderTestApp, createTestApp, type TTestApp } from '#test/helpers/test-app.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { approvalBody, payOrder, placeBuyOrder, TEST_BTC_ADDRESS, tierTwoCustomer } from '#test/helpers/orders.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** One sample's value from the exposition text: `name{labels} value`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-z_]+=")/).filter(Boolean);
    if (wanted.every((pair) => present.includes(pair)) && present.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

/**
 * GET /metrics (issue 30 point 4, docs/decisions/049): Prometheus text behind a bearer token, the
 * business figures read from the database, requests by route pattern, sign-in steps and job runs.
 */
describe('metrics', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(TEST_BTC_ADDRESS, { METRICS_TOKEN: TOKEN }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const scrape = async () => {
    const response = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('has no /metrics without a token configured', async () => {
    const other = await createTestApp();
    try {
      const response = await other.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('refuses a scrape without the token or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.request({ method: 'GET', url: '/metrics', ...(authorization ? { headers: { authorization } } : {}) });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('cedicrypto_orders');
    }
  });

  it('answers in the Prometheus text format with the process figures', async () => {
    const response = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts orders by status and ages the oldest paid order from the database', async () => {
    const before = await scrape();
    const customer = await tierTwoCustomer(t);
    const waiting = await placeBuyOrder(t, customer.cookie, { methodId });
    const paid = await placeBuyOrder(t, customer.cookie, { methodId });
    await payOrder(t, customer.cookie, paid.id);
    // Paid ten minutes ago (moved in the database, never waited for), by the app's clock, which
    // the figure is read with: the database's now() has microseconds, and a scrape within the
    // same millisecond read 599.999987 through PgBouncer.
    await t.database.db
      .update(orders)
      .set({ submittedAt: new Date(Date.now() - 600_000) })
      .where(eq(orders.id, paid.id));

    const text = await scrape();
    const count = (body: string, status: string) => sample(body, 'cedicrypto_orders', { status }) ?? 0;
    expect(count(text, 'awaiting_payment') - count(before, 'awaiting_payment')).toBe(1);
    expect(count(text, 'payment_submitted') - count(before, 'payment_submitted')).toBe(1);
    expect(count(text, 'refunded')).toBe(0);
    const oldest = sample(text, 'cedicrypto_oldest_paid_order_waiting_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(3600);
    expect(waiting.id).not.toBe(paid.id);
  });

  it('gives paid-to-completed quantiles once an order completed', async () => {
    expect(sample(await scrape(), 'cedicrypto_order_paid_to_completed_seconds', { quantile: '0.5' })).toBeUndefined();
    const customer = await tierTwoCustomer(t);
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    await payOrder(t, customer.cookie, order.id);
    await t.database.db
      .update(orders)
      .set({ submittedAt: sql`now() - interval '5 minutes'` })
      .where(eq(orders.id, order.id));
    const manager = await t.createStaff('manager');
    const claimed = await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/claim`, cookie: manager.cookie });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/approve`,
      cookie: manager.cookie,
      payload: await approvalBody(t, order.id, { payoutReference: randomBytes(32).toString('hex') }),
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const text = await scrape();
    const p50 = sample(text, 'cedicrypto_order_paid_to_completed_seconds', { quantile: '0.5' })!;
    expect(p50).toBeGreaterThanOrEqual(300);
    expect(p50).toBeLessThan(3600);
    expect(sample(text, 'cedicrypto_order_paid_to_completed_seconds', { quantile: '0.95' })).toBeGreaterThanOrEqual(p50);
  });

  it('reports the outbox as the database holds it, and the age of each price', async () => {
    await t.signUp(); // queues the email that confirms the address; no sender runs in tests
    const [pending] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailLog)
      .where(eq(emailLog.status, 'pending'));
    const text = await scrape();
    expect(pending!.n).toBeGreaterThan(0);
    expect(sample(text, 'cedicrypto_outbox_pending', { channel: 'email' })).toBe(pending!.n);
    expect(sample(text, 'cedicrypto_outbox_oldest_pending_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cedicrypto_outbox_pending', { channel: 'sms' })).toBeGreaterThanOrEqual(0);
    // The prices were fetched when the app started (createOrderTestApp): seconds ago, not hours.
    const btc = sample(text, 'cedicrypto_price_age_seconds', { symbol: 'btc' })!;
    expect(btc).toBeGreaterThanOrEqual(0);
    expect(btc).toBeLessThan(3600);
  });

  it('times requests by route pattern, never by the URL with its ids', async () => {
    const customer = await tierTwoCustomer(t);
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    const read = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie });
    expect(read.statusCode).toBe(200);
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/orders/:id', status_code: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`route="/api/orders/${order.id}"`);
    await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(
      sample(await scrape(), 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts sign-in steps let in and refused', async () => {
    const before = await scrape();
    const customer = await t.signUp();
    expect((await t.login(customer.email, 'not-the-password-at-all')).statusCode).toBe(401);
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(200);
    const text = await scrape();
    const delta = (outcome: string) =>
      (sample(text, 'cedicrypto_sign_in_attempts_total', { step: 'password', outcome }) ?? 0) -
      (sample(before, 'cedicrypto_sign_in_attempts_total', { step: 'password', outcome }) ?? 0);
    expect(delta('refused')).toBe(1);
    expect(delta('ok')).toBe(1);
  });

  it('counts background job runs and when each last succeeded', async () => {
    await t.app.orderExpiry.runOnce();
    const text = await scrape();
    expect(sample(text, 'cedicrypto_job_runs_total', { job: 'order_expiry', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'cedicrypto_job_last_success_timestamp_seconds', { job: 'order_expiry' })).toBeGreaterThan(
      Date.now() / 1000 - 3600,
    );
  });
});
