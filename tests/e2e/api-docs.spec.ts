import { expect, test } from '@playwright/test';

// The API reference runs under the app's own CSP (no CSP of its own, which would be weaker).
test('the API reference renders under the app CSP without a refused resource', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // The page shows "loading" until the OpenAPI document has come: waited for itself (bounded by
  // the test), since building it took more than the 10 s of an expect at load 17 (docs/decisions/044).
  const spec = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/docs/json');
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect((await spec).status()).toBe(200);
  await expect(page.getByRole('heading', { name: /CediCrypto API/ })).toBeVisible();
  await expect(page.getByText('/api/account/signup').first()).toBeVisible();
  expect(problems).toEqual([]);
});
