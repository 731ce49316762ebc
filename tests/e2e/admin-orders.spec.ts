import { expect, test, type Page, type Route, type WebSocketRoute } from '@playwright/test';
import type { TAdminOrder, TAdminOrderEvent } from '#shared/contracts/orders.js';
import { buildAdminOrder } from '#test/helpers/order-fixtures.js';
import { adminLogin } from './support.js';

/*
 * /admin/orders and /admin/dashboard as the seeded super admin. The e2e server has no payment
 * method or deposit address yet, so real orders cannot be placed here: the list is checked
 * against whatever the server holds (often nothing), and the row actions, the details and the
 * live updates against answers served by page.route and page.routeWebSocket. The full
 * customer-buys -> support-approves flow belongs to the lead's test.
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
  await expect(search).toHaveAttribute('placeholder', 'Search by customer, email, order ID, transaction ID or payer number');
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(page.getByLabel('Status').locator('option')).toHaveText([
    'All',
    'Pending',
    'Awaiting customer',
    'Completed',
    'Cancelled',
    'Expired',
    'Refunded',
  ]);
  await expect(page.getByLabel('Start date')).toHaveAttribute('type', 'date');
  await expect(page.getByLabel('End date')).toHaveAttribute('type', 'date');

  // Rows or the empty state, never an endless spinner.
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByText('No orders yet.').or(table.getByRole('button', { name: /^View order #\d+$/ }).first())).toBeVisible();
  // 'Page X of Y' only when there is more than one page (docs/product.md §2): never 'Page 1 of 1'.
  await expect(page.getByText('Page 1 of 1', { exact: true })).toHaveCount(0);

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

  // "Needs action" is a preset of the same filter: submitted orders, oldest payment first, in the URL.
  const views = page.getByRole('group', { name: 'Orders view' });
  const needsAction = views.getByRole('button', { name: /^Needs action/ });
  const allOrders = views.getByRole('button', { name: 'All orders' });
  await expect(allOrders).toHaveAttribute('aria-pressed', 'true');
  await expect(needsAction).toHaveAttribute('aria-pressed', 'false');
  await needsAction.click();
  await expect.poll(() => hashParams(page).toString()).toBe('status=pending&sort=submittedAt&dir=asc');
  await expect(needsAction).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await expect(
    table.getByText('No orders need action.').or(table.getByRole('button', { name: /^View order #\d+$/ }).first()),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Orders view' }).getByRole('button', { name: /^Needs action/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('group', { name: 'Orders view' }).getByRole('button', { name: 'All orders' }).click();
  await expect.poll(() => hashParams(page).toString()).toBe('');
  await expect(page.getByLabel('Status')).toHaveValue('all');
});

const MINUTE_MS = 60_000;
const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const EVM_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
/** A 1 x 1 PNG: the payment screenshot the details show. */
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const PENDING_BUY = buildAdminOrder({
  ghsRate: '16.50',
  hasProof: true,
  deadlineAt: '2024-03-05T15:00:00.000Z',
  // Set when served: two hours and five and a half minutes before.
  submittedAt: null,
  payerNumber: '0247654321',
  payerName: 'Kwame Mensah',
  notes: 'Please be quick',
  createdAt: '2024-03-05T14:30:00.000Z',
  customerPhone: '0241234567',
});

