import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { adminLogin, newTxHash, paidBuyInBrowser, signUpInBrowser, uniqueUser } from './support.js';

/*
 * The back-office on a tablet and a laptop (issue 16 point 5). At 768x1024 the side menu folds
 * behind a menu button, and a super admin approves a paid order, bans its customer and answers
 * a chat using only what is on screen: every control is in the viewport before it is used, and
 * nothing is wider than the screen. At 1366x768 (a laptop, side menu open) Users' Ban, Orders'
 * Cancel and the Audit Log fit without scrolling sideways.
 */

const TABLET = { width: 768, height: 1024 };
const LAPTOP = { width: 1366, height: 768 };

/** A customer with a paid MoMo buy waiting for a decision; returns who and which order. */
const paidOrder = (browser: Browser, admin: Page, baseURL: string) =>
  paidBuyInBrowser(browser, admin, baseURL, { amountGhs: '120', methodPrefix: 'Tablet MoMo', user: uniqueUser('tablet') });

/** Nothing on the page is wider than the window: no sideways scroll of the page itself. */
async function expectNoPageOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page scroll width').toBeLessThanOrEqual(clientWidth);
}

/** On screen, wholly, before it is used: inside the window without scrolling sideways. */
async function expectOnScreen(locator: Locator, viewportWidth: number) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  expect(box, 'a box on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewportWidth);
}

/** The menu button's way to a page, as a tablet user goes: open the menu, choose the link. */
async function openFromMenu(page: Page, name: RegExp | string) {
  const button = page.getByRole('button', { name: 'Menu' });
  await expectOnScreen(button, TABLET.width);
  await button.click();
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name });
  await expectOnScreen(link, TABLET.width);
  await link.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
}

