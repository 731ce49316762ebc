import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminLogin, DOCUMENT_JPEG, E2E_STAFF, naturalWidthOf, signUpInBrowser, verifyPhone } from './support.js';

/*
 * Tier 2 (issue 18, docs/decisions/016): a Tier 1 customer sends a proof of address and says
 * where the money comes from; compliance reviews the documents in the back-office and approves
 * (or rejects with a reason the customer reads and can answer by sending again). The customer
 * sees the tier, what is left today and this month, and the way up. The limits are the defaults
 * of the settings (src/server/db/schema/app.ts): Tier 1 GHS 5,000 a day and 50,000 a month,
 * Tier 2 GHS 100,000 a day and 1,000,000 a month.
 */

const STEP_3 = 'Step 3: Proof of address and source of funds (Tier 2)';

/**
 * A new customer at Tier 1 on /kyc: signed up and phone verified, then the identity review set
 * straight as a finished one would (its documents and review are kyc.spec.ts's), and the page
 * loaded again so that the session says verified.
 */
async function customerAtTier1(page: Page, browser: Browser, baseURL: string) {
  const user = await signUpInBrowser(page);
  await verifyPhone(page);
  const verified = await page.request.post('/api/test/customer-verification', {
    headers: { origin: baseURL },
    data: { email: user.email, tier: 1 },
  });
  expect(verified.status()).toBe(200);
  await page.goto('/#/kyc');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Verify your identity', exact: true })).toBeVisible();
  return user;
}

/** Fills the Tier 2 form with a bill as the proof of address and sends it; the upload is answered 201. */
async function requestTier2(page: Page, details: { address: string; city: string; source: string; detail: string }) {
  const form = page.getByRole('region', { name: STEP_3 }).getByRole('form', { name: 'Tier 2 verification' });
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill(details.address);
  await form.getByLabel('City').fill(details.city);
  await expect(form.getByLabel('Country')).toHaveValue('Ghana');
  await form.getByLabel('Proof of address').setInputFiles({ name: 'ecg-bill.jpg', mimeType: 'image/jpeg', buffer: DOCUMENT_JPEG });
  await expect(form.getByRole('img', { name: 'Proof of address preview' })).toBeVisible();
  await form.getByLabel('Source of funds').selectOption({ label: details.source });
  await form.getByLabel('Details').fill(details.detail);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/kyc') && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Request Tier 2' }).click(),
  ]);
  expect(response.status()).toBe(201);
}

