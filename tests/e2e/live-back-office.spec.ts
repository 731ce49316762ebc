import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  addMomoMethod,
  adminLogin,
  createBuyOrder,
  declareExchangeWallet,
  DOCUMENT_JPEG,
  DOCUMENT_PNG,
  E2E_STAFF,
  signUpInBrowser,
  uniqueGhanaCard,
  verifyPhone,
} from './support.js';

/*
 * The back office live (issue 27 point 6, docs/decisions/032), at 1366x768 and 768x1024: staff
 * pages open before anything happens show, without a reload, a customer's new KYC submission
 * and the alert their large order raises; when compliance releases the hold, the manager's open
 * order list stops showing "On compliance hold" and support's "Needs action" count (which left the
 * held order out) takes it in; a customer's chat message reaches support's Live Chat badge.
 * Support, who switched the desktop notification on, is told of the paid order. Each page is
 * marked before and checked after: never reloaded.
 */

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
] as const;

/** Marks the page; `isSamePage` is true while it has not been loaded again since. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'open';
  });
  return async () => page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark === 'open');
}

async function staffPage(
  browser: Browser,
  viewport: { width: number; height: number },
  email?: string,
  password?: string,
  permissions: string[] = [],
) {
  const context = await browser.newContext({ viewport, permissions });
  const page = await context.newPage();
  await adminLogin(page, email, password);
  return page;
}

for (const { name, viewport } of SIZES) {
  test(`new KYC submissions, alerts and a hold's release reach open staff pages without a reload (${name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const origin = { origin: baseURL! };
    const admin = await staffPage(browser, viewport);
    const methodName = await addMomoMethod(admin, baseURL!, `Live MoMo ${name}`);

    // The compliance officer's KYC list and desk, and the manager's and support's order lists, open first.
    const kycList = await staffPage(browser, viewport, E2E_STAFF.compliance.email, E2E_STAFF.compliance.password);
    await kycList.goto('/#/admin/kyc-submissions');
    await expect(kycList.getByRole('heading', { name: 'KYC Management' })).toBeVisible();
    const desk = await kycList.context().newPage();
    await desk.goto('/#/admin/compliance');
    await expect(desk.getByRole('heading', { name: 'Compliance' })).toBeVisible();
    const manager = await staffPage(browser, viewport, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
    // Support switches the desktop notification on (the browser has allowed this site's notifications).
    const support = await staffPage(browser, viewport, E2E_STAFF.support.email, E2E_STAFF.support.password, ['notifications']);
    await support.goto('/#/admin/notifications');
    const desktopSwitch = support.getByRole('switch', { name: 'Show a desktop notification' });
    await expect(desktopSwitch).toHaveAttribute('aria-checked', /true|false/);
    if ((await desktopSwitch.getAttribute('aria-checked')) === 'false') {
      await desktopSwitch.click();
      await expect(support.getByText('Notification settings saved.')).toBeVisible();
    }
    await expect(desktopSwitch).toHaveAttribute('aria-checked', 'true');
    // What the page shows through the browser's own Notification, recorded.
    await support.evaluate(() => {
      const Real = window.Notification;
      const shown: string[] = [];
      Object.assign(window, { shownNotifications: shown });
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(options?.body ?? '');
        }
      };
    });
    const shownNotifications = () => support.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);

    // A customer (their own browser) verifies the phone and submits their Ghana Card.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    const user = await signUpInBrowser(customer);
    await verifyPhone(customer);
    const kycStillOpen = await markPage(kycList);
    await customer.goto('/#/kyc');
    await customer.getByLabel('ID Type').selectOption({ label: 'Ghana Card' });
    await customer.getByLabel('ID Number').fill(uniqueGhanaCard());
    await customer.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Oxford Street, Osu');
    await customer.getByLabel('City').fill('Accra');
    await customer.getByLabel('Front of ID').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
    await customer.getByLabel('Back of ID').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: DOCUMENT_JPEG });
    await customer.getByLabel('Selfie with your ID').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: DOCUMENT_JPEG });
    await customer.getByRole('button', { name: 'Submit for verification' }).click();
    await expect(customer.getByRole('heading', { name: 'Your documents are under review' })).toBeVisible();

    // The open KYC list shows it, unreloaded.
    await expect(kycList.getByRole('row').filter({ hasText: user.email })).toContainText('Pending');
    expect(await kycStillOpen()).toBe(true);

    // Tier 2 (as a finished review would set it), then a GHS 60,000 order, paid: the large-order rule holds it.
    const verified = await customer.request.post('/api/test/customer-verification', {
      headers: origin,
      data: { email: user.email, tier: 2 },
    });
    expect(verified.status()).toBe(200);
    await customer.reload();
    const supportStillOpen = await markPage(support);
    const deskStillOpen = await markPage(desk);
    const orderId = await createBuyOrder(customer, methodName, '60000');
    // The Travel Rule's question answered, so that the large-order hold is the one this spec follows.
    await declareExchangeWallet(customer, orderId);
    await manager.goto(`/#/admin/orders?q=%23${orderId}`);
    const managerStillOpen = await markPage(manager);
    await support.goto('/#/admin/orders');
    const supportCount = async () => Number(/^\((\d+)\)/.exec(await support.title())?.[1] ?? '0');
    await expect(support.getByRole('heading', { name: 'Order Management' })).toBeVisible();
    await customer.getByLabel('MoMo TxID').fill(`MP${Date.now()}`);
    await customer.getByRole('button', { name: 'I have paid' }).click();
    await expect(customer.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();

    // Support, whose notifications are on, is told of the paid order.
    await expect.poll(shownNotifications).toContain(`Order #${orderId} is waiting for you.`);

    // The alert appears on the open desk; the manager's open list shows the hold.
    const alertRow = desk.getByRole('table', { name: 'Compliance alerts' }).getByRole('row').filter({ hasText: user.email });
    await expect(alertRow).toContainText(`Holds order #${orderId}`);
    const managerRow = manager.getByRole('row').filter({ has: manager.getByRole('button', { name: `View order #${orderId}` }) });
    await expect(managerRow).toContainText('On compliance hold');
    // Support's count leaves the held order out (it cannot act on it).
    const heldCount = await supportCount();

    // Compliance escalates and releases the hold (the desk's own flow is compliance-desk.spec.ts).
    const listed = await desk.request.get('/api/admin/compliance/alerts?status=open');
    const { alerts } = (await listed.json()) as { alerts: { id: number; orderId: number | null; action: string }[] };
    const alertId = alerts.find((alert) => alert.orderId === orderId && alert.action === 'hold')!.id;
    for (const [action, note] of [
      ['escalate', 'Unexplained funds.'],
      ['release', 'Source of funds documented; report filed.'],
    ] as const) {
      const decided = await desk.request.post(`/api/admin/compliance/alerts/${alertId}/${action}`, { headers: origin, data: { note } });
      expect(decided.status()).toBe(200);
    }

    // Released: gone from the manager's open list, counted on support's open page, neither reloaded.
    await expect(managerRow).toContainText('Pending');
    await expect(managerRow).not.toContainText('On compliance hold');
    await expect.poll(supportCount).toBe(heldCount + 1);
    await expect(support.getByText(/compliance hold/i)).toHaveCount(0);

    // A chat message from the customer: support's Live Chat badge counts it at once (it asked every 20 s before).
    const menu = support.getByRole('navigation', { name: 'Admin' });
    if (viewport.width < 1024) await support.getByRole('button', { name: 'Menu' }).click();
    const chatLink = menu.getByRole('link', { name: /^Live Chat/ });
    const unread = async () => Number(/(\d+) unread$/.exec((await chatLink.textContent()) ?? '')?.[1] ?? '0');
    const unreadBefore = await unread();
    const sent = await customer.request.post('/api/chat/messages', { headers: origin, data: { text: 'Is my order on its way?' } });
    expect(sent.status()).toBe(201);
    await expect.poll(unread).toBe(unreadBefore + 1);

    expect(await managerStillOpen()).toBe(true);
    expect(await supportStillOpen()).toBe(true);
    expect(await deskStillOpen()).toBe(true);

    for (const page of [admin, kycList, manager, support]) await page.context().close();
    await customerContext.close();
  });
}
