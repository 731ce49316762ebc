import { expect, test } from '@playwright/test';
import { encode } from 'uqr';
import { adminLogin, ensureTradingIsOpen, saveDestination, signUpInBrowser } from './support.js';

/*
 * Buy, sell, history and dashboard for a new (unverified) customer. The e2e server prices coins
 * from the simulated feed; the order page itself and the full buy -> approve flow are
 * order-page.spec.ts and buy-flow.spec.ts.
 */

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  // The forms, not "Trading opens soon" (issue 16): a payment method and a sellable coin exist.
  test.beforeAll(async ({ browser, baseURL }) => ensureTradingIsOpen(browser, baseURL!));

  test('/buy quotes BTC with a countdown, refuses more than the $20 limit, and asks for missing fields', async ({ page }) => {
    await signUpInBrowser(page);
    await page.goto('/#/buy');
    await expect(page.getByRole('heading', { name: 'Buy crypto' })).toBeVisible();
    await expect(page.getByLabel('Coin', { exact: true })).toHaveValue('btc');
    await page.getByRole('button', { name: 'USD' }).click();
    await expect(page.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Remaining limit: $20.00')).toBeVisible();

    const quotes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/quotes')) quotes.push(request.postData() ?? '');
    });
    await page.getByLabel('Amount to spend (USD)').fill('10');
    const quote = page.getByRole('region', { name: 'Your quote' });
    await expect(quote.getByText(/^\d+\.\d{8} BTC$/)).toBeVisible();
    await expect(quote.getByText('$10.00')).toBeVisible();
    await expect(quote.getByText(/^Price per BTC$/)).toBeVisible();
    await expect(quote.getByText(/^Fee \(2\.5%\)$/)).toBeVisible();
    await expect(page.getByTestId('quote-countdown')).toHaveText(/^Quote expires in [0-2]:\d\d$/);
    // A USD amount is still paid in cedis by mobile money or bank: the quote says how much.
    await expect(quote.getByText('You pay in cedis')).toBeVisible();
    await expect(quote.getByText(/^GHS [\d,]+\.\d\d$/)).toBeVisible();
    // The trading rules of the settings (the e2e server keeps the defaults of decisions/014).
    await expect(
      page.getByText(
        'Orders are from GHS 10.00, with no maximum. Once you create an order you have 30 minutes to pay; after that it expires.',
      ),
    ).toBeVisible();
    // One debounced request for the typed amount, not one per keystroke.
    expect(quotes).toHaveLength(1);
    const [sentQuote = ''] = quotes;
    expect(JSON.parse(sentQuote)).toEqual({ coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '10' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Submitting without a wallet address (nor a payment method): the product's toast, nothing sent.
    const orders: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/orders')) orders.push(request.url());
    });
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Please fill all required fields.')).toBeVisible();
    await expect(page.getByLabel('Wallet address')).toHaveAttribute('aria-invalid', 'true');
    expect(orders).toEqual([]);

    // What is typed stays while the amount changes.
    await page.getByLabel('Wallet address').fill('bc1qnotavalidaddress');
    await page.getByLabel('Notes (optional)').fill('For my savings');
    await expect(page.getByLabel('Wallet address')).toHaveValue('bc1qnotavalidaddress');
    // No transaction id and no "pay first" account on the form any more: they come with the order.
    await expect(page.getByLabel(/transaction id/i)).toHaveCount(0);
    await expect(page.getByText('Pay to this account')).toHaveCount(0);

    // Over the remaining limit: the message, and submit is disabled.
    await page.getByLabel('Amount to spend (USD)').fill('25');
    await expect(page.getByText('Exceeds limit of $20.00.')).toBeVisible();
    // How to raise it (issue 26): a link to the verification page.
    await expect(page.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '#/kyc');
    await expect(page.getByRole('button', { name: 'Create order' })).toBeDisabled();
    // Back under the limit: submit is possible again, and what was typed is still there.
    await page.getByLabel('Amount to spend (USD)').fill('20');
    await expect(quote.getByText('$20.00')).toBeVisible();
    await expect(page.getByText('Exceeds limit of $20.00.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create order' })).toBeEnabled();
    await expect(page.getByLabel('Notes (optional)')).toHaveValue('For my savings');
  });

  test('/sell says selling is not available for a coin without a wallet; /history and /dashboard start empty', async ({ page }) => {
    await signUpInBrowser(page);

    await page.goto('/#/sell');
    await expect(page.getByRole('heading', { name: 'Sell crypto' })).toBeVisible();
    await page.getByLabel('Coin', { exact: true }).selectOption('doge');
    await expect(page.getByText('Selling this coin is not available right now.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create order' })).toBeDisabled();
    await page.getByLabel('Amount to receive (GHS)').fill('50');
    await expect(page.getByRole('region', { name: 'Your quote' }).getByText(/^\d+\.\d{8} DOGE$/)).toBeVisible();
    await page.getByLabel('Bank account').check();
    await expect(page.getByLabel('Bank name')).toBeVisible();
    await expect(page.getByLabel('Mobile money number')).toHaveCount(0);

    await page.goto('/#/history');
    await expect(page.getByRole('heading', { name: 'Order history' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Buy crypto' })).toHaveAttribute('href', '#/buy');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sell crypto' })).toHaveAttribute('href', '#/sell');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto('/#/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome, Akosua$/ })).toBeVisible();
    const balance = page.getByRole('region', { name: 'Estimated balance' });
    await expect(balance.getByText('GHS 0.00')).toBeVisible();
    await expect(balance.getByText('0.00%')).toBeVisible();
    const market = page.getByRole('list', { name: 'Market prices' });
    await expect(market.getByRole('heading', { name: 'Bitcoin' })).toBeVisible();
    await expect(market.getByRole('listitem').first()).toContainText(/GHS [\d,]+\.\d\d/);
    await expect(market.getByRole('listitem').first()).toContainText(/\$[\d,]+\.\d\d/);
    await expect(page.getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '#/history');
    // The portfolio is cached for the next visit under the product's key.
    const cached = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portfolioSummary:')));
    expect(cached).toHaveLength(1);
  });
});

