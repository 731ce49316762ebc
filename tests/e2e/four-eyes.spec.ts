import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESTINATION_MSG } from '#shared/contracts/destination-changes.js';
import { addMomoMethodAsSignedIn, adminLogin, E2E_ADMIN, E2E_STAFF, takeCode } from './support.js';

/*
 * Four eyes on money destinations (issue 27 point 3, docs/decisions/030), at a laptop's 1366x768
 * and a tablet's 768x1024: a manager's change of the MoMo number buyers pay into waits for a
 * second admin, who is emailed (read in the Email Log), then approves it with their own code, and
 * only then does the new number show.
 */

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
] as const;

async function staffPage(browser: Browser, viewport: { width: number; height: number }, email: string, password: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await adminLogin(page, email, password);
  return page;
}

/** A unique new MoMo number (05x, valid for Ghana). */
function newNumber(): string {
  return `055${String(Date.now()).slice(-7)}`;
}

async function methodRow(page: Page, name: string) {
  await page.goto('/#/admin/payment-methods');
  await expect(page.getByRole('heading', { name: 'Payment Methods' })).toBeVisible();
  return page.getByRole('row').filter({ hasText: name });
}

for (const size of SIZES) {
  test(`at ${size.viewport.width} px a manager's change of the MoMo number waits for a second admin, who is emailed and approves it`, async ({
    browser,
    baseURL,
  }) => {
    // Adding the method is a change that waits too (docs/decisions/035): two more codes, each may wait for a fresh step.
    test.setTimeout(150_000);
    const admin = await staffPage(browser, size.viewport, E2E_ADMIN.email, E2E_ADMIN.password);
    const manager = await staffPage(browser, size.viewport, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
    const name = await addMomoMethodAsSignedIn(admin, baseURL!, `Four eyes ${size.name}`);
    const number = newNumber();

    // The manager edits the number: the form says it waits, and asks for the code.
    let row = await methodRow(manager, name);
    await expect(row.getByText('Number: 0241234567')).toBeVisible();
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = manager.getByRole('dialog', { name: 'Edit Payment Method' });
    await expect(dialog.getByText(DESTINATION_MSG.formNotice)).toBeVisible();
    await dialog.getByLabel('Mobile number').fill(number);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // Without the code nothing is asked for yet: the field says why.
    await expect(dialog.getByText(DESTINATION_MSG.codeRequired)).toBeVisible();
    await dialog.getByLabel('Authentication code').fill(await takeCode(E2E_STAFF.manager.email));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(manager.getByRole('region', { name: 'Notifications' }).getByText(DESTINATION_MSG.requested).last()).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Nothing moved: the old number is still where buyers pay, the change waits beside it.
    row = await methodRow(manager, name);
    await expect(row.getByText('Number: 0241234567')).toBeVisible();
    await expect(row.getByText('Change waiting for approval')).toBeVisible();
    await expect(row.getByText(`Number: ${number}`)).toBeVisible();

    // The manager cannot approve their own change.
    await manager.goto('/#/admin/pending-changes');
    const ownRow = manager.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Waiting for approval' });
    await expect(ownRow.getByText('Another admin must approve')).toBeVisible();
    await expect(ownRow.getByRole('button', { name: `Approve the change of ${name}` })).toHaveCount(0);

    // The super admin was emailed: the Email Log holds it.
    await admin.goto('/#/admin/emails');
    await expect(admin.getByRole('heading', { name: 'Email Log' })).toBeVisible();
    const emailRow = admin
      .getByRole('row')
      .filter({ hasText: E2E_ADMIN.email })
      .filter({ hasText: `Approval needed: new payment destination for ${name}` });
    await expect(emailRow).toHaveCount(1);
    await emailRow.getByRole('button', { name: /^View email #\d+$/ }).click();
    const email = admin.getByRole('dialog').getByTitle('Email body').contentFrame();
    await expect(email.getByText(`After: ${name}: ${number} (CediCrypto Ltd)`)).toBeVisible();
    await admin.keyboard.press('Escape');

    // The super admin approves with their own code; the new number is in force.
    await admin.goto('/#/admin/pending-changes');
    await expect(admin.getByRole('heading', { name: 'Pending changes' })).toBeVisible();
    const pending = admin.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Waiting for approval' });
    await expect(pending.getByText('Demo Manager')).toBeVisible();
    await expect(pending.getByText('Takes effect when another Super Admin or Manager approves it')).toBeVisible();
    await pending.getByRole('button', { name: `Approve the change of ${name}` }).click();
    const approve = admin.getByRole('dialog', { name: `Approve the change of ${name}` });
    await expect(approve.getByText(`Number: ${number}`)).toBeVisible();
    await approve.getByLabel('Authentication code').fill(await takeCode(E2E_ADMIN.email));
    await approve.getByRole('button', { name: 'Approve change' }).click();
    await expect(admin.getByRole('region', { name: 'Notifications' }).getByText(DESTINATION_MSG.approved).last()).toBeVisible();
    // The method's own approval (a new method waits too: docs/decisions/035) is in the list as well: the row with the new number.
    await expect(
      admin.getByRole('row').filter({ hasText: name }).filter({ hasText: number }).getByText('In force', { exact: true }),
    ).toBeVisible();

    // The manager's open tab reads the list again.
    row = await methodRow(manager, name);
    await manager.reload();
    await expect(row.getByText(`Number: ${number}`)).toBeVisible();
    await expect(row.getByText('Number: 0241234567')).toHaveCount(0);
    await expect(row.getByText('Change waiting for approval')).toHaveCount(0);

    await admin.context().close();
    await manager.context().close();
  });
}
