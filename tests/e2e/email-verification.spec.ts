import { expect, test } from '@playwright/test';
import { VERIFY_MSG } from '#shared/contracts/email-verification.js';
import { addMomoMethod, adminLogin, ensureTradingIsOpen, fillSignupForm, uniqueUser, verificationLink } from './support.js';

/*
 * Email verification (issue 26 points 5 and 7, docs/decisions/024): sign-up answers "Check your
 * email", the emailed link confirms the address and signs in; a customer who signs in with the
 * password first sees "Verify your email" with the address and Resend, and cannot order yet.
 */

test('sign-up → check your email → the link → Account Created! → the dashboard, verified', async ({ page, browser }) => {
  const user = uniqueUser('kwame');
  await fillSignupForm(page, user);
  await expect(page.getByRole('heading', { name: VERIFY_MSG.checkEmailTitle })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: VERIFY_MSG.checkEmail(user.email) })).toBeVisible();
  // Nobody is signed in by the sign-up itself.
  expect((await (await page.request.get('/api/session')).json()).user).toBeNull();

  await page.goto(await verificationLink(browser, user.email));
  await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, Akosua/ })).toBeVisible();
  await expect(page.getByRole('region', { name: VERIFY_MSG.bannerTitle })).toHaveCount(0);
});

test('an unverified customer signs in with the password: “Verify your email” with the address and Resend; an order is refused with the way out', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await ensureTradingIsOpen(browser, baseURL!);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const methodName = await addMomoMethod(admin, baseURL!, 'Verify MoMo');
  await adminContext.close();

  const user = uniqueUser('abena');
  await fillSignupForm(page, user);
  await expect(page.getByRole('heading', { name: VERIFY_MSG.checkEmailTitle })).toBeVisible();
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);

  const notice = page.getByRole('region', { name: VERIFY_MSG.bannerTitle });
  await expect(notice).toContainText(VERIFY_MSG.banner(user.email));
  await notice.getByRole('button', { name: VERIFY_MSG.resend }).click();
  await expect(notice.getByRole('status')).toHaveText(VERIFY_MSG.resent(user.email));
  // The page fits the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // On Buy the same notice; an order is refused by the server with its reason.
  await page.goto('/#/buy');
  await expect(page.getByRole('region', { name: VERIFY_MSG.bannerTitle })).toBeVisible();
  await page.getByLabel('Amount to spend (GHS)').fill('50');
  await expect(page.getByTestId('quote-countdown')).toBeVisible();
  await page.getByLabel('Wallet address').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await page.getByLabel('Payment method').selectOption({ label: methodName });
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByText(VERIFY_MSG.orderRefused(user.email))).toBeVisible();
  await expect(page).toHaveURL(/#\/buy$/);

  // The latest link (Resend's) confirms the address in this signed-in browser; the order goes through.
  await page.goto(await verificationLink(browser, user.email));
  await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible();
  await page.goto('/#/dashboard');
  await expect(page.getByRole('region', { name: VERIFY_MSG.bannerTitle })).toHaveCount(0);
});
