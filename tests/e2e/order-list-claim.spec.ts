import { expect, test, type Browser, type Page } from '@playwright/test';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { adminLogin, E2E_STAFF, newTxHash, paidBuyInBrowser } from './support.js';

/*
 * Claim from the orders list (issue 27 point 3 gaps, docs/decisions/035), at a laptop's 1366x768
 * and a tablet's 768x1024: an agent claims a paid order from its row in one click; the other
 * agent's open list shows "Paying now: Demo Support" on screen without a reload, with Approve
 * disabled and its reason visible; the claimant approves from the row with a single request. The
 * amount column is not clipped at either width.
 */

const SIZES = [
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '768x1024', viewport: { width: 768, height: 1024 } },
] as const;

async function paidOrder(browser: Browser, admin: Page, baseURL: string, amountGhs: string): Promise<number> {
  const { orderId, context } = await paidBuyInBrowser(browser, admin, baseURL, { amountGhs, methodPrefix: 'Row claim MoMo' });
  await context.close();
  return orderId;
}

/** The row of `orderId` in Order Management, searched by its number. */
async function openRow(page: Page, orderId: number) {
  await page.goto(`/#/admin/orders?q=%23${orderId}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `View order #${orderId}` }) });
  await expect(row).toHaveCount(1);
  return row;
}

/** The amount cell's text is whole on screen: not cut by its cell, and not under the Actions column that stays in view. */
async function expectAmountNotClipped(page: Page, orderId: number) {
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `View order #${orderId}` }) });
  const amount = row.getByRole('cell').nth(1);
  await expect(amount).toContainText('GHS');
  const actions = (await row.getByRole('cell').last().boundingBox())!;
  const scroller = await page
    .getByRole('table')
    .first()
    .evaluate((table) => table.parentElement!.getBoundingClientRect().toJSON() as { left: number; right: number });
  const clip = await amount.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(clip.scroll, 'amount cell scroll width').toBeLessThanOrEqual(clip.client);
  // Both lines: the cedi amount and the coin amount.
  for (const line of await amount.locator('span').all()) {
    const box = (await line.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().toJSON();
    })) as { left: number; right: number; width: number };
    expect(box.width, 'amount line has a width').toBeGreaterThan(0);
    expect(box.right, 'amount text ends before the Actions column').toBeLessThanOrEqual(actions.x + 1);
    expect(box.right, 'amount text ends inside the table card').toBeLessThanOrEqual(scroller.right + 1);
    expect(box.left, 'amount text starts inside the table card').toBeGreaterThanOrEqual(scroller.left - 1);
  }
}

for (const size of SIZES) {
  test(`at ${size.name}: an agent claims from the row, the other sees it live, the claimant approves with one request`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const adminContext = await browser.newContext({ viewport: size.viewport });
    const admin = await adminContext.newPage();
    await adminLogin(admin);
    const orderId = await paidOrder(browser, admin, baseURL!, '150');
    await adminContext.close();

    const supportContext = await browser.newContext({ viewport: size.viewport });
    const support = await supportContext.newPage();
    await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);
    const managerContext = await browser.newContext({ viewport: size.viewport });
    const manager = await managerContext.newPage();
    await adminLogin(manager, E2E_STAFF.manager.email, E2E_STAFF.manager.password);

    const supportRow = await openRow(support, orderId);
    const managerRow = await openRow(manager, orderId);
    await expectAmountNotClipped(support, orderId);
    await support.screenshot({ path: `test-results/order-list-claim-${size.name}.png` });

    // Nobody holds it: Approve is disabled with the reason on screen, and Claim is in the row.
    const supportApprove = supportRow.getByRole('button', { name: `Approve order #${orderId}` });
    await expect(supportApprove).toBeDisabled();
    await expect(supportRow.getByText(ORDER_MSG.claimFirst)).toBeVisible();
    await expect(supportApprove).toHaveAccessibleDescription(ORDER_MSG.claimFirst);

    await supportRow.getByRole('button', { name: `Claim order #${orderId}` }).click();
    await expect(supportRow.getByText(ORDER_MSG.payingNow('you'), { exact: true })).toBeVisible();
    await expect(supportApprove).toBeEnabled();
    await expect(supportRow.getByRole('button', { name: `Claim order #${orderId}` })).toHaveCount(0);

    // The other agent's list shows who is paying, without a reload; Approve and Claim are not theirs.
    await expect(managerRow.getByText(ORDER_MSG.payingNow('Demo Support'), { exact: true })).toBeVisible();
    const managerApprove = managerRow.getByRole('button', { name: `Approve order #${orderId}` });
    await expect(managerApprove).toBeDisabled();
    await expect(managerRow.getByText(ORDER_MSG.claimedByOther('Demo Support'))).toBeVisible();
    await expect(managerRow.getByRole('button', { name: `Claim order #${orderId}` })).toHaveCount(0);
    await expectAmountNotClipped(manager, orderId);

    // The claimant approves from the row: one request, the approval itself.
    const sent: string[] = [];
    support.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes(`/api/admin/orders/${orderId}`)) sent.push(new URL(request.url()).pathname);
    });
    await supportApprove.click();
    const confirm = support.getByRole('dialog', { name: 'Approve order' });
    await confirm.getByLabel('Payout transaction hash').fill(newTxHash());
    // What arrived is confirmed with the payout, in the same request (docs/decisions/038).
    await confirm.getByRole('textbox', { name: 'Evidence' }).fill('MTN statement line, paid in full');
    await confirm.getByRole('button', { name: 'Approve order' }).click();
    await expect(confirm).toHaveCount(0);
    expect(sent).toEqual([`/api/admin/orders/${orderId}/approve`]);
    await expect(managerRow).toContainText('Completed');

    await supportContext.close();
    await managerContext.close();
  });
}
