import { expect, test } from '@playwright/test';

// The app uses hash routes; someone who types the address without the # still gets the page.
test('typing /login without the # lands on the login form; an unknown page says so and links home', async ({ page, baseURL }) => {
  const problems: string[] = [];
  // The 404 of the unknown page itself is expected, and the reset page's check refusing a made-up
  // link; anything else (a CSP refusal...) is not.
  const isExpected = (url: string) => url.endsWith('/no-such-page') || url.endsWith('/api/account/reset-password/check');
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpected(message.location().url)) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && !isExpected(response.url())) problems.push(`${response.status()} ${response.url()}`);
  });

  await page.goto(`${baseURL}/login`);
  await expect(page).toHaveURL(/\/#\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await page.goto(`${baseURL}/reset-password?token=not-a-real-token`);
  await expect(page).toHaveURL(/\/#\/reset-password\?token=not-a-real-token$/);
  // The link is checked as the page opens (issue 26 point 16).
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired. Please request a new one.');

  const response = await page.goto(`${baseURL}/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buy and sell crypto with cedis and mobile money' })).toBeVisible();
  expect(problems).toEqual([]);
});
