import { expect, test } from '@playwright/test';
import { addMomoMethod, adminLogin, createBuyOrder, E2E_STAFF, newTxHash, PNG, signUpInBrowser } from './support.js';

/*
 * The order lifecycle end to end, with real servers and two browsers (issue 15, decisions/014):
 * a customer on a 360 px phone orders BTC, pays by MoMo and says "I have paid" with a screenshot;
 * a support agent's open "Needs action" queue shows it arrive without a reload; the agent opens
 * the screenshot and approves with the payout hash; the customer's open order page turns
 * Completed with the explorer link. And an unpaid order expires when the server's order clock
 * passes its deadline: the limit is released and the customer is emailed.
 */

test('a MoMo buy paid on a phone reaches the support queue live, and its approval reaches the open order page', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const methodName = await addMomoMethod(admin, baseURL!, 'Lifecycle MoMo');
  await adminContext.close();

  // The support agent's queue is open before the order exists.
  const supportContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const support = await supportContext.newPage();
  await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);
  await support.goto('/#/admin/orders');
  await support
    .getByRole('group', { name: 'Orders view' })
    .getByRole('button', { name: /^Needs action/ })
    .click();
  await expect(support.getByRole('group', { name: 'Orders view' }).getByRole('button', { name: /^Needs action/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The customer, on a phone.
  const customerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await customerContext.newPage();
  await customerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpInBrowser(phone);
  const orderId = await createBuyOrder(phone, methodName, '120');
  const pay = phone.getByRole('region', { name: 'Pay GHS 120.00' });
  await pay.getByRole('button', { name: 'Copy reference' }).click();
  const reference = await phone.evaluate(() => navigator.clipboard.readText());
  expect(reference).toMatch(/^CC[A-Z0-9]{6}$/);
  await expect(phone.getByRole('timer', { name: 'Time left to pay' })).toHaveText(/^(30:00|29:[0-5]\d)$/);
  // Created but not paid: not in the support queue yet.
  await expect(support.getByRole('button', { name: `View order #${orderId}` })).toHaveCount(0);

  const txId = `MP${Date.now()}`;
  await phone.getByLabel('MoMo TxID').fill(txId);
  await phone.getByLabel('Payment screenshot (optional)').setInputFiles({ name: 'momo.png', mimeType: 'image/png', buffer: PNG });
  await phone.getByRole('button', { name: 'I have paid' }).click();
  await expect(phone.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();

  // It arrives in the agent's open queue, without a reload, with its age; the menu counts it.
  const row = support.getByRole('row').filter({ has: support.getByRole('button', { name: `View order #${orderId}` }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Waiting/);
  await expect(support.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Orders/ })).toContainText(/\d/);
  await expect(support).toHaveTitle(/^\(\d+\) /);

  // The agent opens it: the reference, the payer's id, and the screenshot as it was sent.
  await row.getByRole('button', { name: `View order #${orderId}` }).click();
  const details = support.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText(reference);
  await expect(details).toContainText(txId);
  const proof = details.getByRole('img', { name: `Payment screenshot of order #${orderId}` });
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);

  // Claim, then pay (docs/decisions/029): the agent claims it; then Approve with the payout's
  // transaction hash, after the product's question; the details close with the decision.
  await expect(details.getByRole('button', { name: 'Approve order' })).toBeDisabled();
  await details.getByRole('button', { name: 'Claim to pay out' }).click();
  await expect(details.getByText('Paying now: you', { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Approve order' }).click();
  const confirm = support.getByRole('dialog', { name: 'Approve order' });
  await expect(confirm).toContainText('Are you sure you want to mark this order as completed?');
  const hash = newTxHash();
  await confirm.getByLabel('Payout transaction hash').fill(hash);
  // What arrived is confirmed with the payout, in the same request (docs/decisions/038).
  await confirm.getByRole('textbox', { name: 'Evidence' }).fill('MTN statement line, paid in full');
  await confirm.getByRole('button', { name: 'Approve order' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(details).toHaveCount(0);

  // The customer's open page, never reloaded, shows it completed with the explorer link.
  await expect(phone.getByRole('heading', { name: 'Order completed' })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'Order completed' }).getByRole('link', { name: /View on explorer/ })).toHaveAttribute(
    'href',
    `https://mempool.space/tx/${hash}`,
  );
  // And it has left the queue.
  await expect(support.getByRole('button', { name: `View order #${orderId}` })).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await supportContext.close();
  await customerContext.close();
});

test('an unpaid order expires when the order clock passes its deadline: the limit is released and the customer is emailed', async ({
  page,
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const methodName = await addMomoMethod(admin, baseURL!, 'Lifecycle MoMo');

  await page.setViewportSize({ width: 360, height: 740 });
  const customer = await signUpInBrowser(page);
  const orderId = await createBuyOrder(page, methodName, '100');
  const limit = async () => ((await (await page.request.get('/api/orders/limit')).json()) as { usedUsd: string }).usedUsd;
  expect(Number(await limit())).toBeGreaterThan(0);
  await expect(page.getByRole('timer', { name: 'Time left to pay' })).toBeVisible();

  // The server's order clock moves past the 30-minute window (TEST_CLOCK, browser tests only);
  // the expiry worker runs. The page, left open, follows.
  const moved = await page.request.post('/api/test/clock', { headers: { origin: baseURL! }, data: { advanceMinutes: 31 } });
  expect(moved.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Order expired' })).toBeVisible();
  await expect(page.getByLabel('MoMo TxID')).toHaveCount(0);
  expect(await limit()).toBe('0.00');
  await expect(page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').last()).toContainText(/Order expired.*Automatic/);

  // The email, in the super admin's Email Log.
  await admin.goto('/#/admin/emails');
  const emailRow = admin
    .getByRole('row')
    .filter({ hasText: customer.email })
    .filter({ hasText: `Order #${orderId} expired` });
  await expect(emailRow).toHaveCount(1);
  await adminContext.close();
});
