import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminLogin, ensureTradingIsOpen, saveDestination, signUpInBrowser } from './support.js';

/*
 * A message about a field lasts only as long as what it is about: once the person changes the
 * value (or the coin or network the value is checked against), the old message goes. Each case
 * below stayed on screen before the forms moved to one approach (issue 14, point 5).
 */

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TRON_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

/** A payment method of its own (the super admin adds it through the API, as the screen would); its name. */
async function addPaymentMethod(browser: Browser, baseURL: string): Promise<string> {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  await expect(admin).toHaveURL(/#\/admin\/dashboard$/);
  const name = `Form errors MoMo ${Date.now().toString(36)}`;
  await saveDestination(admin, baseURL, 'POST', '/api/admin/payment-methods', {
    name,
    details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241234567' },
  });
  await adminContext.close();
  return name;
}

async function openBuyWithAmount(page: Page, amountUsd: string) {
  await page.goto('/#/buy');
  await page.getByRole('button', { name: 'USD' }).click();
  await page.getByLabel('Amount to spend (USD)').fill(amountUsd);
  await expect(page.getByTestId('quote-countdown')).toBeVisible();
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  // The forms, not "Trading opens soon" (issue 16): a payment method and a sellable coin exist.
  test.beforeAll(async ({ browser, baseURL }) => ensureTradingIsOpen(browser, baseURL!));

  test("'Enter an amount.' goes once an amount is typed", async ({ page }) => {
    await signUpInBrowser(page);
    await page.goto('/#/buy');
    await page.getByRole('button', { name: 'Create order' }).click();
    const amount = page.getByLabel('Amount to spend (GHS)');
    await expect(page.getByText('Enter an amount.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    // The first invalid field takes the focus.
    await expect(amount).toBeFocused();

    await amount.fill('50');
    await expect(page.getByTestId('quote-countdown')).toBeVisible();
    await expect(page.getByText('Enter an amount.')).toHaveCount(0);
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the Ethereum address message goes when the coin changes to Bitcoin, and Bitcoin is checked instead', async ({
    page,
    browser,
    baseURL,
  }) => {
    const methodName = await addPaymentMethod(browser, baseURL!);
    await signUpInBrowser(page);
    await openBuyWithAmount(page, '5');
    await page.getByLabel('Payment method').selectOption({ label: methodName });
    await page.getByLabel('Coin', { exact: true }).selectOption('eth');
    const wallet = page.getByLabel('Wallet address');
    await wallet.fill(BTC_ADDRESS);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByText('Enter a valid Ethereum wallet address.')).toBeVisible();
    await expect(wallet).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Coin', { exact: true }).selectOption('btc');
    await expect(page.getByText('Enter a valid Ethereum wallet address.')).toHaveCount(0);
    await expect(page.getByText('Enter a valid Bitcoin wallet address.')).toHaveCount(0);
    await expect(wallet).not.toHaveAttribute('aria-invalid', 'true');

    // An Ethereum address under Bitcoin is now Bitcoin's message, right away.
    await wallet.fill(ETH_ADDRESS);
    await expect(page.getByText('Enter a valid Bitcoin wallet address.')).toBeVisible();
  });

  test('a USDT address message goes when the network is changed to the one the address is on', async ({ page, browser, baseURL }) => {
    const methodName = await addPaymentMethod(browser, baseURL!);
    await signUpInBrowser(page);
    await openBuyWithAmount(page, '5');
    await page.getByLabel('Payment method').selectOption({ label: methodName });
    await page.getByLabel('Coin', { exact: true }).selectOption('usdt');
    await page.getByLabel('Network').selectOption('ERC20');
    const wallet = page.getByLabel('Wallet address');
    await wallet.fill(TRON_ADDRESS);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(wallet).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^Enter a valid .*wallet address\.$/)).toBeVisible();

    await page.getByLabel('Network').selectOption('TRC20');
    await expect(wallet).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^Enter a valid .*wallet address\.$/)).toHaveCount(0);
  });
});

test('the used transaction id message shows once, on its field of "I have paid", and goes when the id is changed', async ({
  page,
  browser,
  baseURL,
}) => {
  const methodName = await addPaymentMethod(browser, baseURL!);
  await signUpInBrowser(page);
  const txId = `MPUSED${Date.now()}`;
  for (const attempt of ['first', 'second'] as const) {
    await openBuyWithAmount(page, '5');
    await page.getByLabel('Wallet address').fill(BTC_ADDRESS);
    await page.getByLabel('Payment method').selectOption({ label: methodName });
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page).toHaveURL(/#\/orders\/\d+$/);
    await page.getByLabel('MoMo TxID').fill(txId);
    await page.getByRole('button', { name: 'I have paid' }).click();
    if (attempt === 'first') await expect(page.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();
  }

  const txField = page.getByLabel('MoMo TxID');
  await expect(txField).toHaveAttribute('aria-invalid', 'true');
  await expect(txField).toBeFocused();
  // Once: on the field, not again in an alert above the form.
  await expect(page.getByRole('main').getByText('This payment transaction ID has already been used.')).toHaveCount(1);

  await txField.fill(`${txId}2`);
  await expect(page.getByRole('main').getByText('This payment transaction ID has already been used.')).toHaveCount(0);
  await expect(txField).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
