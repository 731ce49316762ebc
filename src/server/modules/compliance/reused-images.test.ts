import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts, imageHashes } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createLocalStorage } from '#server/lib/storage.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { foreignPassport, uniqueGhanaPhone } from '#test/helpers/kyc-fixtures.js';
import { createOrderTestApp, multipart, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../../tests/fixtures/images', name));
const RECEIPT = fixture('receipt-a.png');
const RECEIPT_AGAIN = fixture('receipt-a-q60.jpg');
const RECEIPT_SMALL = fixture('receipt-a-small.jpg');
const OTHER_RECEIPT = fixture('receipt-b.jpg');
const PHOTO = fixture('photo.jpg');

/*
 * Reused images (issue 27 point 4, docs/decisions/031) through the real app and database: the
 * hash stored at upload, the 'reused_image' alert across customers only, the notice staff read
 * beside the image (support too, without KYC matches), and older files hashed at first read.
 */
describe('reused images', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;
  let support: string;
  let compliance: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    support = (await t.createStaff('support')).cookie;
    compliance = (await t.createStaff('compliance')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;

  async function customer(fullName: string) {
    const signedUp = await t.signUp({ fullName });
    await db()
      .update(users)
      .set({ kycStatus: 'verified', tier: 2, phone: uniqueGhanaPhone(), phoneVerifiedAt: new Date() })
      .where(eq(users.id, signedUp.id));
    return signedUp;
  }

  async function placeBuy(cookie: string) {
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '100' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().order as { id: number };
  }

  /** A buy paid with `screenshot` as its proof. */
  async function paidWith(cookie: string, screenshot: Buffer) {
    const order = await placeBuy(cookie);
    const png = screenshot[0] === 0x89;
    const form = multipart(
      { paymentTxId: `MP${randomUUID().slice(0, 10)}`, payerNumber: '024 555 0000' },
      { proof: { name: png ? 'receipt.png' : 'receipt.jpg', type: png ? 'image/png' : 'image/jpeg', data: screenshot } },
    );
    const paid = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, cookie, ...form });
    expect(paid.statusCode, paid.body).toBe(200);
    return order.id;
  }

  const reusedAlerts = (userId: string) =>
    db()
      .select()
      .from(complianceAlerts)
      .where(and(eq(complianceAlerts.userId, userId), eq(complianceAlerts.rule, 'reused_image')));

  const sameImages = (cookie: string, orderId: number) =>
    t.request({ method: 'GET', url: `/api/admin/orders/${orderId}/same-images`, cookie });

  it('stores the hash of a payment screenshot beside its file key', async () => {
    const kofi = await customer('Kofi Boateng');
    const orderId = await paidWith(kofi.cookie, OTHER_RECEIPT);
    const order = firstOrThrow(await db().select().from(orders).where(eq(orders.id, orderId)));
    const [row] = await db().select().from(imageHashes).where(eq(imageHashes.orderId, orderId));
    expect(row).toMatchObject({ userId: kofi.id, kind: 'payment_proof', storageKey: order.proofKey });
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('flags the same screenshot on another customer’s order beside the image, with an alert naming that order', async () => {
    const ama = await customer('Ama Mensah');
    const yaw = await customer('Yaw Owusu');
    const first = await paidWith(ama.cookie, RECEIPT);
    expect(await reusedAlerts(ama.id)).toHaveLength(0);

    // The same receipt, re-encoded by a phone's share sheet, on Yaw's order.
    const second = await paidWith(yaw.cookie, RECEIPT_AGAIN);
    const [alert] = await reusedAlerts(yaw.id);
    expect(alert).toMatchObject({ orderId: second, action: 'flag', status: 'open' });
    expect(alert!.details).toMatchObject({ kind: 'payment_proof', customers: 1, matches: [{ userId: ama.id, orderId: first }] });

    for (const cookie of [admin, support, compliance]) {
      const seen = await sameImages(cookie, second);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toEqual({
        images: [
          {
            kind: 'payment_proof',
            matches: [
              {
                kind: 'payment_proof',
                orderId: first,
                kycSubmissionId: null,
                userId: ama.id,
                customerName: 'Ama Mensah',
                sameCustomer: false,
              },
            ],
          },
        ],
      });
    }
    // Both ways: Ama's order shows Yaw's.
    expect((await sameImages(support, first)).json().images[0].matches[0]).toMatchObject({ orderId: second, customerName: 'Yaw Owusu' });

    // A third customer with the same receipt: one more alert, naming both earlier orders.
    const esi = await customer('Esi Asante');
    const third = await paidWith(esi.cookie, RECEIPT_SMALL);
    const [third_alert] = await reusedAlerts(esi.id);
    expect(third_alert).toMatchObject({ orderId: third });
    expect(third_alert!.details).toMatchObject({ customers: 2 });
  });

  it('shows the same screenshot on two orders of one customer without an alert', async () => {
    const kwame = await customer('Kwame Asare');
    const first = await paidWith(kwame.cookie, PHOTO);
    const second = await paidWith(kwame.cookie, PHOTO);
    expect(await reusedAlerts(kwame.id)).toHaveLength(0);
    const seen = await sameImages(support, second);
    expect(seen.json().images[0].matches).toEqual([
      { kind: 'payment_proof', orderId: first, kycSubmissionId: null, userId: kwame.id, customerName: 'Kwame Asare', sameCustomer: true },
    ]);
  });

  it('does not take another payment’s receipt of the same app for the reused one', async () => {
    const abena = await customer('Abena Darko');
    const kojo = await customer('Kojo Mensah');
    const reused = await paidWith(abena.cookie, fixture('receipt-a-cropped.jpg'));
    const different = await paidWith(kojo.cookie, OTHER_RECEIPT);
    const ordersOf = async (orderId: number) =>
      ((await sameImages(support, orderId)).json().images as { matches: { orderId: number }[] }[]).flatMap((image) =>
        image.matches.map((m) => m.orderId),
      );
    // The cropped copy is the reused receipt: it matches the earlier orders paid with it.
    expect((await ordersOf(reused)).length).toBeGreaterThanOrEqual(3);
    // Kojo's receipt of another payment matches none of them (only Kofi's order with the same file, first test).
    const theirs = await db().select({ orderId: imageHashes.orderId }).from(imageHashes).where(eq(imageHashes.userId, kojo.id));
    expect(theirs).toHaveLength(1);
    for (const orderId of await ordersOf(different)) {
      const row = firstOrThrow(
        await db()
          .select({ name: users.fullName })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(eq(orders.id, orderId)),
      );
      expect(row.name).toBe('Kofi Boateng');
    }
  });

  it('hashes a screenshot stored before the hashes the first time staff open its order', async () => {
    const efua = await customer('Efua Sarpong');
    const older = await paidWith(efua.cookie, fixture('receipt-a-cropped.jpg'));
    // As if uploaded before migration 0023: no hash row.
    await db().delete(imageHashes).where(eq(imageHashes.orderId, older));
    const storage = createLocalStorage(t.app.config.documentsDir);
    const order = firstOrThrow(await db().select().from(orders).where(eq(orders.id, older)));
    expect(await storage.get(order.proofKey!)).not.toBeNull();
    const seen = await sameImages(compliance, older);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().images[0].matches.length).toBeGreaterThan(0);
    const [row] = await db().select().from(imageHashes).where(eq(imageHashes.orderId, older));
    expect(row?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('flags one customer’s ID photos under another customer’s submission; support never sees KYC matches', async () => {
    const submit = async (cookie: string, front: Buffer) => {
      const body = multipart(foreignPassport(), {
        front: { name: 'front.jpg', type: 'image/jpeg', data: front },
        back: { name: 'back.png', type: 'image/png', data: RECEIPT },
        selfie: { name: 'selfie.jpg', type: 'image/jpeg', data: OTHER_RECEIPT },
      });
      const response = await t.request({ method: 'POST', url: '/api/kyc', cookie, payload: body.payload, headers: body.headers });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().submission.id as number;
    };
    const unverified = async (fullName: string) => {
      const signedUp = await t.signUp({ fullName });
      await db().update(users).set({ phone: uniqueGhanaPhone(), phoneVerifiedAt: new Date() }).where(eq(users.id, signedUp.id));
      return signedUp;
    };
    const adjoa = await unverified('Adjoa Boateng');
    const kweku = await unverified('Kweku Addo');
    const first = await submit(adjoa.cookie, PHOTO);
    // Adjoa's own three photos do not alert (one customer); screenshots on orders are another family.
    expect(await reusedAlerts(adjoa.id)).toHaveLength(0);
    const second = await submit(kweku.cookie, fixture('photo.jpg'));
    const [alert] = await reusedAlerts(kweku.id);
    expect(alert).toMatchObject({ orderId: null });
    expect(alert!.details).toMatchObject({ kind: 'kyc_front', kycSubmissionId: second });

    const seen = await t.request({ method: 'GET', url: `/api/admin/kyc-submissions/${second}/same-images`, cookie: compliance });
    expect(seen.statusCode, seen.body).toBe(200);
    const front = (seen.json().images as { kind: string; matches: { kycSubmissionId: number; customerName: string }[] }[]).find(
      (image) => image.kind === 'kyc_front',
    );
    expect(front?.matches).toContainEqual(
      expect.objectContaining({ kycSubmissionId: first, customerName: 'Adjoa Boateng', sameCustomer: false }),
    );
    // The KYC area's route: support is refused (tipping-off and need to know, docs/decisions/031).
    expect((await t.request({ method: 'GET', url: `/api/admin/kyc-submissions/${second}/same-images`, cookie: support })).statusCode).toBe(
      403,
    );
  });

  it('refuses the notice to customers and to no session', async () => {
    const mansa = await customer('Mansa Ofori');
    const orderId = await paidWith(mansa.cookie, OTHER_RECEIPT);
    expect((await sameImages(mansa.cookie, orderId)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${orderId}/same-images` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/admin/kyc-submissions/1/same-images`, cookie: mansa.cookie })).statusCode).toBe(
      403,
    );
  });
});
