import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { EMAIL_HEALTH_MSG } from '#shared/contracts/setup.js';
import { adminLogin, E2E_ADMIN, E2E_STAFF } from './support.js';

/*
 * Issue 27 point 7, operations (docs/decisions/033), at a laptop's 1366x768 and a tablet's
 * 768x1024: the super admin's dashboard warns of emails not delivered (the e2e server has no SMTP,
 * so every email is skipped) and its link opens the Email Log filtered to them; a failed staff
 * sign-in is in the Audit Log, found with the Action filter, its outcome in words.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.x A/AA and best-practice violations on the page as it is now (as accessibility.spec.ts runs it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string }[] }> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => violation.id);
  });
}

const SIZES = [
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '768x1024', viewport: { width: 768, height: 1024 } },
] as const;

for (const size of SIZES) {
  test(`at ${size.name}: emails not delivered are warned of on the dashboard; staff sign-ins are in the audit log`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    await adminLogin(page);

    // An email that cannot go out (no SMTP here), and a wrong password on the back-office sign-in.
    const asked = await page.request.post('/api/account/forgot-password', {
      headers: { origin: baseURL! },
      data: { email: E2E_STAFF.compliance.email },
    });
    expect(asked.status()).toBe(200);
    const refused = await context.request.post('/api/session/login', {
      headers: { origin: baseURL! },
      data: { email: E2E_STAFF.support.email, password: 'Not-The-Passw0rd-42', portal: 'admin' },
    });
    expect(refused.status()).toBe(401);

    // The dashboard's warning (the background sender skips the email within a second or so).
    const warning = page.getByRole('status').filter({ hasText: EMAIL_HEALTH_MSG.title });
    await expect(async () => {
      await page.goto('/#/admin/dashboard');
      await expect(warning).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(warning).toContainText(/\d+ emails? from the last 24 hours (was|were) not delivered\./);
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    expect(await axeViolations(page), 'dashboard with the warning').toEqual([]);
    const link = warning.getByRole('link', { name: EMAIL_HEALTH_MSG.link });
    await expect(link).toBeInViewport();
    await link.click();

    // The Email Log, only the emails that did not go out.
    await expect(page).toHaveURL(/#\/admin\/emails\?status=undelivered$/);
    const filter = page.getByRole('checkbox', { name: EMAIL_HEALTH_MSG.filterLabel });
    await expect(filter).toBeChecked();
    const table = page.getByRole('table', { name: 'Email log' });
    await expect(table.getByRole('row').filter({ hasText: E2E_STAFF.compliance.email }).first()).toBeVisible();
    expect(await axeViolations(page), 'email log, emails not delivered').toEqual([]);
    // No status badge says it went out.
    await expect(table.locator('tbody').getByText('Sent', { exact: true })).toHaveCount(0);
    await filter.uncheck();
    await expect(page).toHaveURL(/#\/admin\/emails$/);

    // The Audit Log: the refused sign-in, found by its action, says how it ended.
    await page.goto('/#/admin/audit?action=staff.sign_in_failed');
    const failed = page.getByRole('row').filter({ hasText: E2E_STAFF.support.email }).filter({ hasText: 'Wrong password' });
    await expect(failed.first()).toBeVisible();
    // The super admin's own sign-ins are there too (this run's first one at least).
    await page.goto('/#/admin/audit?action=staff.sign_in');
    await expect(page.getByRole('row').filter({ hasText: E2E_ADMIN.email }).filter({ hasText: 'Signed in' }).first()).toBeVisible();
    await context.close();
  });
}
