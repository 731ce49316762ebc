import { expect, test, type Page } from '@playwright/test';
import { CONTACT_DEFAULTS, CONTACT_FORM_MSG, CONTENT_MSG } from '#shared/contracts/content.js';
import type { TMarketResponse } from '#shared/contracts/market.js';

// Shown by the landing page when /api/market itself cannot be reached (market-section.tsx).
const MARKET_LOAD_FAILED = 'Live prices are unavailable right now. Please try again in a moment.';
const LANDING_COINS = 6;

async function fetchMarket(page: Page): Promise<TMarketResponse> {
  const response = await page.request.get('/api/market');
  expect(response.status()).toBe(200);
  return (await response.json()) as TMarketResponse;
}

function marketTable(page: Page) {
  return page.getByRole('table', { name: 'Live market prices' });
}

/** Data rows only: the skeleton rows are aria-hidden and the header row lives in <thead>. */
function marketRows(page: Page) {
  return marketTable(page).locator('tbody').getByRole('row');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('at 360 px the landing page shows the live market without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  // The e2e server runs the simulated feed (playwright.config.ts): prices are always there.
  const market = await fetchMarket(page);
  expect(market.feed).toBe('simulated');
  expect(market.errors).toEqual({});
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(marketRows(page)).toHaveCount(Math.min(LANDING_COINS, market.coins.length));
  await expect(page.getByText(MARKET_LOAD_FAILED)).toHaveCount(0);
  await expect(page.getByText('Simulated prices')).toBeVisible();

  // Let the lazily loaded table chunk settle before measuring and capturing.
  await page.waitForLoadState('networkidle');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/landing-360.png', fullPage: true });
});

test('the landing page is painted from the HTML before any JavaScript, and other pages never flash it', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const heading = page.getByRole('heading', { level: 1, name: 'Buy and sell crypto with cedis and mobile money' });

  // No JavaScript file loads: what shows is index.html and the stylesheet alone.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(heading).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '#/signup');
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '#/login');

  // A link into the app (an email's, a bookmark): the inline boot script, allowed by the CSP,
  // hides the prerendered landing page until the app starts.
  await page.goto('about:blank');
  await page.goto('/#/login');
  await expect(page.locator('html')).toHaveAttribute('data-deep-link', '');
  await expect(heading).toBeHidden();
  // In its place the splash, from the stylesheet alone (docs/decisions/025).
  expect(await page.locator('#root').evaluate((root) => getComputedStyle(root, '::before').content)).toContain('Loading');
  expect(problems.filter((text) => !text.includes('net::ERR_FAILED'))).toEqual([]);

  // A link to an order (the SMS and emails): before any JavaScript file, the boot script asks
  // for the order page's code (modulepreload) and starts the session's and the order's reads.
  await page.goto('about:blank');
  const reads = [page.waitForRequest('**/api/session'), page.waitForRequest('**/api/orders/7')];
  await page.goto('/#/orders/7');
  await Promise.all(reads);
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/order-page-"]')).toHaveCount(1);
  // And "I have paid"'s, a chunk of its own that the page loads lazily (issue 26 point 15).
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/payment-form-"]')).toHaveCount(1);

  // With JavaScript the app takes over: the login page, the mark gone, nothing logged.
  await page.unroute('**/assets/*.js');
  problems.length = 0;
  await page.goto('about:blank');
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(heading).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-deep-link');
  // And on to the landing page inside the app, which the leftover mark must not hide.
  await page.getByRole('link', { name: 'CediCrypto' }).first().click();
  await expect(heading).toBeVisible();
  await expect(marketRows(page).first().or(page.getByText(MARKET_LOAD_FAILED))).toBeVisible();
  expect(problems).toEqual([]);
});

