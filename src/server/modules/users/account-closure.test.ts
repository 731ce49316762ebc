import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { auditLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { firstOrThrow } from '#server/db/rows.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { approvalBody, payOrder, placeBuyOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/*
 * Closing a customer's account (account-closure.ts, docs/decisions/017): its anonymisation after
 * the retention period is in src/server/modules/compliance/compliance.test.ts.
 */
describe('closing an account', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let superAdmin: string;
  let manager: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    superAdmin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = (await t.createStaff('manager')).cookie;
    // One staff member confirms and pays out (the two-people rule has its own tests, orders/settlement.test.ts).
    await t.database.db.update(settings).set({ twoPeopleAboveGhs: '100000000' }).where(eq(settings.id, 1));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;

  it('refuses to close an account while a paid order waits, until it is settled; closing needs its reason', async () => {
    const customer = await tierTwoCustomer(t, 'Nana Yeboah');
    const order = await placeBuyOrder(t, customer.cookie, { methodId, amountFiat: '100' });
    await payOrder(t, customer.cookie, order.id);
    const close = (payload: Record<string, string>) =>
      t.request({ method: 'POST', url: `/api/admin/users/${customer.id}/close`, cookie: superAdmin, payload });
    const noReason = await close({});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatchObject({ code: 'VALIDATION', fields: { reason: COMPLIANCE_MSG.closeReasonRequired } });

    const refused = await close({ reason: 'Customer asked.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'ACCOUNT_HAS_PAID_ORDERS', message: COMPLIANCE_MSG.openPaidOrders });
    expect(firstOrThrow(await db().select().from(users).where(eq(users.id, customer.id))).closedAt).toBeNull();

    // Claim, then pay (docs/decisions/029).
    await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/claim`, cookie: manager });
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/approve`,
      cookie: manager,
      payload: await approvalBody(t, order.id, { payoutReference: randomBytes(32).toString('hex') }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const closed = await close({ reason: 'Customer asked.' });
    expect(closed.statusCode, closed.body).toBe(200);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.close'), eq(auditLog.targetId, customer.id)));
    expect(entry).toMatchObject({ after: { reason: 'Customer asked.' } });
  });
});
