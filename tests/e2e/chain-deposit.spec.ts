import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { TChainNetwork } from '#shared/contracts/chain-watch.js';
import { connectAnvil, tokenTransfer, toUnits } from '#test/helpers/anvil.js';
import { EVM_XPUB } from '#test/helpers/test-keys.js';
import { expectNoAxeViolations, expectNoPageOverflow } from './page-checks.js';
import { addMomoMethod, adminLogin, E2E_STAFF, ensureTradingIsOpen, saveDestination, signUpInBrowser } from './support.js';

/*
 * A USDT-ERC20 sell settled by the chain watcher (issue 32, docs/decisions/056 and 058) on the
 * local chain that tests/e2e/global-setup.ts starts (anvil, with the test ERC20 standing for USDT):
 * the super admin points the ERC20 watcher at it in Settings (a manager gets no such page), USDT
 * gets a watch-only key on ERC20, a customer on a 360 px phone sells USDT and gets an address of
 * their own; the test sends the token there
 * and mines blocks, and the customer's page shows the deposit detected, its confirmations rising,
 * then the crypto received, without a reload; staff find the order in Needs action and pay it.
 * Nobody opened a block explorer: every request of both browsers went to this server. A sell to
 * the coin's fixed address meanwhile is left alone by the watcher (it watches only derived
 * addresses). The key and the endpoint are settings every spec's sells meet, so this spec runs in
 * the one-at-a-time project (playwright.config.ts) and puts both back as it found them.
 */

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
/** USDT's fixed addresses (as order-page.spec.ts sets them): two networks, so the sell form asks which one. */
const ERC20_DEPOSIT = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20_DEPOSIT = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
/** The watcher polls every 5 s here (playwright.config.ts), through the job engine's queue. */
const WATCHER = { timeout: 30_000 };
const REQUIRED = 12;

