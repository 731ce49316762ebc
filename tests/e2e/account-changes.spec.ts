import { expect, test, type Page } from '@playwright/test';
import { adminLogin, createStaffMember } from './support.js';

/**
 * Issue 13: a change to a staff member's account made by someone else (role, deletion) reaches
 * their open back-office tab at its next request, without a reload.
 */

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).last();
}

/** Marks the document: if the page reloads, the mark is gone. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
}
async function wasNotReloaded(page: Page) {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}

test('a manager demoted to support in another browser sees the support menu at the next click, without a reload', async ({
  page,
  browser,
}) => {
  await adminLogin(page);
  await expect(page).toHaveURL(/#\/admin\/dashboard$/);
  const manager = await createStaffMember(page, 'manager', 'Yaw Demoted');

  const context = await browser.newContext();
  const managerPage = await context.newPage();
  await adminLogin(managerPage, manager.email, manager.password, { fresh: true });
  await expect(managerPage).toHaveURL(/#\/admin\/dashboard$/);
  const menu = managerPage.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Live Chat/ })).toHaveCount(0);
  await markDocument(managerPage);

  // The super admin, in their own browser, makes the manager a support agent.
  await page.goto('/#/admin/management');
  await page.getByRole('row').filter({ hasText: manager.email }).getByRole('button', { name: 'Edit Yaw Demoted' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Admin' });
  await edit.getByLabel('Role').selectOption('support');
  await edit.getByRole('button', { name: 'Update Role' }).click();
  await expect(toast(page, 'Admin role updated!')).toBeVisible();

  // The manager's next click (a page both roles have) shows the support menu.
  await menu.getByRole('link', { name: 'Orders' }).click();
  await expect(managerPage.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Orders', /^Live Chat( \d+ unread)?$/]);
  expect(await wasNotReloaded(managerPage)).toBe(true);
  await context.close();
});

test('a deleted admin lands on the admin login page at the next click, not on Access Denied', async ({ page, browser }) => {
  await adminLogin(page);
  await expect(page).toHaveURL(/#\/admin\/dashboard$/);
  const staff = await createStaffMember(page, 'compliance', 'Abena Deleted');

  const context = await browser.newContext();
  const staffPage = await context.newPage();
  await adminLogin(staffPage, staff.email, staff.password, { fresh: true });
  await expect(staffPage).toHaveURL(/#\/admin\/dashboard$/);
  const menu = staffPage.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'KYC Submissions' })).toBeVisible();
  await markDocument(staffPage);

  await page.goto('/#/admin/management');
  await page.getByRole('row').filter({ hasText: staff.email }).getByRole('button', { name: 'Delete Abena Deleted' }).click();
  await page.getByRole('dialog', { name: 'Delete Admin' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Admin deleted.')).toBeVisible();

  // The back-office live socket may end their page at once (docs/decisions/032); if not, the next
  // click does. Either way they land on the login page, never on Access Denied.
  await menu
    .getByRole('link', { name: 'Users' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(staffPage).toHaveURL(/#\/admin\/login(\?|$)/);
  await expect(staffPage.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await wasNotReloaded(staffPage)).toBe(true);
  await context.close();
});

test('a support agent on Live Chat made compliance in another browser leaves the chat at once: the socket closes and the session is re-read', async ({
  page,
  browser,
}) => {
  await adminLogin(page);
  await expect(page).toHaveURL(/#\/admin\/dashboard$/);
  const agent = await createStaffMember(page, 'support', 'Kojo Moved');

  const context = await browser.newContext();
  const agentPage = await context.newPage();
  await adminLogin(agentPage, agent.email, agent.password, { fresh: true });
  const socketOpened = agentPage.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/admin/chat/socket'));
  await agentPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Live Chat/ })
    .click();
  await expect(agentPage.getByRole('heading', { name: 'Live Chat' })).toBeVisible();
  const socket = await socketOpened;
  // The page says its socket is open once the browser has the server's answer to the upgrade, and
  // the server adopts the socket in its upgrade handler (src/server/modules/chat/routes.ts) before that.
  await expect(agentPage.locator('[data-connection]')).toHaveAttribute('data-connection', 'open');
  await markDocument(agentPage);

  await page.goto('/#/admin/management');
  await page.getByRole('row').filter({ hasText: agent.email }).getByRole('button', { name: 'Edit Kojo Moved' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Admin' });
  await edit.getByLabel('Role').selectOption('compliance');
  await edit.getByRole('button', { name: 'Update Role' }).click();
  await expect(toast(page, 'Admin role updated!')).toBeVisible();

  // No click on the agent's side: the server closes the socket, the tab re-reads the session,
  // and the chat (no longer theirs) gives way to Access Denied.
  if (!socket.isClosed()) await socket.waitForEvent('close');
  await expect(agentPage).toHaveURL(/#\/admin\/access-denied$/);
  await agentPage.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(agentPage.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Users',
    'Orders',
    'KYC Submissions',
    'Compliance',
  ]);
  expect(await wasNotReloaded(agentPage)).toBe(true);
  await context.close();
});
