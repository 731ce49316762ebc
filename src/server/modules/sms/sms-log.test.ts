import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_MSG } from '#shared/contracts/sms.js';
import { auditLog } from '#server/db/schema/app.js';
import { queueSms } from '#server/lib/sms/outbox.js';
import { renderOrderStatusSms, renderPhoneCodeSms } from '#server/lib/sms/templates.js';
import { createLogSmsProvider } from '#server/lib/sms/provider.js';
import { SmsSender } from '#server/lib/sms/sender.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { createTestApp, SUPER_ADMIN, testConfig, type TTestApp } from '#test/helpers/test-app.js';

const REASON = 'The customer reads the code to support on the phone; ticket 5512.';

/** The SMS log (issue 18): the super admin's, codes masked, revealed with a reason that is audited (docs/decisions/011). */
describe('SMS log', () => {
  let t: TTestApp;
  let superAdmin: string;
  let codeSmsId: number;
  let orderSmsId: number;

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    codeSmsId = await queueSms(
      t.database.db,
      {
        userId: null,
        to: '+233245550401',
        kind: 'phone_code',
        body: renderPhoneCodeSms('271828'),
      },
      testConfig().authSecret,
    );
    orderSmsId = await queueSms(t.database.db, {
      userId: null,
      to: '+233245550402',
      kind: 'order_status',
      body: renderOrderStatusSms({ orderId: 31, status: 'completed', appUrl: 'https://cedicrypto.test' }),
    });
  });
  afterAll(() => t.close());

  const list = (cookie?: string, page?: number) =>
    t.request({ method: 'GET', url: `/api/admin/sms${page ? `?page=${page}` : ''}`, ...(cookie ? { cookie } : {}) });
  const reveal = (id: number, payload: Record<string, unknown>, cookie?: string) =>
    t.request({ method: 'POST', url: `/api/admin/sms/${id}/reveal`, payload, ...(cookie ? { cookie } : {}) });

  it('is refused to anonymous callers, customers and every staff role but the super admin', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await reveal(codeSmsId, { reason: REASON })).statusCode).toBe(401);
    const cookies = [(await t.signUp()).cookie];
    for (const role of ['manager', 'support', 'compliance'] as const) cookies.push((await t.createStaff(role)).cookie);
    for (const cookie of cookies) {
      const refused = await list(cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('+233245550401');
      expect((await reveal(codeSmsId, { reason: REASON }, cookie)).statusCode).toBe(403);
    }
  });

  it('lists the SMS newest first for the super admin, with the code of a verification SMS masked', async () => {
    const response = await list(superAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('271828');
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const ids = page.messages.map((sms: { id: number }) => sms.id);
    expect(ids.indexOf(orderSmsId)).toBeLessThan(ids.indexOf(codeSmsId));
    const code = page.messages.find((sms: { id: number }) => sms.id === codeSmsId);
    expect(code).toMatchObject({
      to: '+233245550401',
      kind: 'phone_code',
      status: 'pending',
      maskedSecrets: 1,
      body: 'CediCrypto: your phone verification code is ••••••••. It expires in 10 minutes. Never share it: our staff will never ask for it.',
    });
    const order = page.messages.find((sms: { id: number }) => sms.id === orderSmsId);
    expect(order).toMatchObject({
      maskedSecrets: 0,
      body: 'CediCrypto: your order #31 is completed. Details: https://cedicrypto.test/#/orders/31',
    });
    expect((await list(superAdmin, 2)).json().messages.map((sms: { id: number }) => sms.id)).not.toContain(codeSmsId);
  });

  it('reveals a code to the super admin for a reason, audited, never cached', async () => {
    const short = await reveal(codeSmsId, { reason: 'because' }, superAdmin);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ reason: SMS_MSG.reasonLength });
    expect((await reveal(999_999, { reason: REASON }, superAdmin)).statusCode).toBe(404);

    const revealed = await reveal(codeSmsId, { reason: REASON }, superAdmin);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(revealed.json()).toMatchObject({ id: codeSmsId, maskedSecrets: 0 });
    expect(revealed.json().body).toContain('code is 271828.');
    expect(revealed.json().body).not.toContain('<!--');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sms.reveal'), eq(auditLog.targetId, String(codeSmsId))));
    expect(entry).toMatchObject({ actorEmail: SUPER_ADMIN.email, targetType: 'sms', after: { reason: REASON, to: '+233245550401' } });
    // The Audit Log names it by its recipient.
    const audit = await t.request({ method: 'GET', url: '/api/admin/audit?action=sms.reveal', cookie: superAdmin });
    expect(audit.json().entries[0]).toMatchObject({ targetKind: 'SMS', targetName: '+233245550401' });
  });

  it('keeps no code once the SMS is delivered: a reveal then answers that it is gone (issue 26, docs/decisions/021)', async () => {
    const id = await queueSms(
      t.database.db,
      { userId: null, to: '+233245550403', kind: 'phone_code', body: renderPhoneCodeSms('161803') },
      testConfig().authSecret,
    );
    await new SmsSender({
      db: t.database.db,
      log: t.app.log,
      intervalMs: 1000,
      serverSecret: testConfig().authSecret,
      provider: createLogSmsProvider(t.app.log),
    }).runOnce();
    const [row] = await t.database.db.select().from(smsLog).where(eq(smsLog.id, id));
    expect(row).toMatchObject({ status: 'sent', secretsSealed: null });
    expect(JSON.stringify(row)).not.toContain('161803');
    const gone = await reveal(id, { reason: REASON }, superAdmin);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('SECRET_GONE');
    expect(gone.body).not.toContain('161803');
  });
});
