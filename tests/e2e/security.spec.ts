import { expect, test, type Page } from '@playwright/test';
import { totpCode, totpStep } from '#test/helpers/totp.js';
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

test('a wrong code while turning on two-factor is a field error: the enrolment stays, and the right code then turns it on', async ({
  page,
}) => {
  const user = await signUpInBrowser(page);
  await page.goto('/#/security');
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  const key = (await page.getByLabel('Authenticator key').textContent())!.replace(/\s+/g, '');
  const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();

  // A mistyped code (six digits, so the server answers it): the server session is alive.
  const step = totpStep();
  const wrong = totpCode(key, step) === '000000' ? '111111' : '000000';
  await page.getByLabel('Authentication code').fill(wrong);
  await Promise.all([
    page.waitForResponse('**/api/account/two-factor/confirm'),
    page.getByRole('button', { name: 'Turn on two-factor' }).click(),
  ]);
  await expect(page.getByText('Invalid code. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/#\/security$/);
  await expect(qr).toBeVisible();
  expect((await page.getByLabel('Authenticator key').textContent())!.replace(/\s+/g, '')).toBe(key);
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveText(backupCodes);

  await page.getByLabel('Authentication code').fill(totpCode(key, step));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByText('Two-factor authentication is on.').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/security$/);
});

/** The server's answer to the page asking who is signed in. */
function waitForSessionAnswer(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
}

/** Two animation frames and a task: React has rendered whatever that answer changed. */
async function settled(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

test('after the server session ended elsewhere, /login and /signup show their forms instead of bouncing to the landing page', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpInBrowser(page);
  await expect(page).toHaveURL(/#\/dashboard$/);
  const cachedProfile = await page.evaluate(() => localStorage.getItem('cachedProfile'));
  expect(cachedProfile).not.toBeNull();
  // Signed out from another browser holding the same cookie: the server session is gone, while
  // this browser keeps its cookie and the profile cached in localStorage.
  const elsewhere = await browser.newContext();
  await elsewhere.addCookies(await page.context().cookies());
  expect((await elsewhere.request.post('/api/session/logout', { headers: { origin: baseURL! }, data: {} })).status()).toBe(200);
  await elsewhere.close();

  // The open tab, whose session was read from the server moments ago.
  let sessionRead = waitForSessionAnswer(page);
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await sessionRead;
  await settled(page);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();

  // A browser opened again later: a new document starts from the profile cached in localStorage.
  await page.evaluate((profile) => localStorage.setItem('cachedProfile', profile), cachedProfile!);
  await page.goto('/#/signup');
  sessionRead = waitForSessionAnswer(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await sessionRead;
  await settled(page);
  await expect(page).toHaveURL(/#\/signup$/);
  await expect(page.getByLabel('Username')).toBeVisible();
});
