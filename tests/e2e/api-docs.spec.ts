import { expect, test } from '@playwright/test';

// The API reference runs under the app's own CSP (no CSP of its own, which would be weaker).
test('the API reference renders under the app CSP without a refused resource', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: /CediCrypto API/ })).toBeVisible();
  await expect(page.getByText('/api/account/signup').first()).toBeVisible();
  expect(problems).toEqual([]);
});