test('each sparkline draws exactly the recorded price history of its coin', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The simulated feed (playwright.config.ts) records prices every few seconds: wait for a real line.
  expect((await fetchMarket(page)).feed).toBe('simulated');
  await expect.poll(async () => (await fetchMarket(page)).coins[0]?.history.length ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  // The server records a price every few seconds, so page and API answer are compared after a
  // reload until both come from the same refresh.
  await expect(async () => {
    await page.goto('/');
    await page.reload();
    await expect(marketRows(page).first().getByRole('rowheader')).toBeVisible();

    const market = await fetchMarket(page);
    const shown = market.coins.slice(0, LANDING_COINS);
    await expect(marketRows(page)).toHaveCount(shown.length);
    for (const coin of shown) {
      const sparkline = page.getByRole('img', { name: new RegExp(`^${escapeRegExp(coin.name)} price over the last \\d+ updates$`) });
      if (coin.history.length < 2) {
        await expect(sparkline).toHaveCount(0);
        continue;
      }
      await expect(sparkline).toHaveAccessibleName(`${coin.name} price over the last ${coin.history.length} updates`, { timeout: 1_000 });
      const points = (await sparkline.locator('polyline').getAttribute('points')) ?? '';
      expect(points.trim().split(/\s+/)).toHaveLength(coin.history.length);
    }
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/landing-desktop.png' });
});

test('when /api/market cannot be reached the landing page says so instead of showing prices', async ({ page }) => {
  await page.route('**/api/market', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await page.goto('/');
  await expect(page.getByText(MARKET_LOAD_FAILED)).toBeVisible({ timeout: 30_000 });
  await expect(marketRows(page)).toHaveCount(0);
});

test('the contact page shows the editable content and sends the message before it thanks the visitor', async ({ page }) => {
  const response = await page.request.get('/api/content/contact');
  expect(response.status()).toBe(200);
  const content = (await response.json()) as typeof CONTACT_DEFAULTS;
  expect(content.headline).toBe(CONTACT_DEFAULTS.headline);

  await page.goto('/#/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Get in touch' })).toBeVisible();
  await expect(page.getByText(CONTENT_MSG.loadFailed)).toHaveCount(0);
  // An email and a phone only once staff set them (issue 16, docs/decisions/022: nothing made up).
  if (content.supportEmail) {
    await expect(page.getByRole('link', { name: content.supportEmail })).toHaveAttribute('href', `mailto:${content.supportEmail}`);
  } else {
    await expect(page.getByText(/^Email:/)).toHaveCount(0);
  }
  if (content.supportPhone) {
    await expect(page.getByRole('link', { name: content.supportPhone })).toHaveAttribute('href', /^tel:\+?\d+$/);
  } else {
    await expect(page.getByText(/^Phone:/)).toHaveCount(0);
  }

  // All fields are required; the message goes to the support inbox, then the visitor is thanked.
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(CONTACT_FORM_MSG.nameRequired)).toBeVisible();
  await page.getByLabel('Name').fill('Kwame Mensah');
  await page.getByLabel('Email').fill('kwame@example.com');
  await page.getByLabel('Message').fill('When will my order be completed?');
  const sent = page.waitForResponse((answer) => answer.url().endsWith('/api/contact') && answer.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText(CONTACT_FORM_MSG.thanks)).toBeVisible();
});

test('the FAQ answers the 5 questions of the product', async ({ page }) => {
  await page.goto('/#/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  const questions = page.locator('main details > summary');
  await expect(questions).toHaveCount(5);
  await expect(questions.nth(1)).toContainText('fees');
  await questions.nth(1).click();
  await expect(page.getByText(/2\.5% service fee/)).toBeVisible();
  await questions.nth(3).click();
  await expect(page.getByText(/up to \$20/)).toBeVisible();
});

test('the public pages state the service fee set in the back-office, not a fixed 2.5%', async ({ page }) => {
  // The server's real answer, with the fee an admin could have set in Settings.
  await page.route('**/api/market', async (route) => {
    const response = await route.fetch();
    const market = (await response.json()) as TMarketResponse;
    await route.fulfill({ response, json: { ...market, serviceFeePercentage: '3.00' } });
  });
  await page.goto('/');
  await expect(page.getByText('One simple 3% service fee, no surprises.')).toBeVisible();
  await page.goto('/#/faq');
  await page.locator('main details > summary').nth(1).click();
  await expect(page.getByText('We charge a flat 3% service fee', { exact: false })).toBeVisible();
  await page.goto('/#/terms');
  await expect(page.getByText(/We charge a flat 3% service fee/)).toBeVisible();
  await page.goto('/#/about');
  await expect(page.getByText(/service fee is a flat 3% already included/)).toBeVisible();
  await expect(page.getByText(/2\.5%/)).toHaveCount(0);
});
