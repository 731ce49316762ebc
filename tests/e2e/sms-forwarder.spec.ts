import { createHmac, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { STATEMENT_MSG } from '#shared/contracts/statements.js';
import { adminLogin, E2E_STAFF, paidBuyInBrowser } from './support.js';

/*
 * The wallet's own SMS (issue 33 point 6, docs/decisions/059): a customer on a phone (360 px) buys
 * and pays into the business's Telecel Cash wallet; the manager has added the wallet's phone as an
 * SMS forwarder (its secret shown once) and lets matched payments confirm themselves; the phone
 * forwards Telecel's "You have received" text, signed as SMS Gateway for Android signs it, and the
 * customer's open page says the payment is confirmed, without anyone on the order desk.
 */

const LAPTOP = { width: 1366, height: 768 };

test("a customer's Telecel buy is confirmed by the wallet's forwarded text, without staff", async ({ browser, baseURL }) => {
  const superContext = await browser.newContext({ viewport: LAPTOP });
  const superAdmin = await superContext.newPage();
  await adminLogin(superAdmin);
  const bought = await paidBuyInBrowser(browser, superAdmin, baseURL!, {
    amountGhs: '95',
    methodPrefix: 'SMS Telecel',
    payerNumber: '0205550123',
    wallet: { provider: 'Telecel Cash', number: '0201234567' },
  });
  await superContext.close();
  await expect(bought.phone.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();

  const managerContext = await browser.newContext({ viewport: LAPTOP });
  const manager = await managerContext.newPage();
  await adminLogin(manager, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
  const order = (
    (await (await manager.request.get(`/api/admin/orders/${bought.orderId}`)).json()) as {
      order: { paymentReference: string; amountGhs: string; submittedAt: string };
    }
  ).order;

  // Matched payments confirm themselves (the Statements page's setting).
  await manager.goto('/#/admin/statements');
  const settings = manager.getByRole('region', { name: 'Reconciliation settings' });
  const autoConfirm = settings.getByRole('switch', { name: 'Confirm payments matched by a statement' });
  const wasOn = (await autoConfirm.getAttribute('aria-checked')) === 'true';
  if (!wasOn) await autoConfirm.click();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(manager.getByText(STATEMENT_MSG.settingsSaved).first()).toBeVisible();

  try {
    // The wallet's phone is added from the admin menu; the URL and the secret are shown once.
    await manager.getByRole('link', { name: 'SMS forwarders' }).first().click();
    await expect(manager.getByRole('heading', { level: 1, name: 'SMS forwarders' })).toBeVisible();
    const form = manager.getByRole('form', { name: 'Add a forwarder' });
    await form.getByRole('button', { name: 'Add forwarder' }).click();
    await expect(form.getByText('Name the phone')).toBeVisible();
    await form.getByLabel('Name of the phone').fill('Telecel wallet phone');
    await form.getByLabel('MoMo wallet whose texts it forwards').selectOption({ label: bought.methodName });
    await form.getByRole('button', { name: 'Add forwarder' }).click();
    const setup = manager.getByRole('region', { name: 'Set up “Telecel wallet phone”' });
    const codes = setup.locator('code');
    const webhookUrl = (await codes.nth(0).textContent())!;
    const secret = (await codes.nth(1).textContent())!;
    expect(webhookUrl).toMatch(/\/api\/sms-forwarder\/fwd_[\w-]+$/);
    await setup.getByRole('button', { name: 'I have copied the secret' }).click();
    await expect(setup).toBeHidden();
    await expect(manager.getByRole('row').filter({ hasText: 'Telecel wallet phone' }).first()).toContainText('Never');

    // The phone forwards Telecel's text of the payment (the wording of sms-parse.test.ts's samples).
    const at = order.submittedAt;
    const text =
      `00000${String(Date.now()).slice(-11)} Confirmed. You have received GHS${order.amountGhs} from MTN MOBILE MONEY with transaction ` +
      `reference: Transfer From: 233205550123-ESI APPIAH  on ${at.slice(0, 10)} at ${at.slice(11, 19)}. ` +
      `Your Telecel Cash balance is GHS1095.00. Ref: ${order.paymentReference}.`;
    const body = JSON.stringify({
      deviceId: 'e2e-phone',
      event: 'sms:received',
      id: randomUUID(),
      payload: { messageId: 'e2e', message: text, phoneNumber: 'T-CASH', simNumber: 1, receivedAt: new Date().toISOString() },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', secret)
      .update(body + timestamp)
      .digest('hex');
    const forwarded = await manager.request.post(new URL(webhookUrl).pathname, {
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      data: body,
    });
    expect(forwarded.status(), await forwarded.text()).toBe(200);
    expect(await forwarded.json()).toEqual({ ok: true, status: 'parsed' });

    // Nobody on the order desk: the customer's open page follows the order to confirmed.
    await expect(bought.phone.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible();
    await manager.reload();
    await expect(manager.getByRole('row').filter({ hasText: 'Telecel wallet phone' }).first()).not.toContainText('Never');
  } finally {
    // Back to the default for the specs of a later run on this data directory.
    if (!wasOn) {
      await manager.goto('/#/admin/statements');
      await autoConfirm.click();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(manager.getByText(STATEMENT_MSG.settingsSaved).first()).toBeVisible();
    }
    await bought.context.close();
    await managerContext.close();
  }
});
