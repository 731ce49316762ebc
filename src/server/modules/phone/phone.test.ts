import { and, desc, eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_MSG } from '#shared/contracts/sms.js';
import { firstOrThrow } from '#server/db/rows.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { phoneVerifications, smsLog } from '#server/db/schema/compliance.js';
import { rateLimitCounters } from '#server/db/schema/limits.js';
import { deliverableSms } from '#server/lib/sms/templates.js';
import { unsealBody } from '#server/lib/email/secrets.js';
import { createTestApp, testConfig, type TTestApp } from '#test/helpers/test-app.js';

/** Phone verification by a one-time SMS code (issue 18): modules/phone/service.ts. */

type TCustomer = { cookie: string; id: string };

/** The code of the newest verification SMS to `to`, read as its recipient gets it. */
async function codeSentTo(t: TTestApp, to: string): Promise<string> {
  const row = firstOrThrow(
    await t.database.db
      .select()
      .from(smsLog)
      .where(and(eq(smsLog.to, to), eq(smsLog.kind, 'phone_code')))
      .orderBy(desc(smsLog.id))
      .limit(1),
  );
  // The log keeps the code sealed until delivery (docs/decisions/021): the sender's unsealing.
  const match = /code is (\d{6})\./.exec(deliverableSms(unsealBody(row, testConfig().authSecret)));
  if (!match?.[1]) throw new Error(`no code in ${row.body}`);
  return match[1];
}

/** Moves the customer's codes a few minutes into the past: the next one may be asked for at once. */
async function pastCooldown(t: TTestApp, userId: string): Promise<void> {
  await t.database.db
    .update(phoneVerifications)
    .set({ createdAt: sql`${phoneVerifications.createdAt} - interval '2 minutes'` })
    .where(eq(phoneVerifications.userId, userId));
}

