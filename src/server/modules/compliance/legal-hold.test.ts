import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_MSG, legalHoldPath } from '#shared/contracts/compliance.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { createLocalStorage } from '#server/lib/storage.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { anonymiseDueAccounts } from './retention.js';

const YEAR_MS = 366 * 86_400_000;

/** Legal holds (issue 34 point 5, docs/decisions/074), on PGlite and PostgreSQL. */
describe('legal holds', () => {
  let t: TTestApp;
  let officer: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    officer = await t.createStaff('compliance');
  });
  afterAll(() => t.close());

  const place = (userId: string, cookie: string | undefined, reason = 'FIC request 2026/114: keep all records') =>
    t.request({ method: 'POST', url: legalHoldPath(userId), cookie, payload: { reason } });
  const lift = (userId: string, cookie: string, reason = 'FIC closed its request') =>
    t.request({ method: 'POST', url: `${legalHoldPath(userId)}/lift`, cookie, payload: { reason } });

  it('is placed and lifted once each by compliance, audited, with who and why on the customer', async () => {
    const customer = await t.signUp({ fullName: 'Kojo Antwi' });
    const placed = await place(customer.id, officer.cookie);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().legalHold).toMatchObject({ reason: 'FIC request 2026/114: keep all records' });
    const again = await place(customer.id, officer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'LEGAL_HOLD_CONFLICT', message: COMPLIANCE_MSG.legalHoldAlready });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ legalHoldBy: officer.id, legalHoldReason: 'FIC request 2026/114: keep all records' });

    const lifted = await lift(customer.id, officer.cookie);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ legalHold: null });
    const liftedAgain = await lift(customer.id, officer.cookie);
    expect(liftedAgain.json().error).toEqual({ code: 'LEGAL_HOLD_CONFLICT', message: COMPLIANCE_MSG.legalHoldNotSet });

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id)).orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['compliance.legal_hold_place', 'compliance.legal_hold_lift']);
    expect(entries[1]!.after).toEqual({ legalHold: false, reason: 'FIC closed its request' });
  });

  it('is refused without a reason, for no such customer or a staff account, and to every role but compliance and the super admin', async () => {
    const customer = await t.signUp({ fullName: 'Abena Owusu' });
    const blank = await place(customer.id, officer.cookie, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(COMPLIANCE_MSG.legalHoldReasonRequired);
    expect((await place('no-such-user', officer.cookie)).json().error).toEqual({
      code: 'NOT_FOUND',
      message: COMPLIANCE_MSG.customerNotFound,
    });
    const support = await t.createStaff('support');
    expect((await place(support.id, officer.cookie)).statusCode).toBe(404);

    expect((await place(customer.id, undefined)).statusCode).toBe(401);
    expect((await place(customer.id, customer.cookie)).statusCode).toBe(403);
    for (const role of ['manager', 'support'] as const) {
      const staff = await t.createStaff(role);
      expect((await place(customer.id, staff.cookie)).statusCode, role).toBe(403);
    }
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    expect((await place(customer.id, admin)).statusCode).toBe(200);
    // The customer is not told: nothing of theirs mentions it.
    const me = await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(customer.email);
    expect(me.body.toLowerCase()).not.toContain('legal');
  });

  it('keeps a closed account from anonymisation past its retention period until it is lifted', async () => {
    const customer = await t.signUp({ fullName: 'Yaa Asantewaa' });
    const closedAt = new Date(Date.now() - 7 * YEAR_MS);
    await t.database.db.update(users).set({ closedAt }).where(eq(users.id, customer.id));
    expect((await place(customer.id, officer.cookie)).statusCode).toBe(200);
    const storage = createLocalStorage(t.app.config.documentsDir);
    await anonymiseDueAccounts({ db: t.database.db, storage });
    const [held] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(held).toMatchObject({ anonymisedAt: null, fullName: 'Yaa Asantewaa' });

    expect((await lift(customer.id, officer.cookie)).statusCode).toBe(200);
    await anonymiseDueAccounts({ db: t.database.db, storage });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(after!.anonymisedAt).not.toBeNull();
    expect(after!.fullName).not.toBe('Yaa Asantewaa');
  });
});
