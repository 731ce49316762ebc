import { expect, test, type Page } from '@playwright/test';
import { adminLogin, signUpInBrowser } from './support.js';

async function loginAsSuperAdmin(page: Page) {
  await adminLogin(page);
  await expect(page).toHaveURL(/#\/admin\/dashboard$/);
}

/** The newest toast with this text (an earlier one may still be showing: toasts last 5 s). */
function toast(page: Page, text: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).last();
}

test('canned responses: add one, then delete it after the exact confirmation', async ({ page }) => {
  await loginAsSuperAdmin(page);
  await page.goto('/#/admin/canned-responses');
  await expect(page.getByRole('heading', { name: 'Canned Responses' })).toBeVisible();

  const title = `E2E greeting ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Response' }).click();
  const form = page.getByRole('dialog', { name: 'Add Response' });
  // Both fields are required, with the product's messages.
  await form.getByRole('button', { name: 'Add Response' }).click();
  await expect(form.getByText('Title is required.')).toBeVisible();
  await expect(form.getByText('Message is required.')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('Akwaaba! How can we help you today?');
  await form.getByRole('button', { name: 'Add Response' }).click();
  await expect(toast(page, 'Response added!')).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Akwaaba! How can we help you today?');
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Response' });
  await expect(confirm.getByText(`Are you sure you want to delete the response titled "${title}"?`, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Response deleted.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('contact page: a new headline shows on the public /contact page', async ({ page }) => {
  await loginAsSuperAdmin(page);
  await page.goto('/#/admin/contact');
  await expect(page.getByRole('heading', { name: 'Manage Contact Page' })).toBeVisible();
  const headline = page.getByLabel('Headline');
  await expect(headline).not.toHaveValue('');
  const original = await headline.inputValue();

  const changed = `Talk to us ${Date.now().toString(36)}`;
  await headline.fill(changed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Contact page content saved successfully!')).toBeVisible();

  await page.goto('/#/contact');
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();

  // Put it back: other specs read the default content.
  await page.goto('/#/admin/contact');
  await page.getByLabel('Headline').fill(original);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Contact page content saved successfully!')).toBeVisible();
});

test('settings, email log and audit log: the SMTP password is write-only and email bodies are sandboxed', async ({ page, browser }) => {
  // A customer signs up in a separate browser context, so there is at least their welcome email.
  const customerContext = await browser.newContext();
  let customerEmail: string;
  try {
    const customer = await customerContext.newPage();
    customerEmail = (await signUpInBrowser(customer)).email;
  } finally {
    await customerContext.close();
  }

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await loginAsSuperAdmin(page);

  // --- Settings ---
  await page.goto('/#/admin/settings');
  await expect(page.getByRole('heading', { name: 'System Configuration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Financial Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SMTP Server Configuration' })).toBeVisible();
  await expect(page.getByText(/alerts for new orders and other important events/)).toBeVisible();
  await expect(page.getByLabel('Service fee percentage')).toHaveAttribute('step', '0.1');
  await expect(page.getByLabel('Port')).toHaveAttribute('placeholder', '465');
  await expect(page.getByRole('switch', { name: 'Use SSL/TLS' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/Storing passwords in the database is not recommended/)).toBeVisible();

  // The service fee takes 0 to 50 % with one decimal: the contract's message on the field, nothing sent.
  const fee = page.getByLabel('Service fee percentage');
  const originalFee = await fee.inputValue();
  const settingsPuts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/admin/settings')) settingsPuts.push(request.postData() ?? '');
  });
  for (const [typed, message] of [
    ['60', 'The service fee must be between 0 and 50%.'],
    ['2.55', 'The service fee must be a number with at most one decimal, e.g. 2.5.'],
  ] as const) {
    await fee.fill(typed);
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(fee).toHaveAttribute('aria-invalid', 'true');
    await expect(fee).toHaveAccessibleDescription(new RegExp(message.replace(/[.%]/g, '\\$&')));
  }
  expect(settingsPuts).toEqual([]);
  await fee.fill(originalFee);

  // The order windows and limits (docs/decisions/014): whole minutes from 5 to 1440, GHS amounts,
  // an empty maximum for none; the contract's messages on the fields, nothing sent.
  await expect(page.getByRole('heading', { name: 'Order Settings' })).toBeVisible();
  const paymentWindow = page.getByLabel('Payment window (minutes)');
  const depositWindow = page.getByLabel('Deposit window (minutes)');
  const minOrder = page.getByLabel('Minimum order (GHS)');
  const maxOrder = page.getByLabel('Maximum order (GHS)');
  await expect(paymentWindow).toHaveValue(/^\d+$/);
  await expect(depositWindow).toHaveValue(/^\d+$/);
  await expect(minOrder).toHaveValue(/^\d+(\.\d{1,2})?$/);
  await expect(maxOrder).toHaveAttribute('placeholder', 'No maximum');
  const original = {
    paymentWindow: await paymentWindow.inputValue(),
    depositWindow: await depositWindow.inputValue(),
    minOrder: await minOrder.inputValue(),
    maxOrder: await maxOrder.inputValue(),
  };
  const escape = (text: string) => text.replace(/[.()]/g, '\\$&');
  for (const [input, typed, message] of [
    [paymentWindow, '2', 'Enter a number of minutes from 5 to 1440.'],
    [depositWindow, '1441', 'Enter a number of minutes from 5 to 1440.'],
    [minOrder, '0.5', 'Enter the minimum order in GHS, from 1 with at most 2 decimals.'],
  ] as const) {
    await input.fill(typed);
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
  }
  await minOrder.fill('100');
  await maxOrder.fill('99.99');
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expect(maxOrder).toHaveAccessibleDescription(/The maximum order must be at least the minimum order\./);
  expect(settingsPuts).toEqual([]);
  await paymentWindow.fill('45');
  await depositWindow.fill(original.depositWindow);
  await minOrder.fill(original.minOrder);
  await maxOrder.fill('5000');

  const secret = `E2e-Smtp-${Date.now().toString(36)}-Pw`;
  const passwordInput = page.getByLabel('Password', { exact: true });
  await passwordInput.fill(secret);
  const [saveResponse] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/admin/settings') && r.request().method() === 'PUT'),
    page.getByRole('button', { name: 'Save All Settings' }).click(),
  ]);
  expect(saveResponse.status()).toBe(200);
  expect(await saveResponse.text()).not.toContain(secret);
  expect(saveResponse.request().postDataJSON()).toMatchObject({
    paymentWindowMinutes: 45,
    depositWindowMinutes: Number(original.depositWindow),
    minOrderGhs: original.minOrder,
    maxOrderGhs: '5000',
  });
  await expect(toast(page, 'Settings saved successfully!')).toBeVisible();
  await expect(passwordInput).toHaveValue('');
  await expect(passwordInput).toHaveAttribute('placeholder', 'Leave blank to keep the current password');
  expect(await page.content()).not.toContain(secret);

  // After a reload the password is still not readable anywhere; the order settings are what was saved.
  await page.reload();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'Leave blank to keep the current password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByLabel('Payment window (minutes)')).toHaveValue('45');
  await expect(page.getByLabel('Maximum order (GHS)')).toHaveValue('5000');

  // Remove it again, so no half SMTP configuration is left behind for other specs, and the order settings as they were.
  await page.getByLabel('Payment window (minutes)').fill(original.paymentWindow);
  await page.getByLabel('Maximum order (GHS)').fill(original.maxOrder);
  await page.getByLabel('Remove stored password').check();
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expect(toast(page, 'Settings saved successfully!')).toBeVisible();
  await expect(page.getByLabel('Remove stored password')).toHaveCount(0);
  await expect(page.getByLabel('Payment window (minutes)')).toHaveValue(original.paymentWindow);
  await expect(page.getByLabel('Maximum order (GHS)')).toHaveValue(original.maxOrder);

  // --- Email log ---
  await page.goto('/#/admin/emails');
  await expect(page.getByRole('heading', { name: 'Email Log' })).toBeVisible();
  const emailRow = page.getByRole('row').filter({ hasText: customerEmail }).first();
  await expect(emailRow).toBeVisible();
  await emailRow.getByRole('button', { name: /^View email #\d+$/ }).click();
  const emailDialog = page.getByRole('dialog');
  await expect(emailDialog).toContainText(customerEmail);
  const frame = emailDialog.locator('iframe[title="Email body"]');
  await expect(frame).toBeVisible();
  // Fully sandboxed: the attribute is present and empty (no scripts, no same-origin).
  expect(await frame.getAttribute('sandbox')).toBe('');
  await expect(frame).toHaveAttribute('srcdoc', /\S/);
  await expect(page.frameLocator('iframe[title="Email body"]').locator('body')).not.toBeEmpty();
  await emailDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(emailDialog).toBeHidden();
  expect(dialogs).toEqual([]);

  // --- Audit log ---
  await page.goto('/#/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await page.getByLabel('Action').fill('settings.');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const auditRow = page.getByRole('row').filter({ hasText: 'settings.update' }).first();
  await expect(auditRow).toBeVisible();
  await expect(auditRow).toContainText('admin@e2e.cedicrypto.test');
  await auditRow.getByRole('button', { name: /^Details/ }).click();
  // The entry's before and after open in a dialog (the row stays narrow enough for a laptop).
  const entry = page.getByRole('dialog', { name: /^Audit entry #\d+$/ });
  await expect(entry.locator('pre').first()).toContainText('"hasSmtpPassword"');
  expect(await page.content()).not.toContain(secret);
});
