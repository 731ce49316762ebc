import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { businessDayOf, previousDay } from '#shared/business-day.js';
import { adminLogin, E2E_STAFF, paidBuyInBrowser, uniqueUser } from './support.js';

/*
 * Issue 28 point 6 (docs/decisions/040): the Treasury page warns when a wallet cannot cover the
 * paid orders waiting on it, and a manager signs a finished day's settlement off, once, after a
 * confirmation; a day not over cannot be signed. At 1366x768 (a laptop) and 768x1024 (a tablet),
 * nothing is wider than the window. Days here are the server's real days: the run's data directory
 * is new, so no day was signed before.
 */

const LAPTOP = { width: 1366, height: 768 };
const TABLET = { width: 768, height: 1024 };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's WCAG 2.2 AA and best-practice rules on the page as it is now (as accessibility.spec.ts runs them). */
async function expectNoAxeViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  });
  expect(violations, what).toEqual([]);
}

async function expectNoPageOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page scroll width').toBeLessThanOrEqual(clientWidth);
}

/** Signs `day` off on the Settlement page, through its confirmation. */
async function signOff(page: Page, day: string) {
  await page.goto(`/#/admin/settlement?day=${day}`);
  await expect(page.getByRole('heading', { name: 'Settlement', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Day')).toHaveValue(day);
  await expect(page.getByRole('heading', { name: `Accounts on ${day}` })).toBeVisible();
  await expectNoPageOverflow(page);
  await page.getByRole('button', { name: 'Sign off' }).click();
  const dialog = page.getByRole('dialog', { name: `Sign off ${day}` });
  await expect(dialog).toContainText('cannot be signed again');
  await expectNoAxeViolations(page, `the sign-off of ${day}`);
  await dialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Signed off by Demo Manager at' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign off' })).toHaveCount(0);
}

test('at 1366 px the treasury warns of a wallet that cannot pay a waiting buy, and a manager signs yesterday off once', async ({
  browser,
  baseURL,
}) => {
  const superContext = await browser.newContext({ viewport: LAPTOP });
  const superAdmin = await superContext.newPage();
  await adminLogin(superAdmin);
  const { context: customerContext } = await paidBuyInBrowser(browser, superAdmin, baseURL!, {
    amountGhs: '150',
    methodPrefix: 'Treasury MoMo',
    user: uniqueUser('treasury'),
  });
  await customerContext.close();
  await superContext.close();

  const context = await browser.newContext({ viewport: LAPTOP });
  const page = await context.newPage();
  await adminLogin(page, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await menu.getByRole('link', { name: 'Treasury' }).click();
  await expect(page.getByRole('heading', { name: 'Treasury', level: 1 })).toBeVisible();
  // The paid buy needs BTC from a wallet the ledger shows nothing in.
  await expect(page.getByRole('status').filter({ hasText: 'BTC on BTC cannot cover the orders waiting on it' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Whether each wallet covers the orders waiting on it' }).getByText('Short')).toBeVisible();
  await expectNoPageOverflow(page);
  await expectNoAxeViolations(page, 'Treasury');

  // Today is not over: its report is open and has no Sign off.
  const today = businessDayOf(new Date());
  await page.goto(`/#/admin/settlement?day=${today}`);
  await expect(page.getByText('This day is not over yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign off' })).toHaveCount(0);

  const yesterday = previousDay(today);
  await signOff(page, yesterday);
  // Once: the server refuses a second sign-off of the day.
  const again = await page.request.post(`/api/admin/treasury/settlement/${yesterday}/sign-off`, {
    headers: { origin: baseURL! },
    data: {},
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.code).toBe('SETTLEMENT_ALREADY_SIGNED');
  await context.close();
});

test('at 768 px the Settlement page fits, and a manager signs the day before yesterday off from the menu', async ({ browser }) => {
  const context = await browser.newContext({ viewport: TABLET });
  const page = await context.newPage();
  await adminLogin(page, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settlement' }).click();
  await expect(page.getByRole('heading', { name: 'Settlement', level: 1 })).toBeVisible();
  await expectNoPageOverflow(page);
  await signOff(page, previousDay(previousDay(businessDayOf(new Date()))));
  await page.goto('/#/admin/treasury');
  await expect(page.getByRole('heading', { name: 'Orders waiting on a payout' })).toBeVisible();
  await expectNoPageOverflow(page);
  await context.close();
});
