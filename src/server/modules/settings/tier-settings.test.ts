import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '#server/db/schema/app.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

/** The tier limits in Settings (docs/decisions/016): super admin only, validated with field errors, audited. */
describe('tier limit settings', () => {
  let t: TTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  });
  afterAll(() => t.close());

  const put = (cookie: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/admin/settings', cookie, payload });

  it('shows the defaults and saves new limits, audited', async () => {
    const shown = await t.request({ method: 'GET', url: '/api/admin/settings', cookie: admin });
    expect(shown.json()).toMatchObject({
      tier0LimitUsd: '20.00',
      tier1DailyLimitGhs: '5000.00',
      tier1MonthlyLimitGhs: '50000.00',
      tier2DailyLimitGhs: '100000.00',
      tier2MonthlyLimitGhs: '1000000.00',
    });
    const saved = await put(admin, { tier0LimitUsd: '25', tier1DailyLimitGhs: '6000.50', tier2MonthlyLimitGhs: '1200000' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ tier0LimitUsd: '25.00', tier1DailyLimitGhs: '6000.50', tier2MonthlyLimitGhs: '1200000.00' });
    const row = firstOrThrow(await t.database.db.select().from(settings).where(eq(settings.id, 1)));
    expect(row.tier1DailyLimitGhs).toBe('6000.50');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.targetType, 'settings')))
      .orderBy(auditLog.id);
    expect(audit).toBeDefined();
    // Put back for the other tests.
    expect((await put(admin, { tier0LimitUsd: '20', tier1DailyLimitGhs: '5000', tier2MonthlyLimitGhs: '1000000' })).statusCode).toBe(200);
  });

  it('refuses amounts that are not positive decimals, each on its field', async () => {
    const response = await put(admin, {
      tier0LimitUsd: '0',
      tier1DailyLimitGhs: '-5',
      tier1MonthlyLimitGhs: '12.345',
      tier2DailyLimitGhs: 'abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      tier0LimitUsd: 'Enter an amount in USD greater than 0 with at most 2 decimals.',
      tier1DailyLimitGhs: 'Enter an amount in GHS greater than 0 with at most 2 decimals.',
      tier1MonthlyLimitGhs: 'Enter an amount in GHS greater than 0 with at most 2 decimals.',
      tier2DailyLimitGhs: 'Enter an amount in GHS greater than 0 with at most 2 decimals.',
    });
  });

  it('keeps the monthly limit at least the daily one and Tier 2 at least Tier 1, against the saved limits', async () => {
    const monthly = await put(admin, { tier1MonthlyLimitGhs: '4000' });
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().error.fields).toEqual({ tier1MonthlyLimitGhs: 'The monthly limit must be at least the daily limit.' });
    const tier2 = await put(admin, { tier2DailyLimitGhs: '4999.99' });
    expect(tier2.json().error.fields).toEqual({ tier2DailyLimitGhs: 'Tier 2 limits must be at least the Tier 1 limits.' });
    const tier2Monthly = await put(admin, { tier1MonthlyLimitGhs: '2000000', tier1DailyLimitGhs: '5000' });
    expect(tier2Monthly.json().error.fields).toEqual({ tier2MonthlyLimitGhs: 'Tier 2 limits must be at least the Tier 1 limits.' });
    const row = firstOrThrow(await t.database.db.select().from(settings).where(eq(settings.id, 1)));
    expect([row.tier1MonthlyLimitGhs, row.tier2DailyLimitGhs]).toEqual(['50000.00', '100000.00']);
  });

  it('is for the super admin only', async () => {
    for (const role of ['manager', 'compliance', 'support'] as const) {
      const staff = await t.createStaff(role);
      expect((await put(staff.cookie, { tier1DailyLimitGhs: '1' })).statusCode).toBe(403);
    }
    const customer = await t.signUp();
    expect((await put(customer.cookie, { tier1DailyLimitGhs: '1' })).statusCode).toBe(403);
    expect((await put('', { tier1DailyLimitGhs: '1' })).statusCode).toBe(401);
    const row = firstOrThrow(await t.database.db.select().from(settings).where(eq(settings.id, 1)));
    expect(row.tier1DailyLimitGhs).toBe('5000.00');
  });
});
