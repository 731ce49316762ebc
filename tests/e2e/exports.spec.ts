import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { ADMIN_ORDER_EXPORT_COLUMNS, ORDER_HISTORY_EXPORT_COLUMNS, ORDER_HISTORY_EXPORT_HEADERS } from '#shared/contracts/exports.js';
import { csvObjects } from '#test/helpers/csv.js';
import { addMomoMethod, adminLogin, createBuyOrder, serverNow, signUpInBrowser } from './support.js';

/*
 * CSV exports (issue 16 point 7, docs/decisions/015) as a person gets them: a customer buys, the
 * super admin searches Order Management for them and clicks 'Export CSV'; the file the browser
 * saves has the documented header and the order with its exact amounts. The customer downloads
 * their own history for today from /history.
 */

async function downloadedCsv(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { download, text: await readFile(file, 'utf8') };
}

test('Export CSV on Order Management saves the filtered orders; a customer downloads their own history', async ({
  page,
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const methodName = await addMomoMethod(admin, baseURL!, 'Export MoMo');

  const customer = await signUpInBrowser(page);
  const orderId = await createBuyOrder(page, methodName, '100');

  // Staff: the list searched for the customer, then its export.
  await admin.goto(`/#/admin/orders?q=${encodeURIComponent(customer.email)}`);
  await expect(admin.getByRole('button', { name: `View order #${orderId}` })).toBeVisible();
  const staffFile = await downloadedCsv(admin, () => admin.getByRole('button', { name: 'Export CSV' }).click());
  expect(staffFile.download.suggestedFilename()).toMatch(/^cedicrypto-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const staffCsv = csvObjects(staffFile.text);
  expect(staffCsv.header).toEqual([...ADMIN_ORDER_EXPORT_COLUMNS]);
  expect(staffCsv.rows).toHaveLength(1);
  expect(staffCsv.rows[0]).toMatchObject({
    orderId: String(orderId),
    customerName: customer.fullName,
    customerEmail: customer.email,
    type: 'buy',
    status: 'awaiting_payment',
    coin: 'BTC',
    fiatCurrency: 'GHS',
    amountFiat: '100.00',
    amountGhs: '100.00',
    paymentMethod: methodName,
  });
  const api = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    order: { amountCrypto: string; amountUsd: string; unitPriceUsd: string; ghsRate: string; paymentReference: string };
  };
  expect(staffCsv.rows[0]).toMatchObject({
    amountCrypto: api.order.amountCrypto,
    amountUsd: api.order.amountUsd,
    unitPriceUsd: api.order.unitPriceUsd,
    ghsRate: api.order.ghsRate,
    paymentReference: api.order.paymentReference,
  });
  // The export is in the audit log, with the filter it was made with.
  const audit = (await (await admin.request.get('/api/admin/audit?action=order.export')).json()) as {
    entries: { action: string; after: { filter: { q?: string } } }[];
  };
  expect(audit.entries[0]?.after.filter.q).toBe(customer.email);
  await adminContext.close();

  // The customer: their own orders of today (Ghana time is UTC), the server's today (its clock may
  // have been moved forward by an earlier spec).
  await page.goto('/#/history');
  const today = (await serverNow(page)).toISOString().slice(0, 10);
  const exportForm = page.getByRole('region', { name: 'Download as CSV' });
  await exportForm.getByLabel('From').fill(today);
  await exportForm.getByLabel('To').fill(today);
  const ownFile = await downloadedCsv(page, () => exportForm.getByRole('button', { name: 'Download CSV' }).click());
  expect(ownFile.download.suggestedFilename()).toMatch(/^cedicrypto-order-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const ownCsv = csvObjects(ownFile.text);
  // The customer's file in the screen's words, UTC named (issue 26).
  expect(ownCsv.header).toEqual(ORDER_HISTORY_EXPORT_COLUMNS.map((column) => ORDER_HISTORY_EXPORT_HEADERS[column]));
  expect(ownCsv.rows.map((row) => row.Order)).toEqual([String(orderId)]);
  expect(ownCsv.rows[0]).toMatchObject({
    Amount: '100.00',
    'Amount in GHS': '100.00',
    'Crypto amount': api.order.amountCrypto,
    Status: 'Awaiting payment',
  });

  // A backwards range is refused on the page, in words, before anything is asked.
  await exportForm.getByLabel('From').fill('2026-03-02');
  await exportForm.getByLabel('To').fill('2026-03-01');
  await exportForm.getByRole('button', { name: 'Download CSV' }).click();
  await expect(exportForm.getByText('The start date must be on or before the end date.')).toBeVisible();
});