const COMPLETED_SELL = buildAdminOrder({
  ...PENDING_BUY,
  id: 9000,
  type: 'sell',
  coinSymbol: 'eth',
  amountCrypto: '0',
  amountFiat: '200.00',
  fiatCurrency: 'USD',
  amountUsd: '200.00',
  amountGhs: '3300.00',
  unitPriceUsd: '3070.12',
  unitPriceFiat: '3070.12',
  payTo: null,
  depositTo: { network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', tag: null, perOrder: false },
  hasProof: false,
  paymentTxId: EVM_HASH,
  paymentReference: 'CCH4PW9R',
  deadlineAt: '2024-03-05T15:30:00.000Z',
  submittedAt: '2024-03-05T14:40:00.000Z',
  payerNumber: null,
  payerName: null,
  payoutReference: 'MP240305.1502.C11223',
  cancelReason: null,
  decidedAt: '2024-03-05T15:02:00.000Z',
  walletAddress: null,
  network: 'ERC20',
  payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Owusu', number: '0551234567' },
  notes: null,
  status: 'completed',
  customerName: 'Ama Owusu',
  customerEmail: 'ama@example.com',
  customerPhone: null,
});

/** The staff timeline of a mocked order: created, paid or sent, and the decision with the staff member's name. */
function timelineOf(order: TAdminOrder): TAdminOrderEvent[] {
  const event = { paymentTxId: null, previousPaymentTxId: null, payoutReference: null, reason: null, staffName: null };
  const awaiting = order.type === 'buy' ? 'awaiting_payment' : 'awaiting_deposit';
  const submitted = order.type === 'buy' ? 'payment_submitted' : 'deposit_submitted';
  const events: TAdminOrderEvent[] = [{ ...event, at: order.createdAt, from: null, to: awaiting, actor: 'customer' }];
  if (order.submittedAt)
    events.push({ ...event, at: order.submittedAt, from: awaiting, to: submitted, actor: 'customer', paymentTxId: order.paymentTxId });
  if (order.status === 'completed' || order.status === 'cancelled')
    events.push({
      ...event,
      at: order.decidedAt ?? order.createdAt,
      from: submitted,
      to: order.status,
      actor: 'staff',
      staffName: 'Akua Boateng',
      payoutReference: order.payoutReference,
      reason: order.cancelReason,
    });
  return events;
}

type TServedOrders = {
  orders: Map<number, TAdminOrder>;
  /** The decision bodies sent, in order: 'approve 9001 {...}'. */
  decisions: string[];
  proofViews: number;
};

/**
 * Serves the admin order endpoints from memory: the list (its status filter applied), one
 * order's details, the payment screenshot, the "Needs action" count, and approve/cancel answers.
 */
async function serveOrders(page: Page, options: { onCancel?: 'conflict' } = {}): Promise<TServedOrders> {
  const submittedAt = new Date(Date.now() - 125.5 * MINUTE_MS).toISOString();
  // Claim, then pay (docs/decisions/029): the signed-in super admin holds the pending order's claim.
  // (None when the test signs in after serving: it decides nothing.)
  const me = ((await (await page.request.get('/api/session')).json()) as { user: { id: string } | null }).user?.id;
  const claim = me
    ? {
        staffId: me,
        staffName: 'Super Admin',
        claimedAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }
    : null;
  const served: TServedOrders = {
    orders: new Map([{ ...PENDING_BUY, submittedAt, claim }, { ...COMPLETED_SELL }].map((order) => [order.id, order])),
    decisions: [],
    proofViews: 0,
  };
  const { orders } = served;
  const isSubmitted = (order: TAdminOrder) => order.status === 'payment_submitted' || order.status === 'deposit_submitted';
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(/\/api\/admin\/orders(\/[^/?]+(\/[a-z]+)?)?(\?.*)?$/, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/admin/orders/needs-action') {
      const waiting = [...orders.values()].filter(isSubmitted).map((order) => order.submittedAt ?? order.createdAt);
      return json(route, 200, { count: waiting.length, oldestSubmittedAt: waiting.sort()[0] ?? null });
    }
    const match = /^\/api\/admin\/orders(?:\/(\d+)(?:\/(approve|cancel|proof))?)?$/.exec(url.pathname);
    if (!match) return route.continue();
    const [, id, action] = match;
    if (!id) {
      const status = url.searchParams.get('status');
      const list = [...orders.values()]
        .filter((order) => status !== 'pending' || isSubmitted(order))
        .sort((a, b) => (url.searchParams.get('sort') === 'submittedAt' ? 0 : b.id - a.id));
      return json(route, 200, { orders: list, total: list.length, page: 1, pageSize: 20 });
    }
    const order = orders.get(Number(id));
    if (!order) return json(route, 404, { error: { code: 'NOT_FOUND', message: 'Order not found.' } });
    if (action === 'proof') {
      served.proofViews += 1;
      return route.fulfill({ status: 200, contentType: 'image/png', body: PROOF_PNG });
    }
    if (!action) {
      const customer =
        order.id === PENDING_BUY.id
          ? { kycStatus: 'unverified', tier: 0, remainingLimitUsd: '9.09', leftTodayGhs: null, leftThisMonthGhs: null }
          : { kycStatus: 'verified', tier: 1, remainingLimitUsd: null, leftTodayGhs: '3500.00', leftThisMonthGhs: '41000.50' };
      return json(route, 200, { order, customer, timeline: timelineOf(order) });
    }
    const body = route.request().postDataJSON() as { payoutReference?: string; reason?: string };
    served.decisions.push(`${action} ${id} ${JSON.stringify(body)}`);
    if (action === 'cancel' && options.onCancel === 'conflict') {
      order.status = 'completed';
      return json(route, 409, { error: { code: 'ORDER_ALREADY_DECIDED', message: 'This order has already been processed.' } });
    }
    if (action === 'approve')
      Object.assign(order, { status: 'completed', payoutReference: body.payoutReference, decidedAt: new Date().toISOString() });
    else Object.assign(order, { status: 'cancelled', cancelReason: body.reason, decidedAt: new Date().toISOString() });
    return json(route, 200, { order });
  });
  return served;
}