/** The compliance officer's review dialog of the customer's pending submission, opened from KYC Management. */
async function openPendingSubmission(admin: Page, email: string) {
  await adminLogin(admin, E2E_STAFF.compliance.email, E2E_STAFF.compliance.password);
  await admin.goto('/#/admin/kyc-submissions');
  await expect(admin.getByRole('heading', { name: 'KYC Management' })).toBeVisible();
  await admin.getByLabel('Status').selectOption('pending');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tier 2');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /^View submission #\d+$/ }).click();
  const dialog = admin.getByRole('dialog', { name: /^KYC Submission #\d+$/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a Tier 1 customer sends a proof of address and source of funds, compliance approves, the customer sees Tier 2 and its limits', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await customerAtTier1(page, browser, baseURL!);

  // Tier 1: what is left today and this month (nothing traded yet), the tiers, and the way up.
  const tier1 = page.getByRole('region', { name: 'Your verification tier: Tier 1' });
  await expect(tier1.getByRole('term')).toHaveText(['Left today', 'Left this month']);
  await expect(tier1.getByRole('definition')).toHaveText([
    'GHS 5,000.00',
    'of GHS 5,000.00 a day',
    'GHS 50,000.00',
    'of GHS 50,000.00 a month',
  ]);
  await expect(tier1.getByRole('listitem').filter({ hasText: /^Tier 1 \(your tier\)/ })).toContainText(
    'GHS 5,000.00 a day, GHS 50,000.00 a month.',
  );
  await expect(tier1.getByRole('listitem').filter({ hasText: /^Tier 2/ })).toHaveText(
    'Tier 2Tier 1, plus a proof of address and your source of funds.GHS 100,000.00 a day, GHS 1,000,000.00 a month.',
  );
  await expect(tier1).toContainText('To reach Tier 2, send a proof of address (step 3) and tell us where your money comes from (step 3).');
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible();
  const step3 = page.getByRole('region', { name: STEP_3 });
  await expect(step3).toContainText(
    'For higher limits, send a proof of address and tell us where the money you trade with comes from. You keep trading at Tier 1 while we review it.',
  );

  await requestTier2(page, {
    address: '4 Ring Road, Adum',
    city: 'Kumasi',
    source: 'Business income',
    detail: 'Provisions shop at Kejetia market.',
  });

  // Under review: no form, the promise of docs/product.md §9, and trading goes on at Tier 1.
  const pending = step3.getByRole('heading', { name: 'Your Tier 2 documents are under review' });
  await expect(pending).toBeVisible();
  await expect(pending).toBeFocused();
  await expect(step3).toContainText('Review usually takes 24-48 hours. You can keep trading within your Tier 1 limits meanwhile.');
  await expect(step3.getByText(/^Submitted /)).toBeVisible();
  await expect(step3.getByRole('form', { name: 'Tier 2 verification' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your verification tier: Tier 1' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Tier 2 documents are under review' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Tier 2 verification' })).toHaveCount(0);

  // The email says the same, as the super admin reads it in the Email Log: trading is not paused.
  const superAdminContext = await browser.newContext();
  try {
    const superAdmin = await superAdminContext.newPage();
    await adminLogin(superAdmin);
    await superAdmin.goto('/#/admin/emails');
    await expect(superAdmin.getByRole('heading', { name: 'Email Log' })).toBeVisible();
    const emailRow = superAdmin.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'We received your Tier 2 documents' });
    await emailRow.getByRole('button', { name: /^View email #\d+$/ }).click();
    const email = superAdmin.getByRole('dialog').getByTitle('Email body').contentFrame();
    await expect(email.getByRole('heading', { name: 'Your Tier 2 documents are under review' })).toBeVisible();
    await expect(email.getByText('You can keep trading within your Tier 1 limits meanwhile.', { exact: false })).toBeVisible();
    await expect(email.getByText('Trading is paused', { exact: false })).toHaveCount(0);
  } finally {
    await superAdminContext.close();
  }

  // The compliance officer, in a separate browser context (own cookies).
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const dialog = await openPendingSubmission(admin, user.email);
    await expect(dialog).toContainText(user.fullName);
    await expect(dialog).toContainText('Tier 2: proof of address and source of funds');
    await expect(dialog).toContainText('The customer is at Tier 1 now.');
    await expect(dialog).toContainText('4 Ring Road, Adum, Kumasi, Ghana');
    await expect(dialog).toContainText('Business income');
    await expect(dialog).toContainText('Provisions shop at Kejetia market.');
    // The proof of address only: the identity documents belong to the Tier 1 review.
    expect(await naturalWidthOf(admin, 'Proof of address document')).toBe(8);
    await expect(dialog.getByRole('img', { name: 'Front of ID document' })).toHaveCount(0);
    const proofLink = dialog.getByRole('link', { name: 'Open Proof of address in a new tab' });
    await expect(proofLink).toHaveAttribute('target', '_blank');
    await expect(proofLink).toHaveAttribute('href', /^\/api\/admin\/kyc-submissions\/\d+\/documents\/address$/);
    const proof = await admin.request.get((await proofLink.getAttribute('href'))!);
    expect(proof.headers()['content-type']).toBe('image/jpeg');
    expect(Buffer.from(await proof.body()).equals(DOCUMENT_JPEG)).toBe(true);

    await dialog.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve submission' });
    await expect(confirm).toContainText('Are you sure you want to approve this submission?');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Submission approved. The customer is now at Tier 2.')).toBeVisible();
    await expect(dialog).toContainText('Approved');
    await expect(dialog).toContainText('The customer is at Tier 2 now.');
    await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // Back to the customer: Tier 2, its limits, and no step further up.
  await page.reload();
  const tier2 = page.getByRole('region', { name: 'Your verification tier: Tier 2' });
  await expect(tier2.getByRole('definition')).toHaveText([
    'GHS 100,000.00',
    'of GHS 100,000.00 a day',
    'GHS 1,000,000.00',
    'of GHS 1,000,000.00 a month',
  ]);
  await expect(tier2.getByRole('listitem').filter({ hasText: /^Tier 2 \(your tier\)/ })).toContainText(
    'GHS 100,000.00 a day, GHS 1,000,000.00 a month.',
  );
  await expect(tier2).not.toContainText('To reach Tier');
  await expect(page.getByText('Your account is at Tier 2: the $20 limit is lifted, and daily and monthly limits apply.')).toBeVisible();
  await expect(step3).toHaveText(`${STEP_3}Your account is at Tier 2, the highest tier.`);
  await expect(page.getByRole('form', { name: 'Tier 2 verification' })).toHaveCount(0);

  await page.goto('/#/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText('Tier 2: GHS 100,000.00 left today, GHS 1,000,000.00 left this month.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your limits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Raise your limits' })).toHaveCount(0);
});

test('compliance rejects a Tier 2 request with a reason; the customer keeps Tier 1, reads the reason and sends again', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await customerAtTier1(page, browser, baseURL!);
  const details = { address: '7 Liberation Road', city: 'Accra', source: 'Salary', detail: '' };
  await requestTier2(page, details);
  await expect(page.getByRole('heading', { name: 'Your Tier 2 documents are under review' })).toBeVisible();

  const reason = 'The bill is older than 3 months. Please send one from the last 3 months.';
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const dialog = await openPendingSubmission(admin, user.email);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Reject submission' });
    await confirm.getByLabel('Reason').fill(reason);
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByText('Submission rejected.')).toBeVisible();
    await expect(dialog).toContainText('Rejected');
    await expect(dialog).toContainText(reason);
    await expect(dialog).toContainText('The customer is at Tier 1 now.');
  } finally {
    await adminContext.close();
  }

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your verification tier: Tier 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible();
  const step3 = page.getByRole('region', { name: STEP_3 });
  await expect(step3.getByRole('status')).toHaveText(
    `Your Tier 2 request was not approved.Reason: ${reason}You keep Tier 1. Please check your documents and send them again.`,
  );
  await requestTier2(page, { ...details, detail: 'Teacher at a public school in Accra.' });
  await expect(step3.getByRole('heading', { name: 'Your Tier 2 documents are under review' })).toBeVisible();
  await expect(step3.getByText('Your Tier 2 request was not approved.')).toHaveCount(0);
});
