import { expect, test } from '@playwright/test';
import { totpCode, totpStep } from '../helpers/totp.js';
import { signUpInBrowser } from './support.js';

test.use({ viewport: { width: 360, height: 740 } });

test('a customer turns on two-factor, then signs in with a code from the app', async ({ page }) => {
  const user = await signUpInBrowser(page);
  await page.getByRole('button', { name: user.username }).click();
  await page.getByRole('link', { name: 'Security settings' }).click();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect password.')).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  const key = (await page.getByLabel('Authenticator key').textContent())!.replace(/\s+/g, '');
  const step = totpStep();
  await page.getByLabel('Authentication code').fill(totpCode(key, step));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByText('Two-factor authentication is on.').first()).toBeVisible();

  // Log out, then in again: the password alone is not enough.
  await page.getByRole('button', { name: user.username }).click();
  await Promise.all([page.waitForResponse('**/api/session/logout'), page.getByRole('button', { name: 'Log out' }).click()]);
  await expect(page).toHaveURL(/#\/(login)?$/);
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code. Please try again.')).toBeVisible();
  await code.fill(totpCode(key, step + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});