test('/admin/orders rows: details, Approve after the exact confirmation, and a 409 when someone else was first', async ({ page }) => {
  await loginAsSuperAdmin(page);
  const served = await serveOrders(page, { onCancel: 'conflict' });
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
  // How long it has waited since the customer paid.
  await expect(pendingRow).toContainText('Waiting 2 h 5 min');
  const doneRow = page.getByRole('row').filter({ hasText: '#9000' });
  await expect(doneRow).toContainText('SELL ETH');
  await expect(doneRow).toContainText('No actions');
  await expect(doneRow).not.toContainText('Waiting');
  await expect(doneRow.getByRole('button', { name: /Approve|Cancel/ })).toHaveCount(0);

  // Clicking the row opens the details.
  await doneRow.getByText('Ama Owusu').click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText('#9000');
  await expect(details).toContainText('On-chain TxID');
  await expect(details).toContainText(EVM_HASH);
  // The effective rate is the quote's unit price, the customer's figure (issue 26 point 10), also with no coins.
  await expect(details.getByText('$3,070.12 per ETH', { exact: true })).toBeVisible();
  await expect(details).toContainText('Ama Owusu');
  await expect(details).toContainText('0551234567');
  // A sell: where the coins were to go, the deposit on the explorer, the payout reference.
  await expect(details).toContainText('Ethereum (ERC20)');
  await expect(details).toContainText('0x52908400098527886E0F7030069857D2E4169EE7');
  const deposit = details.getByRole('link', { name: /View the deposit on the explorer/ });
  await expect(deposit).toHaveAttribute('href', `https://etherscan.io/tx/${EVM_HASH}`);
  await expect(deposit).toHaveAttribute('target', '_blank');
  await expect(details).toContainText('MP240305.1502.C11223');
  await expect(details.getByRole('img', { name: /Payment screenshot/ })).toHaveCount(0);
  // A verified customer's limit: the tier and the cedis left today and this month.
  await expect(details).toContainText('Tier 1: GHS 3,500.00 left today, GHS 41,000.50 left this month');
  // The timeline names the staff member who decided.
  const timeline = details.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline).toContainText('By Akua Boateng');
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(details).toBeHidden();

  await pendingRow.getByRole('button', { name: 'View order #9001' }).click();
  await expect(details).toContainText('MoMo TxID');
  await expect(details).toContainText('MP240101.1234.A56789XYZ');
  await expect(details).toContainText('0.00150000 BTC');
  await expect(details).toContainText('GHS 1,500.00');
  await expect(details.getByText('GHS 999,999.99 per BTC', { exact: true })).toBeVisible();
  await expect(details).toContainText('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await expect(details).toContainText('0241234567');
  await expect(details).toContainText('Please be quick');
  // What staff check before deciding (docs/decisions/014).
  const fact = (label: string) =>
    details
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(fact('KYC status')).toHaveText('KYC status: Unverified');
  await expect(fact('Remaining limit')).toHaveText('$9.09');
  await expect(fact('Payment reference')).toHaveText('CC7KQ2MX');
  await expect(fact('Locked price')).toHaveText('$60,606.06 per BTC at GHS 16.5 per US dollar');
  await expect(fact('GHS amount')).toHaveText('GHS 1,500.00');
  await expect(fact('Deadline')).toHaveText(/^5 Mar 2024, 15:00$/);
  await expect(fact('Submitted at')).toContainText('(waiting 2 h 5 min)');
  await expect(fact('Payer number')).toHaveText('0247654321');
  await expect(fact('Payer name')).toHaveText('Kwame Mensah');
  await expect(fact('Pay-to account')).toContainText('CediCrypto Ltd');
  await expect(fact('Pay-to account')).toContainText('0241112222');
  // The screenshot, loaded from the audited route, opens full size in a new tab.
  const proof = details.getByRole('img', { name: 'Payment screenshot of order #9001' });
  await expect(proof).toBeVisible();
  expect(await proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  const proofLink = details.getByRole('link', { name: /Payment screenshot of order #9001/ });
  await expect(proofLink).toHaveAttribute('href', '/api/admin/orders/9001/proof');
  await expect(proofLink).toHaveAttribute('target', '_blank');
  expect(served.proofViews).toBeGreaterThanOrEqual(1);
  await expect(details.getByRole('list', { name: 'Order timeline' }).getByRole('listitem')).toHaveCount(2);

  // A decision asked from the details opens over them: both dialogs are there, the details behind.
  await details.getByRole('button', { name: 'Approve order' }).click();
  const overDetails = page.getByRole('dialog', { name: 'Approve order' });
  await expect(overDetails).toHaveAccessibleDescription('Are you sure you want to mark this order as completed?');
  // A submitted order's approval confirms what arrived first (docs/decisions/038): its first field takes the focus.
  await expect(overDetails.getByLabel('Amount received (GHS)')).toBeFocused();
  await expect(overDetails.getByLabel('Amount received (GHS)')).toHaveValue('1500.00');
  await expect(details).toBeVisible();
  // Escape closes only the one on top, and the details are there again to act on.
  await page.keyboard.press('Escape');
  await expect(overDetails).toBeHidden();
  await expect(details).toBeVisible();
  await expect(details).toContainText('#9001');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Approve: the product's question; Go back sends nothing.
  await pendingRow.getByRole('button', { name: 'Approve order #9001' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve order' });
  await expect(confirm).toHaveAccessibleDescription('Are you sure you want to mark this order as completed?');
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(confirm).toBeHidden();
  // Cancel asks for the reason the customer is told.
  await pendingRow.getByRole('button', { name: 'Cancel order #9001' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(cancel).toHaveAccessibleDescription('Are you sure you want to mark this order as cancelled?');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel.getByLabel('Reason')).toHaveAccessibleDescription(/Tell the customer why the order is cancelled\./);
  await expect(cancel.getByLabel('Reason')).toBeFocused();
  expect(served.decisions).toEqual([]);
  await cancel.getByLabel('Reason').fill('No payment arrived with this reference.');
  // Another staff member approved it meanwhile: the product's 409 message, and the list is re-read.
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'This order has already been processed.')).toBeVisible();
  await expect(cancel).toBeHidden();
  expect(served.decisions).toEqual(['cancel 9001 {"reason":"No payment arrived with this reference."}']);
  await expect(pendingRow).toContainText('Completed');
  await expect(pendingRow).toContainText('No actions');
});

test('/admin/orders: Approve from the row asks for the payout hash, checks it for the network, and marks the order completed', async ({
  page,
}) => {
  await loginAsSuperAdmin(page);
  const served = await serveOrders(page);
  await page.goto('/#/admin/orders');
  const row = page.getByRole('row').filter({ hasText: '#9001' });
  await row.getByRole('button', { name: 'Approve order #9001' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve order' });
  const hash = confirm.getByLabel('Payout transaction hash');
  // An Ethereum hash for a Bitcoin payout: refused in the browser, nothing sent.
  await hash.fill(EVM_HASH);
  await confirm.getByRole('button', { name: 'Approve order' }).click();
  await expect(hash).toHaveAttribute('aria-invalid', 'true');
  await expect(hash).toHaveAccessibleDescription(/Enter the transaction hash of the payout on Bitcoin\./);
  expect(served.decisions).toEqual([]);
  await hash.fill(BTC_HASH);
  await confirm.getByRole('button', { name: 'Approve order' }).click();
  // The evidence of the payment is required with it.
  await expect(confirm.getByLabel('Evidence', { exact: true })).toHaveAccessibleDescription(/Enter the evidence/);
  expect(served.decisions).toEqual([]);
  await confirm.getByLabel('Evidence', { exact: true }).fill('MTN statement line 09:08');
  await confirm.getByRole('button', { name: 'Approve order' }).click();
  await expect(toast(page, 'Order #9001 marked as completed.')).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(served.decisions).toEqual([
    `approve 9001 ${JSON.stringify({
      payoutReference: BTC_HASH,
      confirmation: { amountReceived: '1500.00', evidenceKind: 'statement_line', evidence: 'MTN statement line 09:08' },
    })}`,
  ]);
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('No actions');
});

test('/admin/orders: a new payment arrives without a reload, in Needs action, on the menu and in the tab title', async ({ page }) => {
  // The order socket is served here too, so this page hears what the test pushes.
  let socket: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/api\/admin\/orders\/socket$/, (route) => {
    socket = route;
  });
  const served = await serveOrders(page);
  await loginAsSuperAdmin(page);
  const ordersItem = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Orders/ });
  await expect(ordersItem).toHaveAccessibleName('Orders 1 need action');
  await expect(page).toHaveTitle(/^\(1\) /);

  await page.goto('/#/admin/orders?status=pending&sort=submittedAt&dir=asc');
  await expect(page).toHaveTitle('(1) Order Management · CediCrypto');
  await expect(page.getByRole('group', { name: 'Orders view' }).getByRole('button', { name: /^Needs action/ })).toHaveAccessibleName(
    'Needs action 1 order',
  );
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('button', { name: /^View order #\d+$/ })).toHaveCount(1);
  await expect.poll(() => socket !== undefined).toBe(true);

  // A customer says "I have paid": the server pushes the change.
  const now = new Date().toISOString();
  served.orders.set(9002, { ...PENDING_BUY, id: 9002, submittedAt: now, createdAt: now, customerName: 'Yaw Darko', hasProof: false });
  socket?.send(JSON.stringify({ type: 'order', orderId: 9002, status: 'payment_submitted' }));
  await expect(table.getByRole('row').filter({ hasText: '#9002' })).toContainText('Waiting under 1 min');
  await expect(table.getByRole('button', { name: /^View order #\d+$/ })).toHaveCount(2);
  await expect(ordersItem).toHaveAccessibleName('Orders 2 need action');
  await expect(page).toHaveTitle('(2) Order Management · CediCrypto');

  // Another staff member decides one: it leaves the view, and the counts follow.
  Object.assign(served.orders.get(9001) ?? {}, { status: 'completed' });
  socket?.send(JSON.stringify({ type: 'order', orderId: 9001, status: 'completed' }));
  await expect(table.getByRole('button', { name: /^View order #\d+$/ })).toHaveCount(1);
  await expect(ordersItem).toHaveAccessibleName('Orders 1 need action');
  await expect(page).toHaveTitle('(1) Order Management · CediCrypto');

  // Nothing waiting: no count anywhere.
  Object.assign(served.orders.get(9002) ?? {}, { status: 'cancelled' });
  socket?.send(JSON.stringify({ type: 'resync' }));
  await expect(table.getByText('No orders need action.')).toBeVisible();
  await expect(ordersItem).toHaveAccessibleName('Orders');
  await expect(page).toHaveTitle('Order Management · CediCrypto');
});

test('/admin/dashboard shows the four figures, the 7-day chart and the recent orders', async ({ page }) => {
  await loginAsSuperAdmin(page);
  // The top bar says who is signed in, by their full name (issue 16).
  await expect(page.getByRole('banner').getByText(/^Signed in as Super Admin/)).toBeVisible();
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
