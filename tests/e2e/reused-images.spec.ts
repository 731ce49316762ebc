import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { addMomoMethod, adminLogin, createBuyOrder, E2E_STAFF, signUpInBrowser, uniqueUser } from './support.js';

/*
 * Issue 27 point 4 (docs/decisions/031), at the back-office's two widths: a payment screenshot a
 * first customer used is sent again, re-encoded as a JPEG, with a second customer's order; the
 * support agent's Order Details show "Same image as order #… (customer …)" beside the screenshot,
 * linking to that order, and the compliance desk has the alert. Support never sees the alert.
 */

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/images', name));

async function paidBuyWith(
  browser: Browser,
  methodName: string,
  fullName: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signUpInBrowser(page, { ...uniqueUser('reuse'), fullName });
  const orderId = await createBuyOrder(page, methodName, '100');
  await page.getByLabel('MoMo TxID').fill(`MP${Date.now()}${Math.floor(Math.random() * 1000)}`);
  await page.getByLabel('Payment screenshot (optional)').setInputFiles(file);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();
  await context.close();
  return orderId;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`a reused payment screenshot on a second customer's order is flagged beside the image (${viewport.width}x${viewport.height})`, async ({
    browser,
    baseURL,
  }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await adminLogin(admin);
    const methodName = await addMomoMethod(admin, baseURL!, 'Reuse MoMo');
    await adminContext.close();

    const first = await paidBuyWith(browser, methodName, 'Ama Mensah', {
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: fixture('receipt-a.png'),
    });
    const second = await paidBuyWith(browser, methodName, 'Yaw Owusu', {
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: fixture('receipt-a-q60.jpg'),
    });

    const supportContext = await browser.newContext({ viewport });
    const support = await supportContext.newPage();
    await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);
    await support.goto(`/#/admin/orders?${new URLSearchParams({ q: `#${second}` }).toString()}`);
    await support.getByRole('button', { name: `View order #${second}` }).click();
    const details = support.getByRole('dialog', { name: 'Order Details' });
    await expect(details.getByRole('img', { name: `Payment screenshot of order #${second}` })).toBeVisible();
    const notice = details.getByRole('note', { name: 'Same image elsewhere' });
    const link = notice.getByRole('link', { name: `Same image as order #${first} (customer Ama Mensah)` });
    // The details re-render once the full order has loaded: wait for the settled notice.
    await expect(link).toBeVisible();
    // A live event can render the details again under the scroll (the link is then a new
    // element): scroll the link as it is now until it is in view.
    await expect(async () => {
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
    }).toPass();
    // Beside the image: the notice follows the screenshot in the same fact.
    const image = details.getByRole('img', { name: `Payment screenshot of order #${second}` });
    // Both bounds on one measurement: a live re-render between two reads left no box (null).
    await expect(async () => {
      const imageBox = await image.boundingBox();
      const noticeBox = await notice.boundingBox();
      expect(imageBox && noticeBox, 'the image and the notice on screen').toBeTruthy();
      const gap = noticeBox!.y - (imageBox!.y + imageBox!.height);
      expect(gap).toBeGreaterThanOrEqual(-1);
      expect(gap).toBeLessThan(80);
    }).toPass();
    expect(await support.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The link opens the first order in Order Management.
    await link.click();
    await expect(support.getByRole('button', { name: `View order #${first}` })).toBeVisible();
    // Support has no compliance desk (tipping-off rules): the alert stays the desk's.
    expect((await support.request.get('/api/admin/compliance/alerts')).status()).toBe(403);
    await supportContext.close();

    const complianceContext = await browser.newContext({ viewport });
    const compliance = await complianceContext.newPage();
    await adminLogin(compliance, E2E_STAFF.compliance.email, E2E_STAFF.compliance.password);
    await compliance.goto('/#/admin/compliance');
    await compliance.getByLabel('Rule').selectOption({ label: 'Same image as another customer' });
    await expect(compliance.getByText('Yaw Owusu').first()).toBeVisible();
    await complianceContext.close();
  });
}