/** Every request of `context` that went anywhere but this server (an explorer, a CDN). */
function foreignRequests(context: BrowserContext, baseURL: string): string[] {
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

async function sellUsdtOnErc20(phone: Page, accountName: string, number: string): Promise<number> {
  await phone.goto('/#/sell');
  await phone.getByLabel('Coin', { exact: true }).selectOption('usdt');
  await phone.getByLabel('Amount to receive (GHS)').fill('50');
  await expect(phone.getByRole('region', { name: 'Your quote' }).getByText(/^\d+\.\d{6} USDT$/)).toBeVisible();
  await phone.getByRole('group', { name: 'Network you will send on' }).getByLabel('Ethereum (ERC20)').check();
  await phone.getByLabel('Mobile money provider').selectOption('MTN MoMo');
  await phone.getByLabel('Account name').fill(accountName);
  await phone.getByLabel('Mobile money number').fill(number);
  await phone.getByRole('button', { name: 'Create order' }).click();
  await expect(phone).toHaveURL(/#\/orders\/\d+$/);
  return Number(/#\/orders\/(\d+)$/.exec(phone.url())?.[1]);
}

type TOrderRead = { status: string; amountCrypto: string; depositTo: { network: string; address: string; perOrder: boolean } };

test('a USDT-ERC20 sell on the local chain: detected, confirmations rising, confirmed live at 360 px; staff pay it from Needs action', async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const anvil = await connectAnvil(process.env.E2E_ANVIL_URL!);
  const token = process.env.E2E_USDT_CONTRACT!;
  await ensureTradingIsOpen(browser, baseURL!);
  const staffContext = await browser.newContext({ viewport: LAPTOP });
  const staffForeign = foreignRequests(staffContext, baseURL!);
  const admin = await staffContext.newPage();
  await adminLogin(admin);
  const erc20 = async () =>
    ((await (await admin.request.get('/api/admin/chain-networks')).json()) as { networks: TChainNetwork[] }).networks.find(
      (network) => network.network === 'ERC20',
    )!;
  const before = await erc20();
  const coins = (await (await admin.request.get('/api/admin/coins')).json()) as { coins: { id: number; symbol: string }[] };
  const usdt = coins.coins.find((coin) => coin.symbol === 'usdt')!;
  const wallet = await addMomoMethod(admin, baseURL!, 'Payout MoMo', '0245550602');

  try {
    // The test token as USDT on ERC20 (6 decimals, as on Ethereum): token contracts are not on the
    // Settings page (the server's environment gives them), so the API sets this one.
    const tokens = await admin.request.put('/api/admin/chain-networks/ERC20', {
      headers: origin,
      data: { requiredConfirmations: before.requiredConfirmations, tokens: { USDT: { contract: token, decimals: 6 } } },
    });
    expect(tokens.status(), await tokens.text()).toBe(200);
    // The super admin points the ERC20 watcher at the local chain in Settings; the page shows it
    // watching and its last block seen reaching the chain's head by itself.
    await admin.goto('/#/admin/settings');
    const watcher = admin.getByRole('region', { name: 'Ethereum (ERC20)' });
    const shown = (term: string) => watcher.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    await watcher.getByLabel('Ethereum (ERC20) endpoint URL').fill(anvil.url);
    await watcher.getByLabel('Ethereum (ERC20) confirmations required').fill(String(REQUIRED));
    await watcher.getByRole('button', { name: 'Save Ethereum (ERC20) watcher' }).click();
    await expect(admin.getByText('Ethereum (ERC20) watcher saved.').first()).toBeVisible();
    await expect(shown('Endpoint')).toHaveText(new URL(anvil.url).host);
    await expect(shown('Confirmations required')).toHaveText(String(REQUIRED));
    await expect(shown('Status')).toHaveText(/^Watching \(last poll .+\)$/, WATCHER);
    await expect(shown('Last block seen')).toHaveText(String(await anvil.head()), WATCHER);
    await expectNoAxeViolations(admin, 'Settings with the chain watchers');

    // Another role gets no Settings page, and the API refuses it.
    const managerContext = await browser.newContext({ viewport: LAPTOP });
    const manager = await managerContext.newPage();
    await adminLogin(manager, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
    expect((await manager.request.get('/api/admin/chain-networks')).status()).toBe(403);
    await manager.goto('/#/admin/settings');
    await expect(manager).toHaveURL(/#\/admin\/access-denied$/);
    await managerContext.close();

    // A customer on a phone; first a sell to USDT's fixed address (no key yet): the watcher must leave it alone.
    const context = await browser.newContext({ viewport: PHONE });
    const customerForeign = foreignRequests(context, baseURL!);
    const phone = await context.newPage();
    const seller = await signUpInBrowser(phone);
    await saveDestination(admin, baseURL!, 'PATCH', `/api/admin/coins/${usdt.id}`, {
      depositAddresses: { TRC20: TRC20_DEPOSIT, ERC20: ERC20_DEPOSIT },
      isEnabled: true,
    });
    const fixedId = await sellUsdtOnErc20(phone, seller.fullName, '0241234567');
    const orderOf = async (id: number) => ((await (await phone.request.get(`/api/orders/${id}`)).json()) as { order: TOrderRead }).order;
    const fixed = await orderOf(fixedId);
    expect(fixed.depositTo).toMatchObject({ network: 'ERC20', address: ERC20_DEPOSIT, perOrder: false });

    // USDT gets a watch-only key on ERC20 (asked by a manager, approved by a second admin, as on the Currencies page).
    await saveDestination(admin, baseURL!, 'PATCH', `/api/admin/coins/${usdt.id}`, { depositKeys: { ERC20: EVM_XPUB } });

    // The sell: an address of its own, derived from the key.
    const orderId = await sellUsdtOnErc20(phone, seller.fullName, '0241234567');
    const order = await orderOf(orderId);
    expect(order.depositTo).toMatchObject({ network: 'ERC20', perOrder: true });
    expect(order.depositTo.address).not.toBe(ERC20_DEPOSIT);
    // The amount in USDT's 6 decimals (stored with 8), as order-page.spec.ts reads it.
    const send = phone.getByRole('region', { name: `Send ${order.amountCrypto.slice(0, -2)} USDT` });
    await expect(send.getByLabel('Ethereum (ERC20) deposit address', { exact: true })).toHaveText(order.depositTo.address);

    // The customer's wallet sends the exact amount to that address; the same amount also goes to the fixed address.
    const sent = await tokenTransfer(anvil, token, order.depositTo.address, toUnits(order.amountCrypto, 6));
    const toFixed = await tokenTransfer(anvil, token, ERC20_DEPOSIT, toUnits(fixed.amountCrypto, 6));
    const detected = phone.getByRole('heading', { name: 'Deposit detected' });
    await expect(detected).toBeVisible(WATCHER);
    const confirmations = phone.getByText(/^Confirmations: \d+ of \d+$/);
    // Sent in the block before the fixed address's transfer: 2 confirmations once both are mined.
    await expect(confirmations).toHaveText(`Confirmations: 2 of ${REQUIRED}`, WATCHER);
    // The hash seen, in the deposit's panel (the timeline above it names it too).
    await expect(phone.getByText(new RegExp(`^[^:]+: ${sent.transactionHash}$`))).toBeVisible();
    await expectNoPageOverflow(phone);
    await expectNoAxeViolations(phone, 'a sell with its deposit detected, at 360 px');

    // Blocks are mined: the count rises on the page by itself, then the deposit is confirmed.
    await anvil.mine(5);
    await expect(confirmations).toHaveText(`Confirmations: 7 of ${REQUIRED}`, WATCHER);
    await anvil.mine(REQUIRED - 7);
    await expect(phone.getByRole('heading', { name: 'Crypto received' })).toBeVisible(WATCHER);
    const timeline = phone.getByRole('list', { name: 'Order timeline' });
    // Both steps by the watcher ("Automatic"), no staff member.
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Deposit detected');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Automatic');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Crypto received');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Automatic');
    await expectNoPageOverflow(phone);

    // The watcher went past the fixed address's transfer and left that order waiting for staff, as before keys.
    const fixedBlock = Number(
      BigInt((await anvil.call<{ blockNumber: string }>('eth_getTransactionReceipt', [toFixed.transactionHash])).blockNumber),
    );
    await expect.poll(async () => (await erc20()).lastBlock ?? -1, WATCHER).toBeGreaterThanOrEqual(fixedBlock);
    expect((await orderOf(fixedId)).status).toBe('awaiting_deposit');

    // Staff: the order waits in Needs action, the chain as its evidence; they pay it.
    await admin.goto('/#/admin/orders');
    const views = admin.getByRole('group', { name: 'Orders view' });
    await views.getByRole('button', { name: /^Needs action/ }).click();
    await expect(views.getByRole('button', { name: /^Needs action/ })).toHaveAttribute('aria-pressed', 'true');
    const row = admin.getByRole('row').filter({ has: admin.getByRole('button', { name: `View order #${orderId}` }) });
    await expect(row).toContainText('Deposit confirmed');
    await row.getByRole('button', { name: `View order #${orderId}` }).click();
    const details = admin.getByRole('dialog', { name: 'Order Details' });
    await expect(details.getByText(sent.transactionHash).first()).toBeVisible();
    await details.getByRole('button', { name: 'Claim to pay out' }).click();
    await details.getByRole('button', { name: 'Approve order' }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve order' });
    const paidFrom = approve.getByLabel('Paid from');
    await paidFrom.selectOption({ label: (await paidFrom.locator('option', { hasText: wallet }).textContent())!.trim() });
    await approve.getByLabel('Payout reference').fill(`MP${Date.now()}`);
    await approve.getByRole('button', { name: 'Approve order' }).click();
    await expect(approve).toHaveCount(0);
    await expect(phone.getByRole('heading', { name: 'Order completed' })).toBeVisible();
    await expectNoPageOverflow(phone);
    await expectNoAxeViolations(phone, 'a sell settled from the chain and paid, at 360 px');

    // No explorer, nor anything else off this server, in either browser.
    expect(customerForeign).toEqual([]);
    expect(staffForeign).toEqual([]);
    await context.close();
  } finally {
    // As before this spec, whatever failed above: no key on USDT-ERC20, the watcher's endpoint and tokens back.
    await saveDestination(admin, baseURL!, 'PATCH', `/api/admin/coins/${usdt.id}`, { depositKeys: { ERC20: null } });
    const restored = await admin.request.put('/api/admin/chain-networks/ERC20', {
      headers: origin,
      data: { rpcUrl: null, requiredConfirmations: before.requiredConfirmations, tokens: before.tokens },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    await staffContext.close();
  }
});
