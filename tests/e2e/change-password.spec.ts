import { expect, test } from '@playwright/test';
import { MSG } from '#shared/messages.js';
import { signUpInBrowser } from './support.js';

/**
 * Change password as a customer walks it (issue 26 point 4, docs/decisions/023): on the
 * Security page, with the current password and a new one; the toast says the other sessions
 * were signed out, the customer's other browser is at its next request, and only the new
 * password opens the account afterwards.
 */
test('a customer changes their password: the other browser is signed out, and only the new password works', async ({ page, browser }) => {
  const user = await signUpInBrowser(page);
  const newPassword = 'Kente-Weaver-Bonwire-2026';

  // The same customer signed in on another browser.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/#/login');
  await otherPage.getByLabel('Email').fill(user.email);
  await otherPage.getByLabel('Password', { exact: true }).fill(user.password);
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage).toHaveURL(/#\/dashboard$/);

  await page.goto('/#/security');
  const section = page.getByRole('region', { name: 'Change password' });
  await section.getByRole('button', { name: 'Change password' }).click();
  // A wrong current password is refused, and nothing is lost of what was typed.
  await section.getByLabel('Current password', { exact: true }).fill('Not-My-Password-Really');
  await section.getByLabel('New password', { exact: true }).fill(newPassword);
  await section.getByLabel('Confirm new password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText(MSG.currentPasswordWrong)).toBeVisible();
  await expect(section.getByLabel('New password', { exact: true })).toHaveValue(newPassword);

  await section.getByLabel('Current password', { exact: true }).fill(user.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(MSG.passwordChanged)).toBeVisible();
  // This browser stays signed in.
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/dashboard$/);

  // The other browser, opened again, finds its session gone.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/#\/login\?from=%2Fdashboard$/);
  await otherPage.getByLabel('Email').fill(user.email);
  await otherPage.getByLabel('Password', { exact: true }).fill(user.password);
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage.getByText(MSG.invalidCredentials)).toBeVisible();
  await otherPage.getByLabel('Password', { exact: true }).fill(newPassword);
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage).toHaveURL(/#\/dashboard$/);
  await other.close();
});
