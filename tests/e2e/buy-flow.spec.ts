import { expect, test } from '@playwright/test';
import { adminLogin, E2E_STAFF, newTxHash, saveDestination, signUpInBrowser } from './support.js';

/**
 * Issue 5's whole story, in the order-first lifecycle (issue 15): a customer orders BTC, pays with
 * mobile money and says "I have paid", and sees it pending in /history; support approves it in
 * /admin/orders; the customer sees it completed; the email log holds the order confirmation, the
 * admin alert and the status update.
 */
test('a customer buys BTC with mobile money and support approves it', async ({ page, browser, baseURL }) => {
  // The super admin sets up a payment method and the alert address (through the API, as the UI would).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  await expect(admin).toHaveURL(/#\/admin\/dashboard$/);
  const headers = { origin: baseURL! };
  const methodName = `MTN MoMo ${Date.now().toString(36)}`;
  await saveDestination(admin, baseURL!, 'POST', '/api/admin/payment-methods', {
    name: methodName,
    details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241234567' },
  });
  const settings = await admin.request.put('/api/admin/settings', { headers, data: { notificationEmail: 'alerts@e2e.cedicrypto.test' } });
  expect(settings.status()).toBe(200);

  // The customer orders $10 of BTC, then pays and says so on the order page (docs/decisions/014).
  const customer = await signUpInBrowser(page);
  await page.goto('/#/buy');
  await page.getByRole('button', { name: 'USD' }).click();
  await page.getByLabel('Amount to spend (USD)').fill('10');
  await expect(page.getByTestId('quote-countdown')).toBeVisible();
  await page.getByLabel('Wallet address').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await page.getByLabel('Payment method').selectOption({ label: methodName });
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/#\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Pay GHS [\d,]+\.\d\d$/ })).toBeVisible();
  const txId = `MP${Date.now()}`;
  await page.getByLabel('MoMo TxID').fill(txId);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();

  await page.goto('/#/history');
  await expect(page.getByRole('list', { name: 'Your orders' })).toContainText('Pending');
  await page.getByRole('list', { name: 'Your orders' }).getByRole('button').first().click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText('MoMo TxID');
  await expect(details).toContainText(txId);
  await details.getByRole('button', { name: 'Close' }).first().click();

  // Support approves it in Order Management.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);
  await expect(support).toHaveURL(/#\/admin\/dashboard$/);
  await support.goto('/#/admin/orders');
  await support.getByLabel('Search orders').fill(customer.email);
  const row = support.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  // Claim, then pay (docs/decisions/029): Approve waits for support's claim (made here through the API).
  const approveButton = row.getByRole('button', { name: /^Approve/ });
  await expect(approveButton).toBeDisabled();
  const orderNumber = Number(/#(\d+)/.exec((await row.getByRole('button', { name: /^View order #/ }).textContent()) ?? '')?.[1]);
  expect(
    (await support.request.post(`/api/admin/orders/${orderNumber}/claim`, { headers: { origin: new URL(support.url()).origin } })).status(),
  ).toBe(200);
  await expect(row).toContainText('Paying now: you');
  await approveButton.click();
  const confirm = support.getByRole('dialog').filter({ hasText: 'Are you sure you want to mark this order as completed?' });
  await expect(confirm).toBeVisible();
  // Approve records the payout: the hash of the Bitcoin transaction that sent the coins.
  await confirm.getByRole('textbox', { name: 'Payout transaction hash' }).fill(newTxHash());
  // The payment is confirmed with the payout (docs/decisions/038): all of it arrived, with the evidence.
  await expect(confirm.getByRole('textbox', { name: 'Amount received (GHS)' })).not.toHaveValue('');
  await confirm.getByRole('textbox', { name: 'Evidence' }).fill(`MTN statement line ${txId}`);
  await confirm.getByRole('button', { name: /approve|confirm|yes|completed/i }).click();
  await expect(row).toContainText(/completed/i);

  // The customer sees it completed.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your orders' })).toContainText('Completed');

  // The email log has the three emails of the order.
  const emails = (await (await admin.request.get('/api/admin/emails')).json()) as { emails: { to: string; subject: string }[] };
  const subjects = emails.emails.map((e) => `${e.to}: ${e.subject}`);
  expect(subjects.some((s) => s.startsWith(`${customer.email}: Order #`) && s.endsWith('received'))).toBe(true);
  expect(subjects.some((s) => s.startsWith('alerts@e2e.cedicrypto.test: New buy order #'))).toBe(true);
  expect(subjects.some((s) => s.startsWith(`${customer.email}: Order #`) && s.endsWith('completed'))).toBe(true);

  await adminContext.close();
  await supportContext.close();
});

/**
 * Issue #13: a submit whose answer was lost is sent again with the same Idempotency-Key and the
 * same body (the server refuses a known key with another body), so the order is created once even
 * when the form was edited in between. The transaction id, now given on the order page ("I have
 * paid"), is still checked on its field before anything is sent.
 */
test('a buy whose answer is lost is sent again with the same key and body, and placed once', async ({ page, browser, baseURL }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const methodName = `Telecel Cash ${Date.now().toString(36)}`;
  await saveDestination(admin, baseURL!, 'POST', '/api/admin/payment-methods', {
    name: methodName,
    details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0201234567' },
  });
  await adminContext.close();

  await signUpInBrowser(page);
  await page.goto('/#/buy');
  await page.getByRole('button', { name: 'USD' }).click();
  await page.getByLabel('Amount to spend (USD)').fill('5');
  await expect(page.getByTestId('quote-countdown')).toBeVisible();
  await page.getByLabel('Wallet address').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await page.getByLabel('Payment method').selectOption({ label: methodName });

  const sent: { key: string | null; body: string | null }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/orders'))
      sent.push({ key: request.headers()['idempotency-key'] ?? null, body: request.postData() });
  });

  // The first answer is lost on the way back: the server created the order, the browser saw a network error.
  let dropped = false;
  await page.route('**/api/orders', async (route) => {
    if (dropped || route.request().method() !== 'POST') return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit order. Please try again.' }).first()).toBeVisible();

  // The customer adds a note and presses submit again: the same attempt is sent, and answered with its order.
  await page.getByLabel('Notes (optional)').fill('Sent again');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/#\/orders\/\d+$/);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual(sent[0]);
  const orders = (await (await page.request.get('/api/orders')).json()) as { orders: { id: number; notes: string | null }[] };
  expect(orders.orders).toHaveLength(1);
  expect(orders.orders[0]?.notes).toBeNull();
  expect(page.url()).toMatch(new RegExp(`#/orders/${orders.orders[0]?.id}$`));

  // A Cyrillic О in the transaction id: refused on its field, nothing sent.
  const payments: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/orders\/\d+\/payment$/.test(request.url())) payments.push(request.url());
  });
  const txId = page.getByLabel('MoMo TxID');
  await txId.fill(`MP${Date.now()}\u041E`);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(txId).toHaveAttribute('aria-invalid', 'true');
  await expect(txId).toHaveAccessibleDescription(/Enter the transaction ID using only letters A–Z and digits\./);
  expect(payments).toEqual([]);
});
