import { expect, test } from '@playwright/test';
import { TRAVEL_RULE_MSG } from '#shared/contracts/travel-rule.js';
import { tronWallet } from '#test/helpers/message-signing.js';
import { adminLogin, saveDestination, signUpInBrowser } from './support.js';

/*
 * The Travel Rule on the order page (issue 34 point 1, docs/decisions/076), on a 360 px phone: a
 * Tier 2 customer sells USDT worth more than USD 1,000 from their own TRON wallet; the order
 * waits for the wallet's proof; a signature by another key is refused on its field with what was
 * pasted kept; the wallet's own signature of the server's message lets the order through (no
 * hold left for staff). The wallet's key is made up in the test.
 */

// The addresses order-page.spec.ts gives USDT (the same, so the two specs agree whichever runs first).
const ERC20_DEPOSIT = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20_DEPOSIT = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

test('a USDT sell above the threshold from a self-hosted wallet asks for a signature, and a valid one lets it through', async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const coins = (await (await admin.request.get('/api/admin/coins')).json()) as { coins: { id: number; symbol: string }[] };
  const usdt = coins.coins.find((coin) => coin.symbol === 'usdt')!;
  await saveDestination(admin, baseURL!, 'PATCH', `/api/admin/coins/${usdt.id}`, {
    depositAddresses: { TRC20: TRC20_DEPOSIT, ERC20: ERC20_DEPOSIT },
    isEnabled: true,
  });

  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await phoneContext.newPage();
  const user = await signUpInBrowser(phone);
  const verified = await phone.request.post('/api/test/customer-verification', { headers: origin, data: { email: user.email, tier: 2 } });
  expect(verified.status()).toBe(200);
  await phone.goto('/#/sell');
  await phone.reload();
  await phone.getByLabel('Coin', { exact: true }).selectOption('usdt');
  await phone.getByLabel('Amount to receive (GHS)').fill('20000');
  await expect(phone.getByRole('region', { name: 'Your quote' }).getByText(/^[\d,]+\.\d{6} USDT$/)).toBeVisible();
  await phone.getByRole('group', { name: 'Network you will send on' }).getByLabel('TRON (TRC20)').check();
  await phone.getByLabel('Mobile money provider').selectOption('MTN MoMo');
  await phone.getByLabel('Account name').fill(user.fullName);
  await phone.getByLabel('Mobile money number').fill('0241234567');
  await phone.getByRole('button', { name: 'Create order' }).click();
  await expect(phone).toHaveURL(/#\/orders\/\d+$/);
  const orderId = Number(/#\/orders\/(\d+)$/.exec(phone.url())?.[1]);
  const held = async () =>
    ((await (await admin.request.get(`/api/admin/orders/${orderId}`)).json()) as { order: { complianceHold: boolean } }).order
      .complianceHold;

  // The order asks about the wallet, and waits for it.
  const section = phone.getByRole('region', { name: 'The wallet you send from' });
  await expect(section.getByText(TRAVEL_RULE_MSG.declareNeededHeld)).toBeVisible();
  expect(await held()).toBe(true);
  const wallet = tronWallet();
  await section.getByRole('radio', { name: 'My own wallet (self-hosted)' }).check();
  await section.getByRole('textbox', { name: /Your wallet address/ }).fill(wallet.address);
  await section.getByRole('button', { name: 'Confirm wallet details' }).click();

  // The message to sign names the order and the address.
  await expect(section.getByText(TRAVEL_RULE_MSG.proofNeeded)).toBeVisible();
  const message = section.getByText(/^CediCrypto order \d+: I control the wallet /);
  await expect(message).toContainText(`CediCrypto order ${orderId}: I control the wallet ${wallet.address}.`);
  const challenge = (await message.textContent()) ?? '';
  const signature = section.getByRole('textbox', { name: 'Signature' });

  // Another key's signature: refused on the field, the pasted text kept, still held.
  const forged = tronWallet().sign(challenge);
  await signature.fill(forged);
  await section.getByRole('button', { name: 'Check signature' }).click();
  await expect(section.getByText(TRAVEL_RULE_MSG.forged)).toBeVisible();
  await expect(signature).toHaveValue(forged);
  await expect(signature).toHaveAttribute('aria-invalid', 'true');
  expect(await held()).toBe(true);

  // The wallet's own signature: proven, and the order is no longer held.
  await signature.fill(wallet.sign(challenge));
  await section.getByRole('button', { name: 'Check signature' }).click();
  await expect(section.getByText('Proven by signature')).toBeVisible();
  await expect(section.getByText(wallet.address)).toBeVisible();
  await expect.poll(held).toBe(false);
  // Nothing of the section is wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await phoneContext.close();
  await adminContext.close();
});
