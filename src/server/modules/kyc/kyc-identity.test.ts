import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MSG } from '#shared/contracts/kyc.js';
import { emailLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createTestApp, multipart, TINY_JPEG, TINY_PNG, type TTestApp } from '#test/helpers/test-app.js';
import { listFiles } from '#test/helpers/kyc-fixtures.js';

/*
 * One person, one set of limits (docs/decisions/016): an ID on another account's submission
 * under review or approved is refused at submission, even for two accounts at once; a passport
 * asks the nationality, and a Ghanaian's passport needs the Ghana Card number beside it; Tier 2
 * needs a verified phone; the texts that state the Tier 0 limit follow the setting.
 */

const ADDRESS = { address: '12 Oxford Street', city: 'Accra', country: 'Ghana' };
const TAKEN = 'This ID is already registered on another account. If it is yours, contact support.';

describe('KYC identity checks', () => {
  let t: TTestApp;
  let compliance: { cookie: string };
  let support: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    compliance = await t.createStaff('compliance');
    support = await t.createStaff('support');
  });
  afterAll(() => t.close());

  let phones = 0;
  /** A customer whose phone is verified (a number of their own): Tier 1 may be asked for. */
  const customerWithPhone = async () => {
    const customer = await t.signUp();
    const phone = `+23320${String(++phones).padStart(7, '0')}`;
    await t.database.db.update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, customer.id));
    return customer;
  };
  const idFiles = () => ({
    front: { name: 'front.png', type: 'image/png', data: TINY_PNG },
    back: { name: 'back.jpg', type: 'image/jpeg', data: TINY_JPEG },
    selfie: { name: 'selfie.jpg', type: 'image/jpeg', data: TINY_JPEG },
  });
  const submit = (cookie: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = idFiles()) => {
    const body = multipart({ ...ADDRESS, ...fields }, files);
    return t.request({ method: 'POST', url: '/api/kyc', cookie, payload: body.payload, headers: body.headers });
  };
  const decide = (id: number, decision: 'approve' | 'reject') =>
    t.request({
      method: 'POST',
      url: `/api/admin/kyc-submissions/${id}/${decision}`,
      cookie: compliance.cookie,
      ...(decision === 'reject' ? { payload: { reason: 'Not readable.' } } : {}),
    });
  const detail = (id: number, cookie = compliance.cookie) => t.request({ method: 'GET', url: `/api/admin/kyc-submissions/${id}`, cookie });
  const userRow = async (id: string) => firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, id)));
  const expectTaken = (response: Awaited<ReturnType<typeof submit>>) => {
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'KYC_ID_TAKEN', message: TAKEN });
  };

  describe('one ID, one account', () => {
    it('refuses a Ghana Card number another account has under review or approved, as the card or beside another ID', async () => {
      const first = await customerWithPhone();
      const card = await submit(first.cookie, { idType: 'national_id', idNumber: 'GHA-555000111-1' });
      expect(card.statusCode).toBe(201);

      const second = await customerWithPhone();
      const filesBefore = listFiles(t.app.config.documentsDir).length;
      expectTaken(await submit(second.cookie, { idType: 'national_id', idNumber: 'gha-555000111-1' }));
      // Nothing of the refused submission is kept, and the account is as it was.
      expect(listFiles(t.app.config.documentsDir).length).toBe(filesBefore);
      expect(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, second.id))).toHaveLength(0);
      expect(await userRow(second.id)).toMatchObject({ kycStatus: 'unverified', tier: 0 });
      // The same card number beside a voter ID, or beside a Ghanaian's passport.
      expectTaken(await submit(second.cookie, { idType: 'voter_id', idNumber: '7700112233', ghanaCardNumber: 'GHA-555000111-1' }));
      expectTaken(
        await submit(second.cookie, {
          idType: 'passport',
          idNumber: 'G7000001',
          nationality: 'ghanaian',
          ghanaCardNumber: 'GHA-555000111-1',
        }),
      );

      // Approved, it stays taken; the first account's own Tier 2 carries it over without a refusal.
      expect((await decide(card.json().submission.id, 'approve')).statusCode).toBe(200);
      expectTaken(await submit(second.cookie, { idType: 'national_id', idNumber: 'GHA-555000111-1' }));
      const tier2 = await submit(
        first.cookie,
        { level: '2', address: '4 Ring Road', city: 'Kumasi', country: 'Ghana', sourceOfFunds: 'salary' },
        { addressProof: { name: 'bill.png', type: 'image/png', data: TINY_PNG } },
      );
      expect(tier2.statusCode).toBe(201);
      // Another card is fine.
      expect((await submit(second.cookie, { idType: 'national_id', idNumber: 'GHA-555000111-2' })).statusCode).toBe(201);
    });

    it('compares the ID number of the same type whatever its case and spacing; another type or a rejected one does not count', async () => {
      const first = await customerWithPhone();
      const passport = await submit(first.cookie, {
        idType: 'passport',
        idNumber: 'G7100001',
        nationality: 'other',
        nationalityCountry: 'Togo',
      });
      expect(passport.statusCode).toBe(201);
      const second = await customerWithPhone();
      expectTaken(
        await submit(second.cookie, { idType: 'passport', idNumber: 'g 710-0001', nationality: 'other', nationalityCountry: 'Togo' }),
      );

      // A rejected submission frees its ID; the staff review of the next one shows it.
      expect((await decide(passport.json().submission.id, 'reject')).statusCode).toBe(200);
      const again = await submit(second.cookie, {
        idType: 'passport',
        idNumber: 'G7100001',
        nationality: 'other',
        nationalityCountry: 'Togo',
      });
      expect(again.statusCode).toBe(201);
      const review = await detail(again.json().submission.id);
      expect(review.json().sameIdElsewhere).toEqual([
        { id: passport.json().submission.id, userId: first.id, userFullName: 'Ama Mensah', userEmail: first.email, status: 'rejected' },
      ]);
      // Support has no KYC area: no review, so nothing of it either.
      expect((await detail(again.json().submission.id, support.cookie)).statusCode).toBe(403);

      // The same number as a driver's licence is another document.
      const third = await customerWithPhone();
      const licence = await submit(third.cookie, { idType: 'drivers_license', idNumber: 'G7100001', ghanaCardNumber: 'GHA-555000222-1' });
      expect(licence.statusCode).toBe(201);
      expect((await detail(licence.json().submission.id)).json().sameIdElsewhere).toEqual([]);
    });

    it('keys an ID number like a transaction id: full-width digits are the same passport, a Cyrillic letter is refused (issue 26)', async () => {
      const passport = (idNumber: string) => ({ idType: 'passport', idNumber, nationality: 'other', nationalityCountry: 'Togo' });
      const first = await customerWithPhone();
      const original = await submit(first.cookie, passport('A7300001'));
      expect(original.statusCode).toBe(201);
      expect(
        firstOrThrow(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, original.json().submission.id)))
          .idNumberKey,
      ).toBe('A7300001');

      // Full-width letters and digits (NFKC), with a full-width hyphen: the same passport.
      const second = await customerWithPhone();
      expectTaken(await submit(second.cookie, passport('Ａ７３０００－０１')));
      expectTaken(await submit(second.cookie, passport('a 7300\u200B001')));
      // A Cyrillic 'А' for the Latin 'A': refused on the field, never keyed.
      const cyrillic = await submit(second.cookie, passport('\u04107300001'));
      expect(cyrillic.statusCode).toBe(400);
      expect(cyrillic.json().error.fields).toEqual({ idNumber: KYC_MSG.idNumberLatin });
      expect(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, second.id))).toHaveLength(0);

      // Once the first is rejected, the full-width number goes through, and its review shows the
      // other account (the reviewer links to its profile), older and rejected as it is.
      expect((await decide(original.json().submission.id, 'reject')).statusCode).toBe(200);
      const again = await submit(second.cookie, passport('Ａ７３０００－０１'));
      expect(again.statusCode).toBe(201);
      const review = (await detail(again.json().submission.id)).json();
      expect(review.sameIdElsewhere).toEqual([
        { id: original.json().submission.id, userId: first.id, userFullName: 'Ama Mensah', userEmail: first.email, status: 'rejected' },
      ]);
      // And the first account's review shows the second.
      expect((await detail(original.json().submission.id)).json().sameIdElsewhere.map((o: { userId: string }) => o.userId)).toEqual([
        second.id,
      ]);
    });

    it('lets exactly one of two accounts submitting one ID at once through', async () => {
      const [first, second] = [await customerWithPhone(), await customerWithPhone()];
      const card = { idType: 'national_id', idNumber: 'GHA-555000333-1' };
      const answers = await Promise.all([submit(first.cookie, card), submit(second.cookie, card)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toEqual({ code: 'KYC_ID_TAKEN', message: TAKEN });
      const rows = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.ghanaCardNumber, 'GHA-555000333-1'));
      expect(rows).toHaveLength(1);
    });
  });

  describe('the nationality with a passport', () => {
    it('asks it, names the country of a foreign national, and needs a Ghanaian’s Ghana Card number', async () => {
      const customer = await customerWithPhone();
      const fieldsOf = async (fields: Record<string, string>) =>
        (await submit(customer.cookie, { idType: 'passport', idNumber: 'G7200001', ...fields })).json().error.fields;
      expect(await fieldsOf({})).toEqual({ nationality: 'Choose your nationality.' });
      expect(await fieldsOf({ nationality: 'martian' })).toEqual({ nationality: 'Choose your nationality.' });
      expect(await fieldsOf({ nationality: 'other' })).toEqual({ nationalityCountry: 'Name the country of your nationality.' });
      expect(await fieldsOf({ nationality: 'other', nationalityCountry: ' ghana ' })).toEqual({
        nationalityCountry: KYC_MSG.nationalityCountryIsGhana,
      });
      expect(await fieldsOf({ nationality: 'ghanaian' })).toEqual({
        ghanaCardNumber: 'Enter your Ghana Card number (GHA-XXXXXXXXX-X): Ghanaians need it beside a passport.',
      });
      expect(await fieldsOf({ nationality: 'ghanaian', ghanaCardNumber: 'GHA-12-3' })).toEqual({
        ghanaCardNumber: 'Enter the Ghana Card number as GHA-XXXXXXXXX-X.',
      });
      expect(await userRow(customer.id)).toMatchObject({ kycStatus: 'unverified' });

      const ghanaian = await submit(customer.cookie, {
        idType: 'passport',
        idNumber: 'G7200001',
        nationality: 'ghanaian',
        ghanaCardNumber: 'gha-555000444-1',
      });
      expect(ghanaian.statusCode).toBe(201);
      const row = firstOrThrow(
        await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, ghanaian.json().submission.id)),
      );
      expect([row.idType, row.idNumber, row.nationality, row.ghanaCardNumber]).toEqual([
        'passport',
        'G7200001',
        'Ghana',
        'GHA-555000444-1',
      ]);
      expect((await detail(row.id)).json()).toMatchObject({ nationality: 'Ghana', ghanaCardNumber: 'GHA-555000444-1' });

      const foreigner = await customerWithPhone();
      const other = await submit(foreigner.cookie, {
        idType: 'passport',
        idNumber: 'A7200002',
        nationality: 'other',
        nationalityCountry: ' Nigeria ',
        // A card number sent along with a foreign passport is not kept.
        ghanaCardNumber: 'GHA-555000444-9',
      });
      expect(other.statusCode).toBe(201);
      expect((await detail(other.json().submission.id)).json()).toMatchObject({ nationality: 'Nigeria', ghanaCardNumber: null });
      // Other ID types do not ask it.
      const voter = await customerWithPhone();
      const voterId = await submit(voter.cookie, { idType: 'voter_id', idNumber: '7700998877', ghanaCardNumber: 'GHA-555000444-2' });
      expect(voterId.statusCode).toBe(201);
      expect((await detail(voterId.json().submission.id)).json().nationality).toBeNull();
    });
  });

  it('asks a Tier 1 customer without a verified phone (migration 0012) to verify it before Tier 2', async () => {
    const customer = await t.signUp();
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 1 }).where(eq(users.id, customer.id));
    const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(limit.json()).toMatchObject({
      tier: 1,
      phoneVerified: false,
      nextTier: { tier: 2, needs: ['phone', 'address_proof', 'source_of_funds'] },
    });
    const tier2 = { level: '2', address: '4 Ring Road', city: 'Kumasi', country: 'Ghana', sourceOfFunds: 'salary' };
    const proof = { addressProof: { name: 'bill.png', type: 'image/png', data: TINY_PNG } };
    const refused = await submit(customer.cookie, tier2, proof);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Verify your phone number first (step 1), then send your proof of address and source of funds.',
    });
    expect(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, customer.id))).toHaveLength(0);

    await t.database.db.update(users).set({ phone: '+233209999999', phoneVerifiedAt: new Date() }).where(eq(users.id, customer.id));
    const after = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(after.json().nextTier).toEqual({ tier: 2, needs: ['address_proof', 'source_of_funds'] });
    expect((await submit(customer.cookie, tier2, proof)).statusCode).toBe(201);
  });

  it('states the Tier 0 limit of the setting in the welcome and approval emails ($20 by default)', async () => {
    const emailsTo = async (to: string) => t.database.db.select().from(emailLog).where(eq(emailLog.to, to));
    const atDefault = await t.signUp();
    expect((await emailsTo(atDefault.email)).map((email) => email.body).join()).toContain('you can trade up to $20 in total');

    await t.database.db.update(settings).set({ tier0LimitUsd: '50' }).where(eq(settings.id, 1));
    try {
      const customer = await customerWithPhone();
      expect((await emailsTo(customer.email)).map((email) => email.body).join()).toContain('you can trade up to $50 in total');
      const submitted = await submit(customer.cookie, { idType: 'national_id', idNumber: 'GHA-555000555-1' });
      expect((await decide(submitted.json().submission.id, 'approve')).statusCode).toBe(200);
      const approval = firstOrThrow(
        await t.database.db
          .select()
          .from(emailLog)
          .where(and(eq(emailLog.to, customer.email), eq(emailLog.subject, 'Your identity is verified'))),
      );
      expect(approval.body).toContain('Your $50 trading limit is lifted');
    } finally {
      await t.database.db.update(settings).set({ tier0LimitUsd: '20' }).where(eq(settings.id, 1));
    }
  });
});