test('at 768 px the menu folds behind a button, and an admin approves an order and bans a user with what is on screen', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ viewport: TABLET });
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const { customer, orderId, context: customerContext } = await paidOrder(browser, admin, baseURL!);

  await admin.goto('/#/admin/dashboard');
  // No side bar at 768 px: the menu is behind a button that says whether it is open and what it opens.
  const nav = admin.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeHidden();
  const menuButton = admin.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  const panelId = await menuButton.getAttribute('aria-controls');
  expect(panelId).toBeTruthy();
  // Who is signed in, by full name.
  await expect(admin.getByRole('banner').getByText(/^Signed in as Super Admin/)).toBeVisible();

  // Open: the focus moves to the first link; Escape closes it and gives the focus back.
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(admin.locator(`[id="${panelId}"]`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  // For docs/screenshots (README): the folded menu, open, at 768 px.
  await admin.screenshot({ path: 'test-results/back-office-768-menu.png' });
  await admin.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Orders, from the menu: the paid order's Approve is on screen (the actions column stays in view).
  await openFromMenu(admin, /^Orders/);
  await expect(admin).toHaveURL(/#\/admin\/orders/);
  await expect(admin.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  const approve = admin.getByRole('button', { name: `Approve order #${orderId}` });
  await expectOnScreen(approve, TABLET.width);
  await expectOnScreen(admin.getByRole('button', { name: `Cancel order #${orderId}` }), TABLET.width);
  await expectOnScreen(admin.getByRole('button', { name: `Confirm payment of order #${orderId}` }), TABLET.width);
  await expectNoPageOverflow(admin);
  await admin.screenshot({ path: 'test-results/back-office-768-orders.png' });
  // Claim, then pay (docs/decisions/029): Approve waits for the claim (made here through the API).
  await expect(approve).toBeDisabled();
  expect((await admin.request.post(`/api/admin/orders/${orderId}/claim`, { headers: { origin: baseURL! } })).status()).toBe(200);
  await expect(approve).toBeEnabled();
  await approve.click();
  const confirm = admin.getByRole('dialog', { name: 'Approve order' });
  await expect(confirm).toContainText('Are you sure you want to mark this order as completed?');
  // What arrived is confirmed with the payout (docs/decisions/038): the evidence is typed on screen.
  const evidence = confirm.getByRole('textbox', { name: 'Evidence' });
  await evidence.fill('MTN statement line, paid in full');
  await expectOnScreen(evidence, TABLET.width);
  // The dialog's body scrolls (Payment received, where to pay, the payout): the hash is below.
  const hash = admin.getByLabel('Payout transaction hash');
  await hash.scrollIntoViewIfNeeded();
  await expectOnScreen(hash, TABLET.width);
  await hash.fill(newTxHash());
  const confirmButton = confirm.getByRole('button', { name: 'Approve order' });
  await expectOnScreen(confirmButton, TABLET.width);
  await confirmButton.click();
  await expect(confirm).toHaveCount(0);
  // The menu opened Needs action (docs/decisions/032): the completed order leaves it, and All orders shows it completed.
  const row = admin.getByRole('row').filter({ has: admin.getByRole('button', { name: `View order #${orderId}` }) });
  await expect(row).toHaveCount(0);
  await admin.getByRole('group', { name: 'Orders view' }).getByRole('button', { name: 'All orders' }).click();
  await expect(row).toContainText('Completed');
  await expect(admin.getByRole('button', { name: `Approve order #${orderId}` })).toHaveCount(0);

  // Users, from the menu: find the customer and ban them; Ban is on screen.
  await openFromMenu(admin, 'Users');
  await expect(admin.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await admin.getByLabel('Search users').fill(customer.email);
  const userRow = admin.getByRole('row').filter({ hasText: customer.email });
  await expect(userRow).toHaveCount(1);
  const ban = userRow.getByRole('button', { name: `Ban ${customer.fullName}` });
  await expectOnScreen(ban, TABLET.width);
  await expectNoPageOverflow(admin);
  await ban.click();
  const banDialog = admin.getByRole('dialog', { name: 'Ban user' });
  await expect(banDialog).toContainText('Are you sure you want to ban this user?');
  await banDialog.getByLabel('Reason').fill('Chargeback fraud.');
  await banDialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(banDialog).toHaveCount(0);
  await expect(userRow).toContainText('Banned');
  await expectOnScreen(userRow.getByRole('button', { name: `Unban ${customer.fullName}` }), TABLET.width);
  // One page of results: no 'Page 1 of 1'.
  await expect(admin.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);

  // The Audit Log names who did it and to whom, not their ids.
  await openFromMenu(admin, 'Audit Log');
  const banEntry = admin.getByRole('row').filter({ hasText: 'user.ban' }).first();
  await expect(banEntry).toContainText('Super Admin');
  await expect(banEntry).toContainText(customer.fullName);
  const approveEntry = admin.getByRole('row').filter({ hasText: 'order.approve' }).first();
  await expect(approveEntry).toContainText(`#${orderId} · ${customer.fullName}`);
  await expectOnScreen(banEntry.getByRole('button', { name: /^Details/ }), TABLET.width);
  await expectNoPageOverflow(admin);

  await customerContext.close();
  await adminContext.close();
});

test('at 768 px an admin answers a chat from the reply box on screen', async ({ browser }) => {
  const customerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const customer = await customerContext.newPage();
  const user = await signUpInBrowser(customer, uniqueUser('tabchat'));
  await customer.getByRole('button', { name: 'Live support chat', exact: true }).click();
  const panel = customer.getByRole('region', { name: 'Live Support' });
  const question = `Is my order on its way? ${Date.now()}`;
  await panel.getByLabel('Message', { exact: true }).fill(question);
  await panel.getByRole('button', { name: 'Send message' }).click();
  const customerLog = panel.getByRole('log', { name: 'Messages' });
  await expect(customerLog.getByText(question)).toBeVisible();

  const adminContext = await browser.newContext({ viewport: TABLET });
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  await openFromMenu(admin, /^Live Chat/);
  await expect(admin.getByRole('heading', { name: 'Live Chat Support' })).toBeVisible();
  const conversation = admin.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: question });
  await expectOnScreen(conversation.getByRole('button'), TABLET.width);
  await conversation.getByRole('button').click();
  const log = admin.getByRole('log', { name: /^Messages with / });
  await expect(log.getByText(question)).toBeVisible();

  // The reply box and its buttons are on screen and wide enough to write in.
  const input = admin.getByLabel('Message', { exact: true });
  await expectOnScreen(input, TABLET.width);
  expect((await input.boundingBox())!.width).toBeGreaterThanOrEqual(240);
  await expectOnScreen(admin.getByRole('button', { name: 'Quick reply' }), TABLET.width);
  const answer = `Yes ${user.fullName.split(' ')[0]}, it is being checked now.`;
  await input.fill(answer);
  const send = admin.getByRole('button', { name: 'Send message' });
  await expectOnScreen(send, TABLET.width);
  await send.click();
  await expect(log.getByText(answer)).toBeVisible();
  await expect(input).toHaveValue('');
  await expectNoPageOverflow(admin);
  await expect(customerLog.getByText(answer)).toBeVisible();

  await customerContext.close();
  await adminContext.close();
});

test('at 768 px unsaved deposit-address edits in Currencies ask before leaving', async ({ browser }) => {
  const adminContext = await browser.newContext({ viewport: TABLET });
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  await openFromMenu(admin, 'Currencies');
  await expect(admin.getByRole('heading', { name: 'Currency Management' })).toBeVisible();
  const address = admin.getByLabel('Litecoin deposit address on Litecoin');
  const saved = await address.inputValue();
  const edited = 'ltc1qg82kzwcz7eh7k3mru2ut9gg5fxz5ry8dcvxpfu';
  await address.fill(edited);
  await expectOnScreen(admin.getByRole('button', { name: 'Save Litecoin' }), TABLET.width);

  // A menu link: asked first; Stay keeps the page and the edit.
  await openFromMenu(admin, 'Users');
  const question = admin.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toContainText('You have deposit address changes that are not saved.');
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question).toHaveCount(0);
  await expect(admin).toHaveURL(/#\/admin\/coins$/);
  await expect(address).toHaveValue(edited);

  // A reload: the browser's own question (beforeunload); dismissed, the edit is still there.
  const asked = new Promise<string>((resolve) => {
    admin.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  void admin.reload({ timeout: 3_000 }).catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(address).toHaveValue(edited);

  // Leave: the edit is dropped, nothing was saved.
  await openFromMenu(admin, 'Users');
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(admin.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await openFromMenu(admin, 'Currencies');
  await expect(address).toHaveValue(saved);
  await adminContext.close();
});

test('at 1366x768 Users’ Ban, Orders’ Cancel and the Audit Log fit on screen', async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext({ viewport: LAPTOP });
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const { customer, orderId, methodName, context: customerContext } = await paidOrder(browser, admin, baseURL!);

  /** The table's card does not scroll sideways either: every column is on screen. */
  const expectTableFits = async () => {
    const table = admin.getByRole('table').first();
    await expect(table).toBeVisible();
    const { scrollWidth, clientWidth } = await table.evaluate((element) => {
      const scroller = element.parentElement!;
      return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
    });
    expect(scrollWidth, 'table scroll width').toBeLessThanOrEqual(clientWidth);
  };

  await admin.goto('/#/admin/users');
  await admin.getByLabel('Search users').fill(customer.email);
  const ban = admin
    .getByRole('row')
    .filter({ hasText: customer.email })
    .getByRole('button', { name: `Ban ${customer.fullName}` });
  await expectOnScreen(ban, LAPTOP.width);
  await expectTableFits();
  await expectNoPageOverflow(admin);

  await admin.goto('/#/admin/orders');
  await expectOnScreen(admin.getByRole('button', { name: `Cancel order #${orderId}` }), LAPTOP.width);
  await expectOnScreen(admin.getByRole('button', { name: `Approve order #${orderId}` }), LAPTOP.width);
  await expectTableFits();
  await expectNoPageOverflow(admin);

  await admin.goto('/#/admin/audit');
  await expect(admin.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const details = admin.getByRole('button', { name: /^Details/ }).first();
  await expectOnScreen(details, LAPTOP.width);
  await expectTableFits();
  await expectNoPageOverflow(admin);
  // The details open in a dialog that fits too (a disclosure in the row made the log 146 px too wide).
  await details.click();
  const dialog = admin.getByRole('dialog', { name: /^Audit entry #\d+$/ });
  await expect(dialog).toBeVisible();
  await expectOnScreen(dialog, LAPTOP.width);
  await expectNoPageOverflow(admin);
  await admin.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The target filter, by kind and name: the payment method this test added, by its name.
  await admin.getByLabel('Target type').selectOption({ label: 'Payment method' });
  await admin.getByLabel('Target', { exact: true }).fill(methodName);
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin).toHaveURL(/targetType=payment_method/);
  const rows = admin
    .getByRole('table')
    .getByRole('row')
    .filter({ has: admin.getByRole('button', { name: /^Details/ }) });
  // Its creation, and (four eyes, docs/decisions/035) the request to offer it and its approval: all name it.
  await expect(rows.filter({ hasText: 'payment_method.create' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'payment_method.create' })).toContainText(methodName);
  await expect(rows.filter({ hasText: 'destination.approve' })).toHaveCount(1);
  await expect(rows.filter({ hasNotText: methodName })).toHaveCount(0);

  await customerContext.close();
  await adminContext.close();
});
