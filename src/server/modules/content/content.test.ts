import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_DEFAULTS, CONTENT_MSG, type TContactContent } from '#shared/contracts/content.js';
import { auditLog, emailLog } from '#server/db/schema/app.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const COMPANY: TContactContent = {
  headline: 'Talk to us',
  introParagraph: 'We answer within a business day.',
  supportEmail: 'help@cedicrypto.test',
  supportPhone: '+233 30 212 3456',
  whatsappNumber: '024 123 4567',
  companyName: 'CediCrypto Ltd & Partners',
  registrationNumber: 'CS123456789',
  licenceNumber: 'SEC/VASP/2026/001',
  streetAddress: '12 Independence Avenue, Ridge, Accra',
};

describe('contact page content with the company details (issue 16)', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let manager: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    manager = (await t.createStaff('manager')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const read = async () => (await t.request({ method: 'GET', url: '/api/content/contact' })).json() as TContactContent;
  const save = (payload: Record<string, unknown>, cookie = manager) =>
    t.request({ method: 'PUT', url: '/api/admin/contact', cookie, payload });

  it('starts without a phone or company details: nothing made up', async () => {
    expect(await read()).toEqual(CONTACT_DEFAULTS);
    expect(CONTACT_DEFAULTS.supportPhone).toBe('');
  });

  it('saves every field, audited, and the public answer shows them', async () => {
    const saved = await save(COMPANY);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(COMPANY);
    expect(await read()).toEqual(COMPANY);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'contact.update')).orderBy(desc(auditLog.id));
    expect(entry?.after).toEqual(COMPANY);
  });

  it('keeps the company details when a save leaves them out, and clears what is saved empty', async () => {
    const { introParagraph, supportEmail, supportPhone } = COMPANY;
    expect((await save({ headline: 'Hello', introParagraph, supportEmail, supportPhone })).statusCode).toBe(200);
    expect(await read()).toEqual({ ...COMPANY, headline: 'Hello' });
    expect((await save({ ...COMPANY, supportPhone: '', licenceNumber: '' })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ supportPhone: '', licenceNumber: '', companyName: COMPANY.companyName });
  });

  it('refuses a phone that is not one, with the message on its field, and unknown fields', async () => {
    const bad = await save({ ...COMPANY, supportPhone: 'call us', whatsappNumber: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ supportPhone: CONTENT_MSG.phone, whatsappNumber: CONTENT_MSG.phone });
    expect((await save({ ...COMPANY, role: 'super_admin' })).statusCode).toBe(400);
  });

  it('is edited by super admin and manager only', async () => {
    for (const role of ['support', 'compliance'] as const) {
      expect((await save(COMPANY, (await t.createStaff(role)).cookie)).statusCode, role).toBe(403);
    }
    expect((await save(COMPANY, (await t.signUp()).cookie)).statusCode).toBe(403);
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    expect((await save(COMPANY, admin)).statusCode).toBe(200);
  });

  it('puts the company details in the order confirmation and the status emails', async () => {
    expect((await save(COMPANY)).statusCode).toBe(200);
    const customer = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '5' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().order.id as number;
    const cancelled = await t.request({ method: 'POST', url: `/api/orders/${orderId}/cancel`, cookie: customer.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const emails = await t.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.to, customer.email), like(emailLog.subject, `Order #${orderId} %`)))
      .orderBy(emailLog.id);
    expect(emails.map((email) => email.subject)).toEqual([`Order #${orderId} received`, `Order #${orderId} cancelled`]);
    for (const email of emails) {
      const body = email.body.replace(/\s+/g, ' ');
      expect(body).toContain('CediCrypto Ltd &amp; Partners <br />Registration number CS123456789 · Licence number SEC/VASP/2026/001');
      expect(body).toContain('<br />12 Independence Avenue, Ridge, Accra');
      expect(body).toContain('Support email: help@cedicrypto.test · Support phone: +233 30 212 3456 · WhatsApp: 024 123 4567');
    }
  });
});