describe('phone verification', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sendCode = (customer: TCustomer, phone: string) =>
    t.request({ method: 'POST', url: '/api/account/phone/code', cookie: customer.cookie, payload: { phone } });
  const verify = (customer: TCustomer, code: string) =>
    t.request({ method: 'POST', url: '/api/account/phone/verify', cookie: customer.cookie, payload: { code } });
  const userRow = async (id: string) => firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, id)));
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses anonymous callers (401) and staff accounts (403) on every route', async () => {
    const staff = await t.createStaff('support');
    const routes = [
      { method: 'GET' as const, url: '/api/account/phone' },
      { method: 'POST' as const, url: '/api/account/phone/code', payload: { phone: '0241234567' } },
      { method: 'POST' as const, url: '/api/account/phone/verify', payload: { code: '123456' } },
      { method: 'PUT' as const, url: '/api/account/phone/sms-order-updates', payload: { smsOrderUpdates: true } },
    ];
    for (const route of routes) {
      expect((await t.request(route)).statusCode).toBe(401);
      const refused = await t.request({ ...route, cookie: staff.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
    expect(await t.database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, staff.id))).toHaveLength(0);
  });

  it('sends a 6-digit code to a Ghana number in +233 form, keeping only its hash, valid 10 minutes', async () => {
    const customer = await t.signUp();
    const sent = await sendCode(customer, '024 555 0101');
    expect(sent.statusCode).toBe(200);
    const status = sent.json();
    expect(status).toMatchObject({
      phone: null,
      verifiedAt: null,
      smsOrderUpdates: false,
      pendingCode: { phone: '+233245550101', attemptsLeft: 5 },
    });

    const code = await codeSentTo(t, '+233245550101');
    const row = firstOrThrow(await t.database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, customer.id)));
    expect(row.phone).toBe('+233245550101');
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    // Nothing in the row is the code in clear.
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);
    const sms = firstOrThrow(await t.database.db.select().from(smsLog).where(eq(smsLog.to, '+233245550101')));
    expect(sms).toMatchObject({ userId: customer.id, kind: 'phone_code', status: 'pending' });
    // Nor is the SMS log's row, pending: the code is only sealed (docs/decisions/021).
    expect(JSON.stringify(sms)).not.toContain(code);
    expect(status.pendingCode.expiresAt).toBe(row.expiresAt.toISOString());
  });

  it('refuses numbers that are not Ghana mobile numbers, with the reason', async () => {
    const customer = await t.signUp();
    for (const phone of ['+44 7700 900123', '12345', '0601234567', '024123456', '']) {
      const refused = await sendCode(customer, phone);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION', fields: { phone: SMS_MSG.phoneInvalid } });
    }
    expect(await t.database.db.select().from(smsLog).where(eq(smsLog.userId, customer.id))).toHaveLength(0);
  });

  it('verifies the number with the right code once: the account gets the number, verified and audited; reuse is refused', async () => {
    const customer = await t.signUp({ phone: '0200000001' });
    expect((await sendCode(customer, '+233 24 555 0102')).statusCode).toBe(200);
    const code = await codeSentTo(t, '+233245550102');
    const wrong = await verify(customer, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'PHONE_CODE_WRONG', message: SMS_MSG.codeWrong(4) });

    const verified = await verify(customer, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ phone: '+233245550102', pendingCode: null });
    const user = await userRow(customer.id);
    expect(user.phone).toBe('+233245550102');
    expect(user.phoneVerifiedAt).not.toBeNull();
    expect(verified.json().verifiedAt).toBe(user.phoneVerifiedAt?.toISOString());
    const audit = firstOrThrow(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'account.phone_verify'), eq(auditLog.targetId, customer.id))),
    );
    expect(audit).toMatchObject({
      actorId: customer.id,
      targetType: 'user',
      before: { phone: '0200000001', phoneVerified: false },
      after: { phone: '+233245550102', phoneVerified: true },
    });

    const again = await verify(customer, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'PHONE_CODE_EXPIRED', message: SMS_MSG.codeUsed });
    // The same number again: nothing to verify.
    const same = await sendCode(customer, '0245550102');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('PHONE_ALREADY_VERIFIED');
  });

  it('a verified number stops counting as verified once the number of the account changes any other way', async () => {
    const customer = await t.signUp();
    await sendCode(customer, '0245550108');
    expect((await verify(customer, await codeSentTo(t, '+233245550108'))).statusCode).toBe(200);
    // Something other than the verification (a future profile edit, an anonymisation) changes the number.
    await t.database.db.update(users).set({ phone: '+233245550109' }).where(eq(users.id, customer.id));
    expect(await userRow(customer.id)).toMatchObject({ phone: '+233245550109', phoneVerifiedAt: null });
    const status = (await t.request({ method: 'GET', url: '/api/account/phone', cookie: customer.cookie })).json();
    expect(status).toMatchObject({ phone: '+233245550109', verifiedAt: null });
    // Other changes of the row leave the verification alone.
    await pastCooldown(t, customer.id);
    expect((await sendCode(customer, '0245550109')).statusCode).toBe(200);
    expect((await verify(customer, await codeSentTo(t, '+233245550109'))).statusCode).toBe(200);
    await t.database.db.update(users).set({ fullName: 'Ama Verified' }).where(eq(users.id, customer.id));
    expect((await userRow(customer.id)).phoneVerifiedAt).not.toBeNull();
  });

  it('refuses the sixth try of a code, even the right one', async () => {
    const customer = await t.signUp();
    await sendCode(customer, '0245550103');
    const code = await codeSentTo(t, '+233245550103');
    for (let left = 4; left >= 0; left -= 1) {
      const wrong = await verify(customer, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(SMS_MSG.codeWrong(left));
    }
    const sixth = await verify(customer, code);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error).toMatchObject({ code: 'PHONE_CODE_EXPIRED', message: SMS_MSG.tooManyAttempts });
    expect((await userRow(customer.id)).phoneVerifiedAt).toBeNull();
    expect(
      firstOrThrow(await t.database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, customer.id))).attempts,
    ).toBe(5);
  });

  it('refuses an expired code, and a code a newer one replaced', async () => {
    const customer = await t.signUp();
    await sendCode(customer, '0245550104');
    const first = await codeSentTo(t, '+233245550104');
    await t.database.db
      .update(phoneVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(phoneVerifications.userId, customer.id));
    const expired = await verify(customer, first);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toMatchObject({ code: 'PHONE_CODE_EXPIRED', message: SMS_MSG.codeExpired });

    await pastCooldown(t, customer.id);
    await sendCode(customer, '0245550104');
    const second = await codeSentTo(t, '+233245550104');
    await pastCooldown(t, customer.id);
    await sendCode(customer, '0245550104');
    const third = await codeSentTo(t, '+233245550104');
    // Only the newest code is alive; the older ones ended when it was sent.
    const rows = await t.database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, customer.id));
    expect(rows.filter((row) => row.expiresAt.getTime() > Date.now())).toHaveLength(1);
    if (second !== third) expect((await verify(customer, second)).statusCode).toBe(400);
    expect((await verify(customer, third)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous tries with the right code verify', async () => {
    const customer = await t.signUp();
    await sendCode(customer, '0245550105');
    const code = await codeSentTo(t, '+233245550105');
    const answers = await Promise.all([verify(customer, code), verify(customer, code), verify(customer, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.phone_verify'), eq(auditLog.targetId, customer.id)));
    expect(audits).toHaveLength(1);
  });

  it('asks for a number verified on another account as for any other; only the right code learns it cannot be verified here (docs/decisions/027)', async () => {
    const owner = await t.signUp();
    await sendCode(owner, '0245550401');
    expect((await verify(owner, await codeSentTo(t, '+233245550401'))).statusCode).toBe(200);

    // The same answer as for a free number: the code goes out, nothing says the number is taken.
    const other = await t.signUp();
    const asked = await sendCode(other, '+233 24 555 0401');
    expect(asked.statusCode).toBe(200);
    const free = await t.signUp();
    const freeAsked = await sendCode(free, '0245550409');
    const shape = (body: { pendingCode: Record<string, unknown> }) => ({
      ...body,
      pendingCode: { ...body.pendingCode, phone: 'N', expiresAt: 'T', resendAt: 'T' },
    });
    expect(shape(asked.json())).toEqual(shape(freeAsked.json()));
    expect(asked.json().pendingCode.phone).toBe('+233245550401');
    expect(await t.database.db.select().from(smsLog).where(eq(smsLog.userId, other.id))).toHaveLength(1);

    // A guess is told it is wrong, as anywhere.
    const code = await codeSentTo(t, '+233245550401');
    const wrong = await verify(other, code === '000000' ? '111111' : '000000');
    expect(wrong.json().error.code).toBe('PHONE_CODE_WRONG');

    // The right code (the phone's holder): this number cannot be verified for this account, which other is not said.
    const refused = await verify(other, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'PHONE_TAKEN', message: SMS_MSG.numberTaken, fields: { phone: SMS_MSG.numberTaken } });
    expect(SMS_MSG.numberTaken).toBe(
      'This number could not be verified for this account. Use another number, or contact support if it is yours.',
    );
    expect(JSON.stringify(refused.json())).not.toContain(owner.id);
    expect(await userRow(other.id)).toMatchObject({ phoneVerifiedAt: null });
    expect(await userRow(owner.id)).toMatchObject({ phone: '+233245550401' });

    // Another number is fine; and once the owner changes number, this one is free again.
    await pastCooldown(t, other.id);
    expect((await sendCode(other, '0245550402')).statusCode).toBe(200);
    await t.database.db.update(users).set({ phone: '+233245550499' }).where(eq(users.id, owner.id));
    await pastCooldown(t, other.id);
    expect((await sendCode(other, '0245550401')).statusCode).toBe(200);
    expect((await verify(other, await codeSentTo(t, '+233245550401'))).statusCode).toBe(200);
  });

  it('lets one of two accounts verifying one number at once have it; the other is told it is taken', async () => {
    const first = await t.signUp();
    const second = await t.signUp();
    // Both ask before either has it verified.
    expect((await sendCode(first, '0245550403')).statusCode).toBe(200);
    const firstCode = await codeSentTo(t, '+233245550403');
    expect((await sendCode(second, '0245550403')).statusCode).toBe(200);
    const secondCode = await codeSentTo(t, '+233245550403');
    const answers = await Promise.all([verify(first, firstCode), verify(second, secondCode)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json().error).toMatchObject({ code: 'PHONE_TAKEN', fields: { phone: SMS_MSG.numberTaken } });
    const verified = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.phone, '+233245550403'), sql`phone_verified_at IS NOT NULL`));
    expect(verified).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.phone_verify'), or(eq(auditLog.targetId, first.id), eq(auditLog.targetId, second.id))));
    expect(audits).toHaveLength(1);
  });

  it('asks a minute between codes', async () => {
    const customer = await t.signUp();
    expect((await sendCode(customer, '0245550106')).statusCode).toBe(200);
    const soon = await sendCode(customer, '0245550106');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(50);
    expect(await t.database.db.select().from(smsLog).where(eq(smsLog.to, '+233245550106'))).toHaveLength(1);
  });

  it('turns order SMS on only with a verified number, and off', async () => {
    const customer = await t.signUp();
    const toggle = (smsOrderUpdates: boolean) =>
      t.request({ method: 'PUT', url: '/api/account/phone/sms-order-updates', cookie: customer.cookie, payload: { smsOrderUpdates } });
    const refused = await toggle(true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ smsOrderUpdates: SMS_MSG.orderUpdatesNeedPhone });
    expect((await userRow(customer.id)).smsOrderUpdates).toBe(false);

    await sendCode(customer, '0245550107');
    expect((await verify(customer, await codeSentTo(t, '+233245550107'))).statusCode).toBe(200);
    const on = await toggle(true);
    expect(on.statusCode).toBe(200);
    expect(on.json().smsOrderUpdates).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/account/phone', cookie: customer.cookie })).json()).toMatchObject({
      phone: '+233245550107',
      smsOrderUpdates: true,
    });
    expect((await toggle(false)).json().smsOrderUpdates).toBe(false);
  });
});

