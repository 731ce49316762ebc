import { expect, test, type Page } from '@playwright/test';
import {
  adminLogin,
  DOCUMENT_JPEG,
  DOCUMENT_PNG,
  E2E_STAFF,
  ensureTradingIsOpen,
  naturalWidthOf,
  signUpInBrowser,
  uniqueGhanaCard,
  verifyPhone,
} from './support.js';

/** Fills the identity details with a Ghana Card of its own (one ID verifies one account: docs/decisions/016); returns its number. */
async function fillKycDetails(page: Page): Promise<string> {
  const card = uniqueGhanaCard();
  await page.getByLabel('ID Type').selectOption({ label: 'Ghana Card' });
  await page.getByLabel('ID Number').fill(card);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Oxford Street, Osu');
  await page.getByLabel('City').fill('Accra');
  await expect(page.getByLabel('Country')).toHaveValue('Ghana');
  return card;
}

test('a customer verifies the phone and submits Ghana Card and selfie, compliance approves to Tier 1, the customer sees the new limits', async ({
  page,
  browser,
  baseURL,
}) => {
  // The buy page below shows the remaining limit only while trading is open (a payment method and a coin).
  await ensureTradingIsOpen(browser, baseURL!);
  const user = await signUpInBrowser(page);
  await expect(page.getByRole('link', { name: 'Complete KYC' }).first()).toBeVisible();
  await expect(page.getByText('Your account has a $20 trading limit.')).toBeVisible();

  await page.goto('/#/kyc');
  await expect(page.getByRole('heading', { name: 'Verify your identity', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your verification tier: Tier 0' })).toBeVisible();
  // Step 2 waits for step 1: the phone, verified with the code of the SMS (read from the SMS Log).
  const identity = page.getByRole('region', { name: 'Step 2: Verify your identity (Tier 1)' });
  await expect(identity).toContainText('Verify your phone number first (step 1), then submit your identity documents.');
  await expect(page.getByLabel('ID Type')).toHaveCount(0);
  await verifyPhone(page, { viaPage: true });
  await page.goto('/#/dashboard');
  // The step left is the identity now, and the limit is the setting's ($20 by default).
  await expect(page.getByText('Your account has a $20 trading limit.')).toBeVisible();
  await expect(page.getByText('Verify your identity for higher limits.')).toBeVisible();
  await page.goto('/#/kyc');

  const card = await fillKycDetails(page);
  await page.getByLabel('Front of ID').setInputFiles({ name: 'ghana-card-front.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
  await page.getByLabel('Back of ID').setInputFiles({ name: 'ghana-card-back.jpg', mimeType: 'image/jpeg', buffer: DOCUMENT_JPEG });
  await page.getByLabel('Selfie with your ID').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: DOCUMENT_JPEG });
  await expect(page.getByRole('img', { name: 'Front of ID preview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Back of ID preview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Selfie with your ID preview' })).toBeVisible();

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/kyc') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Submit for verification' }).click(),
  ]);
  expect(response.status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Your documents are under review' })).toBeVisible();
  await expect(page.getByText(/24-48 hours/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete KYC' })).toHaveCount(0);
  // Issue 26 point 11: the review keeps the Tier 0 allowance usable; every screen says so, none says "paused".
  const meanwhile = /You can keep trading within your Tier 0 limit of \$20 meanwhile\./;
  await expect(page.getByText(meanwhile)).toBeVisible();
  await page.goto('/#/dashboard');
  await expect(page.getByText(meanwhile)).toBeVisible();
  await expect(page.getByText(/You have \$20\.00 left\./)).toBeVisible();
  await page.goto('/#/buy');
  await expect(page.getByText(meanwhile)).toBeVisible();
  await expect(page.getByText(/Remaining limit: \$20\.00/)).toBeVisible();
  await expect(page.getByText(/paused|Trading resumes/i)).toHaveCount(0);
  await page.goto('/#/kyc');
  await expect(page.getByRole('heading', { name: 'Your documents are under review' })).toBeVisible();

  // A compliance officer, in a separate browser context (own cookies).
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await adminLogin(admin, E2E_STAFF.compliance.email, E2E_STAFF.compliance.password);
    await expect(admin).toHaveURL(/#\/admin\/dashboard$/);
    await admin.goto('/#/admin/kyc-submissions');
    await expect(admin.getByRole('heading', { name: 'KYC Management' })).toBeVisible();
    await admin.getByLabel('Status').selectOption('pending');
    const row = admin.getByRole('row').filter({ hasText: user.email });
    await expect(row).toContainText('Ghana Card');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: /^View submission #\d+$/ }).click();

    const dialog = admin.getByRole('dialog', { name: /^KYC Submission #\d+$/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(user.fullName);
    await expect(dialog).toContainText('Tier 1: identity and selfie');
    await expect(dialog).toContainText(card);
    await expect(dialog).toContainText('12 Oxford Street, Osu, Accra, Ghana');
    expect(await naturalWidthOf(admin, 'Front of ID document')).toBeGreaterThan(0);
    expect(await naturalWidthOf(admin, 'Back of ID document')).toBeGreaterThan(0);
    expect(await naturalWidthOf(admin, 'Selfie with ID document')).toBeGreaterThan(0);
    const frontLink = dialog.getByRole('link', { name: 'Open Front of ID in a new tab' });
    await expect(frontLink).toHaveAttribute('target', '_blank');
    await expect(frontLink).toHaveAttribute('href', /^\/api\/admin\/kyc-submissions\/\d+\/documents\/front$/);

    await dialog.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve submission' });
    await expect(confirm).toContainText('Are you sure you want to approve this submission?');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Submission approved. The customer is now verified.')).toBeVisible();
    await expect(admin.getByRole('dialog', { name: /^KYC Submission #\d+$/ })).toContainText('Approved');
    await expect(admin.getByRole('dialog').getByRole('button', { name: 'Approve' })).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // Back to the customer: verified at Tier 1, with its daily and monthly limits, and no more 'Complete KYC'.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your verification tier: Tier 1' })).toBeVisible();
  await expect(page.getByText('Left today', { exact: true })).toBeVisible();
  await expect(page.getByText('Left this month', { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Tier 2 verification' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete KYC' })).toHaveCount(0);
  await page.goto('/#/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText('Your account has a $20 trading limit.')).toHaveCount(0);
  await expect(page.getByText(/^Tier 1: GHS [\d,]+\.\d\d left today, GHS [\d,]+\.\d\d left this month\./)).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a too-large or non-image document is refused in the browser without uploading; a dropped upload keeps the form', async ({
    page,
  }) => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/kyc')) uploads.push(request.url());
    });
    await signUpInBrowser(page);
    await page.goto('/#/kyc');
    await verifyPhone(page, { viaPage: true });
    // A passport asks the nationality; a Ghanaian's needs the Ghana Card number beside it (docs/decisions/016).
    await page.getByLabel('ID Type').selectOption({ label: 'Passport' });
    await page.getByLabel('Nationality', { exact: true }).selectOption({ label: 'Ghanaian' });
    await expect(page.getByLabel('Ghana Card number')).toBeVisible();
    await page.getByLabel('Nationality', { exact: true }).selectOption({ label: 'Another country' });
    await expect(page.getByLabel('Ghana Card number')).toHaveCount(0);
    await expect(page.getByLabel('Country of nationality')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const card = await fillKycDetails(page);
    await expect(page.getByLabel('Nationality', { exact: true })).toHaveCount(0);

    // 5 MB exactly is not under 5MB; a PNG header so that only the size is wrong.
    const tooLarge = Buffer.alloc(5 * 1024 * 1024);
    DOCUMENT_PNG.copy(tooLarge);
    await page.getByLabel('Front of ID').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: tooLarge });
    await page
      .getByLabel('Back of ID')
      .setInputFiles({ name: 'id.pdf', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 not an image') });
    await expect(page.getByText('File size must be under 5MB.')).toBeVisible();
    await expect(page.getByText('Must be JPEG or PNG.')).toBeVisible();
    await expect(page.getByRole('img', { name: /preview$/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await expect(page.getByLabel('Front of ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Back of ID')).toHaveAttribute('aria-invalid', 'true');
    // What was typed is still there, and the page fits the phone's width.
    await expect(page.getByLabel('ID Number')).toHaveValue(card);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A valid pair clears the messages; an empty choice is 'This document is required.' on submit,
    // and the selfie holding the card is asked for too.
    await page.getByLabel('Front of ID').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
    await page.getByLabel('Back of ID').setInputFiles([]);
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await expect(page.getByText('This document is required.')).toBeVisible();
    await expect(page.getByText('Add a selfie of you holding your ID card.')).toBeVisible();
    await page.getByLabel('Selfie with your ID').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
    await expect(page.getByText('File size must be under 5MB.')).toHaveCount(0);
    expect(uploads).toEqual([]);

    // A dropped connection: a message in an alert, and nothing typed or chosen is lost.
    await page.getByLabel('Back of ID').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: DOCUMENT_JPEG });
    await expect(page.getByRole('img', { name: 'Back of ID preview' })).toBeVisible();
    await page.route('**/api/kyc', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()));
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^(An error occurred\. Please try again\.|Failed to upload .+\.)$/);
    await expect(page.getByLabel('ID Number')).toHaveValue(card);
    await expect(page.getByLabel('City')).toHaveValue('Accra');
    await expect(page.getByRole('img', { name: 'Front of ID preview' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit for verification' })).toBeEnabled();
  });
});
