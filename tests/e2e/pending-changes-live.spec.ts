import { expect, test, type Browser } from '@playwright/test';
import { adminLogin, E2E_STAFF, takeCode } from './support.js';

/*
 * The Pending changes page live (docs/decisions/035), at 1366x768 and 768x1024: with the super
 * admin's and the manager's pages open, the manager asks for a new payment method and the super
 * admin's list shows it without a reload; the super admin rejects it and the manager's list shows
 * "Rejected" without a reload.
 */

const SIZES = [
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '768x1024', viewport: { width: 768, height: 1024 } },
] as const;

async function staffPage(browser: Browser, viewport: { width: number; height: number }, email?: string, password?: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await adminLogin(page, email, password);
  await page.goto('/#/admin/pending-changes');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending changes' })).toBeVisible();
  return page;
}

for (const size of SIZES) {
  test(`at ${size.name}: a change asked by one admin appears on the other's open Pending changes page, and its rejection on the asker's`, async ({
    browser,
    baseURL,
  }) => {
    const admin = await staffPage(browser, size.viewport);
    const manager = await staffPage(browser, size.viewport, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
    const name = `Live MoMo ${Date.now().toString(36)}`;

    const asked = await manager.request.post('/api/admin/payment-methods', {
      headers: { origin: baseURL! },
      data: {
        name,
        details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0247654321' },
        code: await takeCode(E2E_STAFF.manager.email),
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const methodId = ((await asked.json()) as { paymentMethod: { id: number } }).paymentMethod.id;

    // No reload: the live socket tells the page.
    const approve = admin.getByRole('button', { name: `Approve the change of ${name}` });
    await expect(approve).toBeVisible();
    await admin.getByRole('button', { name: `Reject the change of ${name}` }).click();
    await expect(approve).toHaveCount(0);

    const managerRow = manager.getByRole('row').filter({ hasText: name });
    await expect(managerRow).toContainText('Rejected');
    await manager.screenshot({ path: `test-results/pending-changes-live-${size.name}.png` });

    const removed = await manager.request.delete(`/api/admin/payment-methods/${methodId}`, { headers: { origin: baseURL! } });
    expect(removed.status()).toBe(200);
    await admin.context().close();
    await manager.context().close();
  });
}
