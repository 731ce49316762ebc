import { expect, test, type Browser, type Page } from '@playwright/test';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { adminLogin, BTC_ADDRESS, E2E_STAFF, newTxHash, paidBuyInBrowser } from './support.js';

/*
 * Claim, then pay (issue 27 points 1 and 2, docs/decisions/029), at a laptop's 1366x768 and a
 * tablet's 768x1024: two agents (two browsers) have one paid order open; one claims it, the other
 * sees "Paying now: Demo Support" without a reload and cannot approve (the button is disabled with
 * the reason on screen, and the server refuses); the claimant approves with the wallet address on
 * screen and Order Details close. A held order's Approve is disabled with the hold as the reason,
 * and the hold badge stays in view while the details scroll.
 */

const SIZES = [
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '768x1024', viewport: { width: 768, height: 1024 } },
] as const;

/** A customer's paid BTC buy of `amountGhs` (Tier 2 when `tier2`, so that a large one is held by the large-order rule). */
async function paidOrder(browser: Browser, admin: Page, baseURL: string, amountGhs: string, tier2 = false): Promise<number> {
  const { orderId, context } = await paidBuyInBrowser(browser, admin, baseURL, { amountGhs, methodPrefix: 'Claim MoMo', tier2 });
  await context.close();
  return orderId;
}

/** Order Details of `orderId`, opened from its row in Order Management. */
async function openDetails(page: Page, orderId: number) {
  await page.goto(`/#/admin/orders?q=%23${orderId}`);
  await page.getByRole('button', { name: `View order #${orderId}` }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await expect(details).toContainText(`Order #${orderId}`);
  return details;
}

for (const size of SIZES) {
  test(`at ${size.name}: one agent claims a paid order, the other sees it claimed live and cannot approve`, async ({
    browser,
    baseURL,
  }) => {
    const adminContext = await browser.newContext({ viewport: size.viewport });
    const admin = await adminContext.newPage();
    await adminLogin(admin);
    const orderId = await paidOrder(browser, admin, baseURL!, '120');
    await adminContext.close();

    const supportContext = await browser.newContext({ viewport: size.viewport });
    const support = await supportContext.newPage();
    await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);
    const managerContext = await browser.newContext({ viewport: size.viewport });
    const manager = await managerContext.newPage();
    await adminLogin(manager, E2E_STAFF.manager.email, E2E_STAFF.manager.password);

    const supportDetails = await openDetails(support, orderId);
    const managerDetails = await openDetails(manager, orderId);
    // Nobody has claimed it: Approve waits for a claim, and says so.
    await expect(managerDetails.getByRole('button', { name: 'Approve order' })).toBeDisabled();
    await expect(managerDetails.getByText(ORDER_MSG.claimFirst)).toBeVisible();

    await supportDetails.getByRole('button', { name: 'Claim to pay out' }).click();
    await expect(supportDetails.getByText(ORDER_MSG.payingNow('you'), { exact: true })).toBeVisible();
    await expect(supportDetails.getByRole('button', { name: 'Approve order' })).toBeEnabled();

    // The other agent's open details and list change without a reload.
    await expect(managerDetails.getByText(ORDER_MSG.payingNow('Demo Support'), { exact: true })).toBeVisible();
    const managerApprove = managerDetails.getByRole('button', { name: 'Approve order' });
    await expect(managerApprove).toBeDisabled();
    await expect(managerDetails.getByText(ORDER_MSG.claimedByOther('Demo Support'))).toBeVisible();
    await expect(managerDetails.getByRole('button', { name: 'Claim to pay out' })).toHaveCount(0);
    // The server refuses too: the screen is only a convenience.
    const refused = await manager.request.post(`/api/admin/orders/${orderId}/approve`, {
      headers: { origin: baseURL! },
      data: { payoutReference: newTxHash() },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'ORDER_CLAIMED',
      message: ORDER_MSG.claimedByOther('Demo Support'),
    });

    // The claimant pays: the dialog says where, with a named copy button; after approving, the details close.
    await supportDetails.getByRole('button', { name: 'Approve order' }).click();
    const confirm = support.getByRole('dialog', { name: 'Approve order' });
    const where = confirm.getByRole('region', { name: 'Where to pay' });
    await expect(where).toContainText(BTC_ADDRESS);
    await expect(where.getByRole('button', { name: 'Copy wallet address' })).toBeVisible();
    await confirm.getByLabel('Payout transaction hash').fill(newTxHash());
    // What arrived is confirmed with the payout (docs/decisions/038).
    await confirm.getByRole('textbox', { name: 'Evidence' }).fill('MTN statement line, paid in full');
    await confirm.getByRole('button', { name: 'Approve order' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(support.getByRole('dialog', { name: 'Order Details' })).toHaveCount(0);
    await expect(managerDetails).toContainText('Completed');

    await supportContext.close();
    await managerContext.close();
  });

  test(`at ${size.name}: a held order's Approve is disabled with the reason, and the hold stays in view`, async ({ browser, baseURL }) => {
    const adminContext = await browser.newContext({ viewport: size.viewport });
    const admin = await adminContext.newPage();
    await adminLogin(admin);
    const orderId = await paidOrder(browser, admin, baseURL!, '60000', true);

    const details = await openDetails(admin, orderId);
    const approve = details.getByRole('button', { name: 'Approve order' });
    await expect(approve).toBeDisabled();
    const reason = details.getByText(COMPLIANCE_MSG.onHold);
    await expect(reason).toBeVisible();
    await expect(approve).toHaveAttribute('aria-describedby', (await reason.getAttribute('id'))!);
    await expect(details.getByRole('button', { name: 'Claim to pay out' })).toHaveCount(0);
    // Scrolled to the timeline at the bottom, the hold badge is still on screen.
    await details.getByRole('heading', { name: 'Timeline' }).scrollIntoViewIfNeeded();
    await expect(details.getByText('On compliance hold').first()).toBeInViewport({ ratio: 1 });
    await adminContext.close();
  });
}