describe('phone codes are rate-limited', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  const sendCode = (customer: TCustomer, phone: string) =>
    t.request({ method: 'POST', url: '/api/account/phone/code', cookie: customer.cookie, payload: { phone } });
  const verify = (customer: TCustomer, code: string) =>
    t.request({ method: 'POST', url: '/api/account/phone/verify', cookie: customer.cookie, payload: { code } });

  /** The 15-minute windows end (the daily ones go on): as if a quarter of an hour had passed. */
  const pastQuarterHour = () =>
    t.database.db
      .update(rateLimitCounters)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(or(like(rateLimitCounters.key, 'phone-code-user:%'), like(rateLimitCounters.key, 'phone-code-user-number:%')));
  const smsTo = async (to: string) => t.database.db.select().from(smsLog).where(eq(smsLog.to, to));

  it('sends at most 3 codes in 15 minutes per account', async () => {
    const customer = await t.signUp();
    for (const phone of ['0245550201', '0245550202', '0245550203']) {
      expect((await sendCode(customer, phone)).statusCode).toBe(200);
      await pastCooldown(t, customer.id);
    }
    const fourth = await sendCode(customer, '0245550204');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toMatch(/^Too many codes asked for\. Please wait (a minute|\d+ minutes)\.$/);
    expect(await t.database.db.select().from(smsLog).where(eq(smsLog.userId, customer.id))).toHaveLength(3);
  });

  it('counts the 15-minute limit of a number per account asking: another account cannot lock the owner out', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    // A stranger asks for codes to the owner's number, up to the stranger's own limit.
    for (let n = 0; n < 3; n += 1) {
      expect((await sendCode(stranger, '0245550299')).statusCode).toBe(200);
      await pastCooldown(t, stranger.id);
    }
    expect((await sendCode(stranger, '0245550299')).statusCode).toBe(429);
    // The owner still gets a code, and verifies the number.
    expect((await sendCode(owner, '0245550299')).statusCode).toBe(200);
    const owners = (await smsTo('+233245550299')).filter((sms) => sms.userId === owner.id);
    expect(owners).toHaveLength(1);
    expect((await verify(owner, await codeSentTo(t, '+233245550299'))).statusCode).toBe(200);
  });

  it('sends at most 10 codes a day per account: the 11th is refused', async () => {
    const customer = await t.signUp();
    for (let n = 1; n <= 10; n += 1) {
      const sent = await sendCode(customer, `02455503${String(n).padStart(2, '0')}`);
      expect(sent.statusCode, sent.body).toBe(200);
      await pastCooldown(t, customer.id);
      if (n % 3 === 0) await pastQuarterHour();
    }
    await pastQuarterHour();
    const eleventh = await sendCode(customer, '0245550311');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toMatch(
      /^You have asked for the most codes allowed in a day\. Please try again in (an hour|\d+ hours)\.$/,
    );
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await t.database.db.select().from(smsLog).where(eq(smsLog.userId, customer.id))).toHaveLength(10);
  });

  it('sends at most 10 codes a day to one number, whoever asks; a refused code uses up nothing of the asker', async () => {
    const askers = [await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp()];
    let sent = 0;
    for (const asker of askers) {
      for (let n = 0; n < 3 && sent < 10; n += 1) {
        expect((await sendCode(asker, '0245550321')).statusCode).toBe(200);
        await pastCooldown(t, asker.id);
        sent += 1;
      }
    }
    const late = await t.signUp();
    const refused = await sendCode(late, '0245550321');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^This number has had the most codes allowed in a day\. Please try again in (an hour|\d+ hours), or contact support\.$/,
    );
    expect(await smsTo('+233245550321')).toHaveLength(10);
    // The refusal cost the late account nothing: three codes to other numbers still go.
    for (const phone of ['0245550322', '0245550323', '0245550324']) {
      await pastCooldown(t, late.id);
      expect((await sendCode(late, phone)).statusCode).toBe(200);
    }
  });
});
