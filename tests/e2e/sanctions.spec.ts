import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoPageOverflow } from './page-checks.js';
import { addMomoMethod, adminLogin, createBuyOrder, E2E_STAFF, signUpInBrowser } from './support.js';

/*
 * Sanctions screening end to end (issue 34 point 2, docs/decisions/075): the server loaded the
 * shipped OFAC copy at its first start; a customer's BTC buy to an address on that list is held
 * like any compliance hold (the customer's page says nothing of why: tipping off), and the
 * compliance officer sees the alert of its own kind with the listed entry, the list and its date.
 */

/** A Bitcoin address of the OFAC SDN list's digital currency addresses (src/server/modules/sanctions/lists/ofac-sdn-2024-09-27.json). */
const LISTED_BTC_ADDRESS = '123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX';

test('a buy to a listed address is held without a word to the customer, and compliance sees the list entry', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const methodName = await addMomoMethod(admin, baseURL!, 'Screened MoMo');

  const customerContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const customer = await customerContext.newPage();
  const user = await signUpInBrowser(customer);
  // GHS 300: under every other threshold (large order, Travel Rule), so the sanctions hold is the only one.
  const orderId = await createBuyOrder(customer, methodName, '300', LISTED_BTC_ADDRESS);
  await customer.getByLabel('MoMo TxID').fill(`MP${Date.now()}`);
  await customer.getByRole('button', { name: 'I have paid' }).click();
  await expect(customer.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();
  await expect(customer.getByText(/sanction|compliance|on hold|OFAC/i)).toHaveCount(0);
  await expectNoPageOverflow(customer);

  // Held: staff see a compliance hold on the order, as for any rule.
  await admin.goto(`/#/admin/orders?q=%23${orderId}`);
  const orderRow = admin.getByRole('row').filter({ has: admin.getByRole('button', { name: `View order #${orderId}` }) });
  await expect(orderRow).toContainText('On compliance hold');

  // The compliance officer sees why.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await adminLogin(officer, E2E_STAFF.compliance.email, E2E_STAFF.compliance.password);
  await officer.goto('/#/admin/compliance');
  const alertRow = officer.getByRole('table', { name: 'Compliance alerts' }).getByRole('row').filter({ hasText: user.email });
  await expect(alertRow).toHaveCount(1);
  await expect(alertRow).toContainText('Sanctions list match');
  await expect(alertRow).toContainText(`Holds order #${orderId}`);
  await alertRow.getByRole('button', { name: /^Review alert #\d+$/ }).click();
  const dialog = officer.getByRole('dialog', { name: /^Alert #\d+$/ });
  await expect(dialog).toContainText(LISTED_BTC_ADDRESS);
  await expect(dialog).toContainText('OFAC SDN list');
  await expect(dialog).toContainText('2024-09-27');
  await expectNoAxeViolations(officer, 'a sanctions alert');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The Sanctions view names the list in force, with its date.
  await officer.getByRole('group', { name: 'Compliance view' }).getByRole('button', { name: 'Sanctions' }).click();
  const lists = officer.getByRole('table', { name: 'Sanctions lists' });
  await expect(lists.getByRole('row').filter({ hasText: '2024-09-27' })).toContainText('In force');

  await Promise.all([adminContext.close(), customerContext.close(), officerContext.close()]);
});
