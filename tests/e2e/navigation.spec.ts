import { expect, test, type Locator, type Page } from '@playwright/test';
import { addMomoMethod, adminLogin, createBuyOrder, E2E_STAFF, PNG, signUpInBrowser, uniqueGhanaCard, verifyPhone } from './support.js';

/*
 * Issue 16 point 4, "Navigation", in a browser: a signed-out link to a customer page (the order
 * emails link to /#/orders/N) goes to the login and comes back after it; every page has its own
 * tab title; on a 360 px phone the chat button and the toasts cover neither the form's submit
 * button nor each other; a KYC decision reaches the customer's open tab within seconds.
 */

type TBox = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<TBox> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator.toString()}`);
  return box;
}

function overlaps(a: TBox, b: TBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function logOut(page: Page, username: string) {
  await page.getByRole('button', { name: username }).click();
  await Promise.all([page.waitForResponse('**/api/session/logout'), page.getByRole('button', { name: 'Log out' }).click()]);
  await expect(page).toHaveURL(/#\/$/);
}

test('a signed-out link to an order goes to the login and back to the order, each page with its own title', async ({
  page,
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const methodName = await addMomoMethod(admin, baseURL!, 'Navigation MoMo');
  await admin.goto('/#/admin/orders');
  await expect(admin).toHaveTitle(/^(\(\d+\) )?Order Management · CediCrypto$/);
  await adminContext.close();

  const user = await signUpInBrowser(page);
  await expect(page).toHaveTitle('Dashboard · CediCrypto');
  // The header leads back to the dashboard from every page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy' }).click();
  await expect(page).toHaveTitle('Buy crypto · CediCrypto');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard · CediCrypto');

  const orderId = await createBuyOrder(page, methodName, '50');
  await expect(page).toHaveTitle(`Order #${orderId} · CediCrypto`);
  await logOut(page, user.username);

  // The link of the order emails, opened signed out.
  await page.goto(`/#/orders/${orderId}`);
  await expect(page).toHaveURL(new RegExp(`#/login\\?from=%2Forders%2F${orderId}$`));
  await expect(page).toHaveTitle('Log in · CediCrypto');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`#/orders/${orderId}$`));
  await expect(page.getByRole('heading', { name: `Buy order #${orderId}` })).toBeVisible();
  await expect(page).toHaveTitle(`Order #${orderId} · CediCrypto`);

  // Another customer page, with its query; and a return path outside the customer pages is ignored.
  await logOut(page, user.username);
  await page.goto('/#/buy?coin=eth');
  await expect(page).toHaveURL(/#\/login\?from=%2Fbuy%3Fcoin%3Deth$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/buy\?coin=eth$/);
  await expect(page.getByLabel('Coin', { exact: true })).toHaveValue('eth');

  await logOut(page, user.username);
  await page.goto('/#/login?from=%2F%2Fevil.example%2Forders%2F1');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the chat button and the toasts cover neither the submit button nor each other', async ({ page }, testInfo) => {
    await signUpInBrowser(page);
    await page.goto('/#/buy');
    await expect(page.getByRole('heading', { name: 'Buy crypto' })).toBeVisible();
    const chat = page.getByRole('button', { name: /^Live support chat/ });
    const submit = page.getByRole('button', { name: 'Create order' });
    await expect(chat).toBeVisible();
    await expect(submit).toBeVisible();

    // Scrolled to the very end: the page's last content is clear of the button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerEnd = page.getByRole('contentinfo');
    expect(overlaps(await boxOf(chat), await boxOf(footerEnd.getByRole('navigation', { name: 'Footer' })))).toBe(false);

    // Brought into view by the keyboard (Tab to it), the submit button stops above the chat button.
    await page.evaluate(() => window.scrollTo(0, 0));
    await submit.focus();
    expect(overlaps(await boxOf(chat), await boxOf(submit))).toBe(false);
    await page.evaluate(() => document.querySelector('button[type="submit"]')?.scrollIntoView({ block: 'end' }));
    expect(overlaps(await boxOf(chat), await boxOf(submit))).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('buy-360-submit.png') });

    // An empty form says so in a toast (a second tap does not pile up another): at the top of the
    // screen, clear of the chat button and of the button pressed.
    await submit.click();
    await submit.click();
    // A failure is an alert (announced at once).
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toHaveText('Please fill all required fields.');
    const chatBox = await boxOf(chat);
    expect(overlaps(await boxOf(toasts.first()), chatBox)).toBe(false);
    await page.evaluate(() => document.querySelector('button[type="submit"]')?.scrollIntoView({ block: 'end' }));
    const submitBox = await boxOf(submit);
    expect(overlaps(submitBox, chatBox)).toBe(false);
    expect(overlaps(submitBox, await boxOf(toasts.first()))).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('buy-360-toast.png') });

    // With the chat open, a toast does not cover its panel.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toasts).toHaveCount(0);
    await chat.click();
    const panel = page.getByRole('region', { name: 'Live Support' });
    await expect(panel).toBeVisible();
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
    await expect(toasts).toHaveCount(1);
    const [toastBox, panelBox] = [await boxOf(toasts.first()), await boxOf(panel)];
    expect(overlaps(toastBox, panelBox)).toBe(false);
    expect(toastBox.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('buy-360-chat-open.png') });
  });
});

test('a KYC decision reaches the customer’s open tab within seconds, without a reload', async ({ page, browser }) => {
  await signUpInBrowser(page);
  // Tier 1 asks for a verified phone first (docs/decisions/016).
  await verifyPhone(page);
  const submitted = await page.request.post('/api/kyc', {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      idType: 'national_id',
      // One ID verifies one account (docs/decisions/016): a number of its own.
      idNumber: uniqueGhanaCard(),
      address: '12 Oxford Street, Osu',
      city: 'Accra',
      country: 'Ghana',
      front: { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      back: { name: 'back.png', mimeType: 'image/png', buffer: PNG },
      selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { submission } = (await submitted.json()) as { submission: { id: number } };

  // Submitted outside this page (as from another tab): the page read again knows it.
  await page.goto('/#/kyc');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your documents are under review' })).toBeVisible();

  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await adminLogin(staff, E2E_STAFF.compliance.email, E2E_STAFF.compliance.password);
    const approved = await staff.request.post(`/api/admin/kyc-submissions/${submission.id}/approve`, {
      headers: { origin: new URL(staff.url()).origin },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await staffContext.close();
  }

  // No reload: the open page turns verified within seconds (the session used to be read again after 60 s).
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByRole('link', { name: 'Complete KYC' })).toHaveCount(0);
});
