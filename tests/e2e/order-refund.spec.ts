import { expect, test } from '@playwright/test';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { adminLogin, paidBuyInBrowser } from './support.js';

/*
 * Evidence and refunds in the back office (issue 28 points 2 and 3, docs/decisions/038), at 1366x768:
 * staff confirm what arrived from the order's row (no claim: it moves no money), after which the
 * order can no longer be cancelled; Order Details show what was confirmed; the claimant refunds it
 * with its reference and the reason; the customer's open page on a 360 px phone says what went
 * back, where, its reference and the reason, without a reload.
 */

test('a paid order is confirmed from the row, refunded from Order Details, and the customer sees the refund', async ({
  browser,
  baseURL,
}) => {
  const staffContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await staffContext.newPage();
  await adminLogin(admin);
  const { orderId, phone, context } = await paidBuyInBrowser(browser, admin, baseURL!, {
    amountGhs: '50',
    methodPrefix: 'Refund MoMo',
    payerNumber: '0244555000',
  });

  await admin.goto(`/#/admin/orders?q=%23${orderId}`);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('button', { name: `View order #${orderId}` }) });
  await row.getByRole('button', { name: `Confirm payment of order #${orderId}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirm.getByLabel('Amount received (GHS)')).toHaveValue('50.00');
  await expect(confirm.getByLabel('Evidence from')).toHaveValue('statement_line');
  await confirm.getByRole('button', { name: 'Confirm payment' }).click();
  const evidence = confirm.getByRole('textbox', { name: 'Evidence' });
  await expect(evidence).toHaveAccessibleDescription(new RegExp(ORDER_MSG.evidenceRequired.replace(/[.:]/g, '.')));
  await evidence.fill('MTN statement: GHS 50.00 from 0244555000');
  await expect(confirm.getByRole('button', { name: 'Confirm payment' })).toBeInViewport();
  await confirm.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('Payment confirmed');
  // Its money arrived: it is refunded, never cancelled.
  await expect(row.getByRole('button', { name: `Cancel order #${orderId}` })).toHaveCount(0);
  await expect(phone.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible();

  // Order Details: what was confirmed, by whom; Refund waits for the claim like Approve.
  await row.getByRole('button', { name: `View order #${orderId}` }).click();
  const details = admin.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText('MTN statement: GHS 50.00 from 0244555000');
  await expect(details).toContainText('Super Admin');
  await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const refund = details.getByRole('button', { name: 'Refund', exact: true });
  await expect(refund).toBeDisabled();
  await details.getByRole('button', { name: 'Claim to pay out' }).click();
  await expect(refund).toBeEnabled();
  await refund.click();
  const dialog = admin.getByRole('dialog', { name: 'Refund order' });
  await expect(dialog).toContainText('Are you sure you want to mark this order as refunded?');
  const reference = `RF${Date.now()}`;
  await dialog.getByLabel('Refund reference').fill(reference);
  await dialog.getByLabel('Reason the customer sees').fill('We could not buy the coins at the quoted price.');
  await expect(dialog.getByRole('button', { name: 'Refund order' })).toBeInViewport();
  await dialog.getByRole('button', { name: 'Refund order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(details).toHaveCount(0);
  await expect(row).toContainText('Refunded');

  // The customer's open page, never reloaded, at 360 px.
  await expect(phone.getByRole('heading', { name: 'Order refunded' })).toBeVisible();
  await expect(phone.getByText(ORDER_MSG.refundedTo('GHS 50.00', 'the number you paid from (0244555000)'))).toBeVisible();
  await expect(phone.getByText(reference)).toBeVisible();
  await expect(phone.getByText('Reason: We could not buy the coins at the quoted price.')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await staffContext.close();
  await context.close();
});
