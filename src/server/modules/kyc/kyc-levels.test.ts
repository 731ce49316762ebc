import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createTestApp, multipart, TINY_JPEG, TINY_PNG, type TTestApp } from '#test/helpers/test-app.js';
import { foreignPassport, listFiles, uniqueGhanaPhone } from '#test/helpers/kyc-fixtures.js';

/** Verification levels (docs/decisions/016): Tier 1 asks for phone, identity and selfie; Tier 2 for address and source of funds. */
const passport = foreignPassport;
const uniquePhone = () => uniqueGhanaPhone();
const TIER2 = { level: '2', address: '4 Ring Road', city: 'Kumasi', country: 'Ghana', sourceOfFunds: 'salary' };

describe('KYC levels and tiers', () => {
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
  const idFiles = () => ({
    front: { name: 'front.png', type: 'image/png', data: TINY_PNG },
    back: { name: 'back.jpg', type: 'image/jpeg', data: TINY_JPEG },
    selfie: { name: 'selfie.jpg', type: 'image/jpeg', data: TINY_JPEG },
  });
  const proofFiles = () => ({ addressProof: { name: 'bill.png', type: 'image/png', data: TINY_PNG } });
  const userRow = async (id: string) => firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, id)));
  const verifyPhone = (id: string) =>
    t.database.db.update(users).set({ phone: uniquePhone(), phoneVerifiedAt: new Date() }).where(eq(users.id, id));
  const customerWithPhone = async () => {
    const customer = await t.signUp();
    await verifyPhone(customer.id);
    return customer;
  };
  const decide = (id: number, decision: 'approve' | 'reject', cookie = compliance.cookie) =>
    t.request({
      method: 'POST',
      url: `/api/admin/kyc-submissions/${id}/${decision}`,
      cookie,
      ...(decision === 'reject' ? { payload: { reason: 'Not readable.' } } : {}),
    });

  it('refuses a Tier 1 submission before the phone is verified, and keeps no file', async () => {
    const customer = await t.signUp();
    const before = listFiles(t.app.config.documentsDir).length;
    const response = await submit(customer.cookie, passport(), idFiles());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Verify your phone number first (step 1), then submit your identity documents.');
    expect(listFiles(t.app.config.documentsDir).length).toBe(before);
    expect((await userRow(customer.id)).kycStatus).toBe('unverified');
    await verifyPhone(customer.id);
    expect((await submit(customer.cookie, passport(), idFiles())).statusCode).toBe(201);
  });

  it('needs a selfie holding the card, a JPEG or PNG by its bytes', async () => {
    const customer = await customerWithPhone();
    const { selfie: _selfie, ...withoutSelfie } = idFiles();
    const missing = await submit(customer.cookie, passport(), withoutSelfie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ selfie: 'Add a selfie of you holding your ID card.' });
    const html = await submit(customer.cookie, passport(), {
      ...idFiles(),
      selfie: { name: 'selfie.jpg', type: 'image/jpeg', data: Buffer.from('<html></html>') },
    });
    expect(html.json().error.fields).toEqual({ selfie: 'Must be JPEG or PNG.' });
    expect((await userRow(customer.id)).kycStatus).toBe('unverified');
    const ok = await submit(customer.cookie, passport(), idFiles());
    expect(ok.statusCode).toBe(201);
    expect(ok.json().submission.level).toBe(1);
    const row = firstOrThrow(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, ok.json().submission.id)));
    expect(row.selfieKey).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(row.selfieType).toBe('image/jpeg');
    // A passport (foreigners) carries no Ghana Card number.
    expect(row.ghanaCardNumber).toBeNull();
  });

  it('checks the Ghana Card number per ID type: the card itself, and beside a voter ID or driver licence', async () => {
    const customer = await customerWithPhone();
    const card = await submit(customer.cookie, { ...passport(), idType: 'national_id', idNumber: 'GHA-12345678-0' }, idFiles());
    expect(card.json().error.fields).toEqual({ idNumber: 'Enter the Ghana Card number as GHA-XXXXXXXXX-X.' });
    const voterWithout = await submit(customer.cookie, { ...passport(), idType: 'voter_id', idNumber: '1234567890' }, idFiles());
    expect(voterWithout.json().error.fields).toEqual({
      ghanaCardNumber: 'Enter your Ghana Card number (GHA-XXXXXXXXX-X): it is needed with this ID type.',
    });
    const licenceBad = await submit(
      customer.cookie,
      { ...passport(), idType: 'drivers_license', idNumber: 'DL-55', ghanaCardNumber: 'GHA-1234-5' },
      idFiles(),
    );
    expect(licenceBad.json().error.fields).toEqual({ ghanaCardNumber: 'Enter the Ghana Card number as GHA-XXXXXXXXX-X.' });
    const licence = await submit(
      customer.cookie,
      { ...passport(), idType: 'drivers_license', idNumber: 'DL-55', ghanaCardNumber: 'gha-987654321-1' },
      idFiles(),
    );
    expect(licence.statusCode).toBe(201);
    const row = firstOrThrow(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, licence.json().submission.id)));
    expect([row.idType, row.idNumber, row.ghanaCardNumber]).toEqual(['drivers_license', 'DL-55', 'GHA-987654321-1']);

    const other = await customerWithPhone();
    const ghanaCard = await submit(other.cookie, { ...passport(), idType: 'national_id', idNumber: 'gha-123456789-0' }, idFiles());
    expect(ghanaCard.statusCode).toBe(201);
    const cardRow = firstOrThrow(
      await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, ghanaCard.json().submission.id)),
    );
    expect(cardRow.ghanaCardNumber).toBe('GHA-123456789-0');
  });

  it('takes a Tier 2 request only from Tier 1', async () => {
    const tier0 = await customerWithPhone();
    const early = await submit(tier0.cookie, TIER2, proofFiles());
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('Verify your phone and identity (Tier 1) before asking for Tier 2.');
    expect(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, tier0.id))).toHaveLength(0);

    const tier2 = await customerWithPhone();
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 2 }).where(eq(users.id, tier2.id));
    const done = await submit(tier2.cookie, TIER2, proofFiles());
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe('Your account is already at Tier 2.');
  });

  it('needs the proof of address and the source of funds, with a detail for "other"', async () => {
    const customer = await customerWithPhone();
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 1 }).where(eq(users.id, customer.id));
    const missing = await submit(customer.cookie, { level: '2', address: '', city: 'Kumasi' }, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      address: 'Address is required.',
      sourceOfFunds: 'Choose where the money you trade with comes from.',
      addressProof: 'Add a proof of address: a utility bill or bank statement of the last 3 months.',
    });
    const other = await submit(customer.cookie, { ...TIER2, sourceOfFunds: 'other' }, proofFiles());
    expect(other.json().error.fields).toEqual({ sourceOfFundsDetail: 'Tell us in a few words where the money comes from.' });
    const ok = await submit(customer.cookie, { ...TIER2, sourceOfFunds: 'other', sourceOfFundsDetail: 'Sale of a car' }, proofFiles());
    expect(ok.statusCode).toBe(201);
    expect(ok.json().submission.level).toBe(2);
    // Still verified while Tier 2 is reviewed: trading goes on at Tier 1.
    expect(await userRow(customer.id)).toMatchObject({ kycStatus: 'verified', tier: 1 });
    // And the email says so: the Tier 1 'Trading is paused' text would be wrong here.
    const emails = await t.database.db.select().from(emailLog).where(eq(emailLog.to, customer.email));
    const received = emails.find((email) => email.subject === 'We received your Tier 2 documents');
    expect(emails.map((email) => email.subject)).not.toContain('We received your KYC documents');
    expect(received?.body).toContain('You can keep trading within your Tier 1 limits meanwhile.');
    expect(received?.body).not.toContain('Trading is paused');
  });

  it('approving level 1 sets Tier 1, level 2 sets Tier 2; a rejection keeps the tier; the review shows level, selfie, proof and funds', async () => {
    const customer = await customerWithPhone();
    const first = (await submit(customer.cookie, { ...passport(), idType: 'national_id', idNumber: 'GHA-111222333-4' }, idFiles())).json()
      .submission.id;
    expect((await decide(first, 'reject')).statusCode).toBe(200);
    expect(await userRow(customer.id)).toMatchObject({ kycStatus: 'rejected', tier: 0 });

    const second = (await submit(customer.cookie, { ...passport(), idType: 'national_id', idNumber: 'GHA-111222333-4' }, idFiles())).json()
      .submission.id;
    const detail1 = await t.request({ method: 'GET', url: `/api/admin/kyc-submissions/${second}`, cookie: compliance.cookie });
    expect(detail1.json()).toMatchObject({
      level: 1,
      ghanaCardNumber: 'GHA-111222333-4',
      hasSelfie: true,
      hasAddressProof: false,
      userTier: 0,
    });
    const selfie = await t.request({
      method: 'GET',
      url: `/api/admin/kyc-submissions/${second}/documents/selfie`,
      cookie: compliance.cookie,
    });
    expect(selfie.statusCode).toBe(200);
    expect(selfie.headers['content-type']).toBe('image/jpeg');
    expect((await decide(second, 'approve')).statusCode).toBe(200);
    expect(await userRow(customer.id)).toMatchObject({ kycStatus: 'verified', tier: 1 });
    const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(limit.json()).toMatchObject({ tier: 1, isLimited: false, dailyLimitGhs: '5000.00', nextTier: { tier: 2 } });

    const third = (await submit(customer.cookie, { ...TIER2, sourceOfFunds: 'business_income' }, proofFiles())).json().submission.id;
    const detail2 = await t.request({ method: 'GET', url: `/api/admin/kyc-submissions/${third}`, cookie: compliance.cookie });
    expect(detail2.json()).toMatchObject({
      level: 2,
      hasAddressProof: true,
      hasSelfie: false,
      sourceOfFunds: 'business_income',
      address: '4 Ring Road',
      // The identity approved for Tier 1 is carried over.
      idType: 'national_id',
      ghanaCardNumber: 'GHA-111222333-4',
    });
    // Support has no KYC area: the proof of address is refused; compliance's view is audited.
    const url = `/api/admin/kyc-submissions/${third}/documents/address`;
    expect((await t.request({ method: 'GET', url, cookie: support.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, cookie: compliance.cookie })).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.document.view'), eq(auditLog.targetId, String(third))));
    expect(audits).toHaveLength(1);

    expect((await decide(third, 'reject')).statusCode).toBe(200);
    expect(await userRow(customer.id)).toMatchObject({ kycStatus: 'verified', tier: 1 });
    const fourth = (await submit(customer.cookie, TIER2, proofFiles())).json().submission.id;
    const approved = await decide(fourth, 'approve');
    expect(approved.json().submission).toMatchObject({ status: 'approved', level: 2, userTier: 2 });
    expect(await userRow(customer.id)).toMatchObject({ kycStatus: 'verified', tier: 2 });
    const approvals = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.approve'), eq(auditLog.targetId, String(fourth))));
    expect(approvals[0]?.after).toMatchObject({ level: 2, userTier: 2 });
    const after = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(after.json()).toMatchObject({ tier: 2, dailyLimitGhs: '100000.00', monthlyLimitGhs: '1000000.00', nextTier: null });
  });
});
