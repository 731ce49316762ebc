import { expect, test, type Page, type Route } from '@playwright/test';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import { adminLogin } from './support.js';

/*
 * /admin/orders and /admin/dashboard as the seeded super admin. The e2e server has no payment
 * method or coin wallet yet, so real orders cannot be placed here: the list is checked against
 * whatever the server holds (often nothing), and the row actions against answers served by
 * page.route. The full customer-buys -> support-approves flow belongs to the lead's test.
 */

async function loginAsSuperAdmin(page: Page) {
  await adminLogin(page);
  await expect(page).toHaveURL(/#\/admin\/dashboard$/);
}

/** The search params of the hash route ('#/admin/orders?status=pending' -> status=pending). */
function hashParams(page: Page): URLSearchParams {
  const hash = new URL(page.url()).hash;
  const index = hash.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : hash.slice(index + 1));
}

function header(page: Page, name: string) {
  return page.getByRole('columnheader', { name, exact: true });
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).last();
}

test('/admin/orders: filters, sorting and Clear Filters live in the URL', async ({ page }) => {
  await loginAsSuperAdmin(page);
  await page.goto('/#/admin/orders');
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();

  const search = page.getByLabel('Search orders');
  await expect(search).toHaveAttribute('placeholder', 'Search by customer, email, order ID or transaction ID');
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['All', 'Pending', 'Completed', 'Cancelled']);
  await expect(page.getByLabel('Start date')).toHaveAttribute('type', 'date');
  await expect(page.getByLabel('End date')).toHaveAttribute('type', 'date');

  // Rows or the empty state, never an endless spinner.
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByText('No orders yet.').or(table.getByRole('button', { name: /^View order #\d+$/ }).first())).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

  // Default: newest first.
  await expect(header(page, 'Date')).toHaveAttribute('aria-sort', 'descending');
  await expect(header(page, 'ID')).not.toHaveAttribute('aria-sort', /.*/);

  // First click ascending, again flips; the sort is in the URL.
  await header(page, 'ID').getByRole('button').click();
  await expect(header(page, 'ID')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Date')).not.toHaveAttribute('aria-sort', /.*/);
  expect(hashParams(page).get('sort')).toBe('id');
  expect(hashParams(page).get('dir')).toBe('asc');
  await header(page, 'ID').getByRole('button').click();
  await expect(header(page, 'ID')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => hashParams(page).get('dir')).toBe('desc');
  await header(page, 'Amount').getByRole('button').click();
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'ascending');

  // Search is debounced: one request for the typed text, not one per key.
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/admin/orders' && url.searchParams.get('q')) searches.push(url.searchParams.get('q')!);
  });
  await search.pressSequentially('nobody-e2e', { delay: 20 });
  await expect.poll(() => hashParams(page).get('q')).toBe('nobody-e2e');
  await expect(table.getByText('No orders match your filters.')).toBeVisible();
  expect(searches).toEqual(['nobody-e2e']);

  await page.getByLabel('Status').selectOption('pending');
  await page.getByLabel('Start date').fill('2024-01-01');
  await page.getByLabel('End date').fill('2024-01-31');
  await expect
    .poll(() => hashParams(page).toString())
    .toBe('q=nobody-e2e&status=pending&from=2024-01-01&to=2024-01-31&sort=amountFiat&dir=asc');

  // A reload keeps everything (it is all in the URL).
  await page.reload();
  await expect(page.getByLabel('Search orders')).toHaveValue('nobody-e2e');
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await expect(page.getByLabel('Start date')).toHaveValue('2024-01-01');
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect.poll(() => hashParams(page).toString()).toBe('');
  await expect(page).toHaveURL(/#\/admin\/orders$/);
  await expect(page.getByLabel('Search orders')).toHaveValue('');
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(page.getByLabel('Start date')).toHaveValue('');
  await expect(page.getByLabel('End date')).toHaveValue('');
  await expect(header(page, 'Date')).toHaveAttribute('aria-sort', 'descending');
  await expect(header(page, 'Amount')).not.toHaveAttribute('aria-sort', /.*/);
});

const PENDING_BUY: TAdminOrder = {
  id: 9001,
  type: 'buy',
  coinSymbol: 'btc',
  amountCrypto: '0.00150000',
  amountFiat: '1500.00',
  fiatCurrency: 'GHS',
  amountUsd: '90.91',
  unitPriceUsd: '60606.06',
  paymentMethod: 'MTN MoMo',
  paymentTxId: 'MP240101.1234.A56789XYZ',
  paymentReference: null,
  deadlineAt: null,
  submittedAt: null,
  payerNumber: null,
  payerName: null,
  payoutReference: null,
  cancelReason: null,
  decidedAt: null,
  walletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  network: null,
  destinationTag: null,
  payout: null,
  notes: 'Please be quick',
  status: 'payment_submitted',
  createdAt: '2024-03-05T14:30:00.000Z',
  userId: 'user-1',
  customerName: 'Kwame Mensah',
  customerEmail: 'kwame@example.com',
  customerPhone: '0241234567',
};

const COMPLETED_SELL: TAdminOrder = {
  ...PENDING_BUY,
  id: 9000,
  type: 'sell',
  coinSymbol: 'eth',
  amountCrypto: '0',
  amountFiat: '200.00',
  fiatCurrency: 'USD',
  amountUsd: '200.00',
  paymentTxId: '0xabc123def4567890',
  paymentReference: null,
  deadlineAt: null,
  submittedAt: null,
  payerNumber: null,
  payerName: null,
  payoutReference: null,
  cancelReason: null,
  decidedAt: null,
  walletAddress: null,
  payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Owusu', number: '0551234567' },
  notes: null,
  status: 'completed',
  customerName: 'Ama Owusu',
  customerEmail: 'ama@example.com',
  customerPhone: null,
};

/** Serves the admin order endpoints from memory: a list, one order, and approve/cancel answers. */
async function serveOrders(page: Page, options: { onCancel?: 'conflict' } = {}) {
  const orders = new Map([PENDING_BUY, COMPLETED_SELL].map((order) => [order.id, { ...order }]));
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(/\/api\/admin\/orders(\/\d+(\/(approve|cancel))?)?(\?.*)?$/, async (route) => {
    const url = new URL(route.request().url());
    const match = /^\/api\/admin\/orders(?:\/(\d+)(?:\/(approve|cancel))?)?$/.exec(url.pathname);
    if (!match) return route.continue();
    const [, id, action] = match;
    if (!id) {
      const list = [...orders.values()].sort((a, b) => b.id - a.id);
      return json(route, 200, { orders: list, total: list.length, page: 1, pageSize: 20 });
    }
    const order = orders.get(Number(id));
    if (!order) return json(route, 404, { error: { code: 'NOT_FOUND', message: 'Order not found.' } });
    if (action === 'cancel' && options.onCancel === 'conflict') {
      order.status = 'completed';
      return json(route, 409, { error: { code: 'ORDER_ALREADY_DECIDED', message: 'This order has already been processed.' } });
    }
    if (action) order.status = action === 'approve' ? 'completed' : 'cancelled';
    return json(route, 200, { order });
  });
}

test('/admin/orders rows: details, Approve after the exact confirmation, and a 409 when someone else was first', async ({ page }) => {
  await loginAsSuperAdmin(page);
  await serveOrders(page, { onCancel: 'conflict' });
  await page.goto('/#/admin/orders');

  const pendingRow = page.getByRole('row').filter({ hasText: '#9001' });
  await expect(pendingRow).toContainText('BUY BTC');
  await expect(pendingRow).toContainText('Kwame Mensah');
  await expect(pendingRow).toContainText('kwame@example.com');
  await expect(pendingRow).toContainText('GHS 1,500.00');
  await expect(pendingRow).toContainText('0.00150000 BTC');
  // The payment transaction id shortened to 12 characters.
  await expect(pendingRow.getByTitle('MP240101.1234.A56789XYZ')).toHaveText('MoMo TxID: MP2401…89XYZ');
  await expect(pendingRow).toContainText('Pending');
  const doneRow = page.getByRole('row').filter({ hasText: '#9000' });
  await expect(doneRow).toContainText('SELL ETH');
  await expect(doneRow).toContainText('No actions');
  await expect(doneRow.getByRole('button', { name: /Approve|Cancel/ })).toHaveCount(0);

  // Clicking the row opens the details.
  await doneRow.getByText('Ama Owusu').click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText('#9000');
  await expect(details).toContainText('On-chain TxID');
  await expect(details).toContainText('0xabc123def4567890');
  // Effective rate is 0 when the crypto amount is 0.
  await expect(details.getByText('$0.00 per ETH', { exact: true })).toBeVisible();
  await expect(details).toContainText('Ama Owusu');
  await expect(details).toContainText('0551234567');
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(details).toBeHidden();

  await pendingRow.getByRole('button', { name: 'View order #9001' }).click();
  await expect(details).toContainText('MoMo TxID');
  await expect(details).toContainText('MP240101.1234.A56789XYZ');
  await expect(details).toContainText('0.00150000 BTC');
  await expect(details).toContainText('GHS 1,500.00');
  await expect(details.getByText('GHS 1,000,000.00 per BTC', { exact: true })).toBeVisible();
  await expect(details).toContainText('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await expect(details).toContainText('0241234567');
  await expect(details).toContainText('Please be quick');
  // A decision asked from the details opens over them: both dialogs are there, the details behind.
  await details.getByRole('button', { name: 'Approve order' }).click();
  const overDetails = page.getByRole('dialog', { name: 'Approve order' });
  await expect(overDetails).toHaveAccessibleDescription('Are you sure you want to mark this order as completed?');
  await expect(details).toBeVisible();
  // Escape closes only the one on top, and the details are there again to act on.
  await page.keyboard.press('Escape');
  await expect(overDetails).toBeHidden();
  await expect(details).toBeVisible();
  await expect(details).toContainText('#9001');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Approve: the product's question, then the row is completed.
  await pendingRow.getByRole('button', { name: 'Approve order #9001' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve order' });
  await expect(confirm).toHaveAccessibleDescription('Are you sure you want to mark this order as completed?');
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(confirm).toBeHidden();
  await pendingRow.getByRole('button', { name: 'Cancel order #9001' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(cancel).toHaveAccessibleDescription('Are you sure you want to mark this order as cancelled?');
  // Another staff member approved it meanwhile: the server's 409 message, and the list is re-read.
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'This order has already been processed.')).toBeVisible();
  await expect(cancel).toBeHidden();
  await expect(pendingRow).toContainText('Completed');
  await expect(pendingRow).toContainText('No actions');
});

test('/admin/orders: Approve from the row marks the order completed', async ({ page }) => {
  await loginAsSuperAdmin(page);
  await serveOrders(page);
  await page.goto('/#/admin/orders');
  const row = page.getByRole('row').filter({ hasText: '#9001' });
  await row.getByRole('button', { name: 'Approve order #9001' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve order' });
  await confirm.getByRole('button', { name: 'Approve order' }).click();
  await expect(toast(page, 'Order #9001 marked as completed.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('No actions');
});

test('/admin/dashboard shows the four figures, the 7-day chart and the recent orders', async ({ page }) => {
  await loginAsSuperAdmin(page);
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const figure = (label: string) => page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Total Users')).toHaveText(/^\d[\d,]*$/);
  await expect(figure('Pending Orders')).toHaveText(/^\d[\d,]*$/);
  await expect(figure('Total Volume (USD)')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await expect(figure('Total Volume (GHS)')).toHaveText(/^GHS \d[\d,]*\.\d{2}$/);

  const chart = page.getByRole('img', { name: /^Completed volume over the last 7 days, in US dollars\./ });
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('volume-bar')).toHaveCount(7);
  await expect(chart).toHaveAccessibleName(/Total \$\d[\d,]*\.\d{2}\.$/);

  await expect(page.getByRole('heading', { name: 'Recent orders' })).toBeVisible();
  await page.getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL(/#\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();

  // /admin shows the same dashboard.
  await page.goto('/#/admin');
  await expect(page.getByRole('img', { name: /^Completed volume over the last 7 days/ })).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the orders table scrolls inside its card; the page does not scroll sideways', async ({ page }) => {
    await loginAsSuperAdmin(page);
    await serveOrders(page);
    await page.goto('/#/admin/orders');
    await expect(page.getByRole('row').filter({ hasText: '#9001' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The table is wider than the phone and scrolls inside its own card instead.
    const card = page.getByRole('table', { name: 'Orders' }).locator('xpath=..');
    expect(await card.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    await page.goto('/#/admin/dashboard');
    await expect(page.getByRole('img', { name: /^Completed volume over the last 7 days/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
