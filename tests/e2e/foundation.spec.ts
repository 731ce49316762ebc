import { expect, test } from '@playwright/test';
import { adminLogin, builtFilesUnder, completeSecondFactor, E2E_ADMIN, signUpInBrowser, uniqueUser } from './support.js';

test('the app is served with a CSP, and the admin code is not loaded on /', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await page.waitForLoadState('networkidle');
  const adminFiles = builtFilesUnder('features/admin/', 'app/layouts/admin-layout');
  expect(adminFiles.length).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of adminFiles) expect(scripts).not.toContain(`/${file}`);

  const [script = ''] = scripts;
  const asset = await page.request.get(script);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a customer signs up, lands on the dashboard and logs out', async ({ page }) => {
  const user = await signUpInBrowser(page);
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Akosua' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete KYC' }).first()).toBeVisible();

  await page.getByRole('button', { name: user.username }).click();
  await Promise.all([page.waitForResponse('**/api/session/logout'), page.getByRole('button', { name: 'Log out' }).click()]);
  await expect(page).toHaveURL(/#\/(login)?$/);
  // The session is really gone: the dashboard sends us away again.
  await page.goto('/#/dashboard');
  await expect(page).not.toHaveURL(/#\/dashboard$/);
  expect(await page.evaluate(() => window.localStorage.getItem('cachedProfile'))).toBeNull();
});

test('signup refuses a username that reads as staff (the server says why on blur) and a name that mixes scripts', async ({ page }) => {
  const user = uniqueUser();
  await page.goto('/#/signup');
  const username = page.getByLabel('Username');
  await username.fill('cedi.support');
  await Promise.all([page.waitForResponse('**/api/account/username-available?*'), username.blur()]);
  const reserved = 'This username looks like a CediCrypto staff account (admin, support, ...). Please choose another one.';
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(reserved);

  await username.fill(user.username);
  await page.getByLabel('Full name').fill('\u0410kosua Asantewaa'); // a Cyrillic А
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription(
    'Write your full name in one alphabet: do not mix, for example, Latin and Cyrillic letters.',
  );

  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
});

test('the super admin signs in at /admin/login', async ({ page }) => {
  await adminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password, { fresh: true });
  await expect(page).toHaveURL(/#\/admin\/dashboard$/);
  const menu = page.getByRole('navigation', { name: /admin/i });
  await expect(menu.getByRole('link', { name: 'Email Log' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin Management' })).toBeVisible();
});

test('staff at the customer login are sent on to the admin login with the email filled in', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Admin accounts must use the admin login.').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/admin\/login/);
  await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
});

test('an admin page remembers where an anonymous visitor wanted to go', async ({ page }) => {
  await page.goto('/#/admin/settings');
  await expect(page).toHaveURL(/#\/admin\/login/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await completeSecondFactor(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/#\/admin\/settings$/);
});

test('a customer is refused the admin area', async ({ page }) => {
  await signUpInBrowser(page);
  await page.goto('/#/admin/users');
  await expect(page).toHaveURL(/#\/admin\/access-denied$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have the required permissions to view this page.')).toBeVisible();
});