test('a sell order shows the deposit address of its network with a copy button and a QR code of that address', async ({
  page,
  browser,
  baseURL,
}) => {
  const address = '0x52908400098527886E0F7030069857D2E4169EE7';
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  await expect(admin).toHaveURL(/#\/admin\/dashboard$/);
  const list = await admin.request.get('/api/admin/coins');
  const eth = (await list.json()).coins.find((coin: { symbol: string }) => coin.symbol === 'eth');
  await saveDestination(admin, baseURL!, 'PATCH', `/api/admin/coins/${eth.id}`, { depositAddresses: { ERC20: address }, isEnabled: true });
  await adminContext.close();

  await page.setViewportSize({ width: 360, height: 740 });
  await signUpInBrowser(page);
  await page.goto('/#/sell');
  await page.getByLabel('Coin', { exact: true }).selectOption('eth');
  // Ether has one network: it is shown, not asked.
  await expect(page.getByText('Network: Ethereum (ERC20). You send your ETH on this network.')).toBeVisible();
  await page.getByLabel('Amount to receive (GHS)').fill('50');
  await expect(page.getByRole('region', { name: 'Your quote' }).getByText(/^\d+\.\d{8} ETH$/)).toBeVisible();
  await page.getByLabel('Mobile money provider').selectOption('MTN MoMo');
  await page.getByLabel('Account name').fill('Akosua Asantewaa');
  await page.getByLabel('Mobile money number').fill('0241234567');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/#\/orders\/\d+$/);

  await expect(page.getByLabel('Ethereum (ERC20) deposit address', { exact: true })).toHaveText(address);
  const qr = page.getByRole('img', { name: 'QR code of the Ethereum (ERC20) deposit address' });
  await expect(qr).toBeVisible();
  // The drawn modules are exactly the QR encoding of the address on screen.
  const expected = encode(address, { ecc: 'M', border: 2 });
  const drawn = await qr.locator('path').getAttribute('d');
  const modules = [...(drawn ?? '').matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => `${x},${y}`);
  const dark = expected.data.flatMap((row, y) => row.flatMap((isDark, x) => (isDark ? [`${x},${y}`] : [])));
  expect(modules).toEqual(dark);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByRole('button', { name: /copied/i })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
