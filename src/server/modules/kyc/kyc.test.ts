import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { KYC_MSG } from '#shared/contracts/kyc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { createTestApp, multipart, SUPER_ADMIN, TINY_JPEG, TINY_PNG, type TTestApp } from '#test/helpers/test-app.js';
import { foreignPassport, listFiles, uniqueGhanaPhone } from '#test/helpers/kyc-fixtures.js';
import { firstOrThrow } from '#server/db/rows.js';

const fields = foreignPassport;
const uniquePhone = () => uniqueGhanaPhone();

describe('KYC', () => {
  let t: TTestApp;
  let compliance: { cookie: string };
  let support: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    compliance = await t.createStaff('compliance');
    support = await t.createStaff('support');
  });
  afterAll(() => t.close());

  const submit = (cookie: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, files);
    return t.request({ method: 'POST', url: '/api/kyc', cookie, payload: body.payload, headers: body.headers });
  };
  const goodFiles = () => ({
    front: { name: 'front.png', type: 'image/png', data: TINY_PNG },
    back: { name: 'back.jpg', type: 'image/jpeg', data: TINY_JPEG },
    selfie: { name: 'selfie.jpg', type: 'image/jpeg', data: TINY_JPEG },
  });
  /** A customer whose phone is verified (the SMS code step, docs/decisions/016): Tier 1 may be asked for. */
  const signUp = async () => {
    const customer = await t.signUp();
    await t.database.db.update(users).set({ phone: uniquePhone(), phoneVerifiedAt: new Date() }).where(eq(users.id, customer.id));
    return customer;
  };
  const documentsDir = () => t.app.config.documentsDir;

  it('accepts a submission: profile pending, one email, files stored under random names', async () => {
    const customer = await signUp();
    const response = await submit(customer.cookie, fields(), goodFiles());
    expect(response.statusCode).toBe(201);
    expect(response.json().submission.status).toBe('pending');
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(user.kycStatus).toBe('pending');
    const emails = await t.database.db.select().from(emailLog).where(eq(emailLog.to, customer.email));
    expect(emails.map((e) => e.subject)).toContain('We received your KYC documents');
    const files = listFiles(documentsDir());
    expect(files.some((f) => f.includes('front') || f.includes('back'))).toBe(false);
    const mine = await t.request({ method: 'GET', url: '/api/kyc', cookie: customer.cookie });
    expect(mine.json().submission.status).toBe('pending');
  });

  it('refuses a second submission while pending', async () => {
    const customer = await signUp();
    expect((await submit(customer.cookie, fields(), goodFiles())).statusCode).toBe(201);
    const again = await submit(customer.cookie, fields(), goodFiles());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('KYC_ALREADY_SUBMITTED');
    expect(again.json().error.message).toBe('Your documents are already under review. Review takes 24-48 hours.');
  });

  it('decides the type from the bytes: a PNG named .pdf is fine, HTML named .jpg is not', async () => {
    const customer = await signUp();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const bad = await submit(customer.cookie, fields(), {
      front: { name: 'id.pdf', type: 'application/pdf', data: TINY_PNG },
      back: { name: 'id.jpg', type: 'image/jpeg', data: html },
      selfie: goodFiles().selfie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ back: 'Must be JPEG or PNG.' });
  });

  it('refuses a file of 5 MB + 1 byte with the product message, and writes nothing', async () => {
    const customer = await signUp();
    const before = listFiles(documentsDir()).length;
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - TINY_PNG.length, 0)]);
    const response = await submit(customer.cookie, fields(), {
      front: { name: 'big.png', type: 'image/png', data: big },
      back: goodFiles().back,
    });
    expect(response.json().error?.fields?.front, response.body).toBe('File size must be under 5MB.');
    expect(response.statusCode).toBe(400);
    expect(listFiles(documentsDir()).length).toBe(before);
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(user.kycStatus).toBe('unverified');
  });

  it('never uses the client file name: ../../x.png lands inside the storage folder under a random key', async () => {
    const customer = await signUp();
    const response = await submit(customer.cookie, fields(), {
      front: { name: '../../x.png', type: 'image/png', data: TINY_PNG },
      back: { name: '/etc/passwd', type: 'image/png', data: TINY_PNG },
      selfie: { name: '../selfie.png', type: 'image/png', data: TINY_PNG },
    });
    expect(response.statusCode).toBe(201);
    const root = path.resolve(documentsDir());
    for (const file of listFiles(root)) {
      expect(path.resolve(file).startsWith(root + path.sep)).toBe(true);
      expect(path.basename(file)).toMatch(/^[a-f0-9]{32}\.(png|jpg)$/);
    }
    expect(listFiles(path.dirname(root)).filter((f) => f.endsWith('x.png'))).toEqual([]);
  });

  it('reports every missing field and document in the product wording', async () => {
    const customer = await signUp();
    const response = await submit(customer.cookie, { idNumber: '', address: '', city: '' }, {});
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe('Both front and back ID documents are required.');
    expect(error.fields).toMatchObject({
      idType: 'ID Type is required.',
      front: 'This document is required.',
      back: 'This document is required.',
    });
  });

  it('checks the Ghana Card number format', async () => {
    const customer = await signUp();
    const bad = await submit(customer.cookie, { ...fields(), idType: 'national_id', idNumber: '12345' }, goodFiles());
    expect(bad.json().error.fields.idNumber).toBe('Enter the Ghana Card number as GHA-XXXXXXXXX-X.');
    const good = await submit(customer.cookie, { ...fields(), idType: 'national_id', idNumber: 'gha-123456789-0' }, goodFiles());
    expect(good.statusCode).toBe(201);
  });

  it('serves documents only to authorised staff, and audits each view', async () => {
    const customer = await signUp();
    const created = await submit(customer.cookie, fields(), goodFiles());
    const id = created.json().submission.id;
    const url = `/api/admin/kyc-submissions/${id}/documents/front`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, cookie: support.cookie })).statusCode).toBe(403);
    const ok = await t.request({ method: 'GET', url, cookie: compliance.cookie });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(ok.rawPayload, TINY_PNG)).toBe(0);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'kyc.document.view'));
    expect(audits.some((a) => a.targetId === String(id))).toBe(true);
  });

  it('lets exactly one of two simultaneous approvals through, with one email', async () => {
    const customer = await signUp();
    const id = (await submit(customer.cookie, fields(), goodFiles())).json().submission.id;
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const approve = (cookie: string) => t.request({ method: 'POST', url: `/api/admin/kyc-submissions/${id}/approve`, cookie });
    const results = await Promise.all([approve(compliance.cookie), approve(admin)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('KYC_ALREADY_DECIDED');
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(user.kycStatus).toBe('verified');
    const decisions = await t.database.db
      .select()
      .from(emailLog)
      .where(sql`${emailLog.to} = ${customer.email} and ${emailLog.subject} = 'Your identity is verified'`);
    expect(decisions).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'kyc.approve' and ${auditLog.targetId} = ${String(id)}`);
    expect(audits).toHaveLength(1);
  });

  it('refuses a rejection without its reason (issue 27 point 5): the submission stays pending', async () => {
    const customer = await signUp();
    const id = (await submit(customer.cookie, fields(), goodFiles())).json().submission.id;
    for (const payload of [{}, { reason: '  ' }]) {
      const refused = await t.request({
        method: 'POST',
        url: `/api/admin/kyc-submissions/${id}/reject`,
        cookie: compliance.cookie,
        payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION', fields: { reason: KYC_MSG.rejectReasonRequired } });
    }
    const mine = await t.request({ method: 'GET', url: '/api/kyc', cookie: customer.cookie });
    expect(mine.json().submission.status).toBe('pending');
  });

  it('rejects with a reason the customer sees, and lets them submit again', async () => {
    const customer = await signUp();
    const id = (await submit(customer.cookie, fields(), goodFiles())).json().submission.id;
    const rejected = await t.request({
      method: 'POST',
      url: `/api/admin/kyc-submissions/${id}/reject`,
      cookie: compliance.cookie,
      payload: { reason: 'The photo is blurred.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().submission.status).toBe('rejected');
    const mine = await t.request({ method: 'GET', url: '/api/kyc', cookie: customer.cookie });
    expect(mine.json().submission).toMatchObject({ status: 'rejected', rejectionReason: 'The photo is blurred.' });
    const session = await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie });
    expect(session.json().user.kycStatus).toBe('rejected');
    expect((await submit(customer.cookie, fields(), goodFiles())).statusCode).toBe(201);
  });

  it('lists submissions with user name and email for staff of the kyc area', async () => {
    const list = await t.request({ method: 'GET', url: '/api/admin/kyc-submissions?status=pending', cookie: compliance.cookie });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.submissions.length).toBeGreaterThan(0);
    expect(body.submissions.every((s: { status: string }) => s.status === 'pending')).toBe(true);
    expect(body.submissions[0]).toHaveProperty('userEmail');
    const detail = await t.request({
      method: 'GET',
      url: `/api/admin/kyc-submissions/${body.submissions[0].id}`,
      cookie: compliance.cookie,
    });
    expect(detail.json()).toMatchObject({ hasFront: true, hasBack: true, city: 'Accra', country: 'Ghana' });
    const rows = await t.database.db.select().from(kycSubmissions);
    expect(body.total).toBe(rows.filter((r) => r.status === 'pending').length);
  });

  // Found by the fuzz test: unknown form fields were ignored, and a NUL made the insert fail (500).
  it('refuses unknown form fields and NUL characters', async () => {
    const customer = await signUp();
    const unknown = await submit(customer.cookie, { ...fields(), kycStatus: 'verified' }, goodFiles());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION');
    expect(unknown.json().error.fields._).toContain('kycStatus');
    const nul = await submit(customer.cookie, { ...fields(), city: 'Ac\u0000cra' }, goodFiles());
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toHaveProperty('city');
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(user.kycStatus).toBe('unverified');
  });

  // Found by the fuzz test: a multipart body without a boundary was a 500.
  it('answers an unreadable form with a 4xx', async () => {
    const customer = await signUp();
    const response = await t.request({
      method: 'POST',
      url: '/api/kyc',
      cookie: customer.cookie,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('keeps the audit log append-only, even for direct SQL', async () => {
    await expect(t.database.db.execute(sql`UPDATE audit_log SET action = 'tampered'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});
