import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import { STATEMENT_MSG } from '#shared/contracts/statements.js';
import { chainPayoutChecks } from '#server/db/schema/chain.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { deployTestToken, startAnvil, tokenTransfer, toUnits, type TAnvil } from '#test/helpers/anvil.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { approvalBody, payOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

/*
 * Buy payouts checked on chain (issue 32 point 4, docs/decisions/067), on a real local chain (anvil
 * from npm, a test ERC20 standing for USDT): staff complete a USDT-ERC20 buy with the payout's
 * transaction hash, and the ERC20 watcher reads that transaction: verified at the network's
 * confirmations when it pays the customer's wallet the order's amount; another amount, another
 * address or no such transaction by the deadline is an item of the exceptions queue. PGlite
 * (npm test) and PostgreSQL (the API suite under with-postgres).
 */

const CONFIRMATIONS = 3;

let anvil: TAnvil;
let token: string;
let t: TTestApp;
let prices: TFakePriceServer;
let methodId: number;
let support: string;
let manager: string;
let admin: string;
let customer: Awaited<ReturnType<typeof tierTwoCustomer>>;

/** An address of the customer's own wallet (not anvil's sender). */
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER_WALLET = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';

beforeAll(async () => {
  anvil = await startAnvil();
  token = await deployTestToken(anvil, 10n ** 15n);
  ({
    t,
    fake: prices,
    methodId,
  } = await createOrderTestApp('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', {
    TEST_CLOCK: 'true',
    CHAIN_ERC20_RPC_URL: anvil.url,
    CHAIN_ERC20_USDT_CONTRACT: token,
    CHAIN_RPC_MIN_INTERVAL_MS: '0',
    CHAIN_START_BLOCKS_BACK: '0',
    CHAIN_PAYOUT_CHECK_MINUTES: '30',
  }));
  admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  support = (await t.createStaff('support')).cookie;
  manager = (await t.createStaff('manager')).cookie;
  customer = await tierTwoCustomer(t);
  const set = await t.request({
    method: 'PUT',
    url: '/api/admin/chain-networks/ERC20',
    cookie: admin,
    payload: { requiredConfirmations: CONFIRMATIONS },
  });
  expect(set.statusCode, set.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await prices?.close();
  await anvil?.close();
});

const poll = () => t.app.chainWatch.poll('ERC20');
/** One poll of the ERC20 watcher, and what it did with the payouts. */
async function pollPayouts() {
  const result = await poll();
  if (!('payouts' in result)) throw new Error('the ERC20 network has no endpoint');
  return result.payouts;
}
const checkOf = async (orderId: number) =>
  (await t.database.db.select().from(chainPayoutChecks).where(eq(chainPayoutChecks.orderId, orderId)))[0];
const itemsOf = (orderId: number) => t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, orderId));

/** A USDT-ERC20 buy to `WALLET`, paid by the customer, completed by support with `payoutReference`. */
async function completedBuy(payoutReference: (order: TOrder) => Promise<string> | string): Promise<TOrder> {
  const quote = await t.request({
    method: 'POST',
    url: '/api/quotes',
    cookie: customer.cookie,
    payload: { coinSymbol: 'usdt', side: 'buy', fiatCurrency: 'GHS', amountFiat: '150' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: customer.cookie,
    payload: { type: 'buy', quoteId: quote.json().id, network: 'ERC20', walletAddress: WALLET, paymentMethodId: methodId },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().order as TOrder;
  await payOrder(t, customer.cookie, order.id);
  expect((await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/claim`, cookie: support })).statusCode).toBe(200);
  const approved = await t.request({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/approve`,
    cookie: support,
    payload: await approvalBody(t, order.id, { payoutReference: await payoutReference(order) }),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json().order.status).toBe('completed');
  return order;
}

describe('buy payouts checked on chain', () => {
  it('a payout that pays the wallet the amount ordered is verified at the confirmations, with nothing for staff', async () => {
    await poll(); // the cursor catches up with the chain (the token's deployment)
    let hash = '';
    const order = await completedBuy(async (placed) => {
      hash = (await tokenTransfer(anvil, token, WALLET, toUnits(placed.amountCrypto, 6))).transactionHash;
      return hash;
    });
    expect(await pollPayouts()).toMatchObject({ opened: 1, verified: 0, flagged: 0 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending', txHash: hash, confirmations: 1, network: 'ERC20' });

    await anvil.mine(CONFIRMATIONS - 1);
    expect(await pollPayouts()).toMatchObject({ verified: 1 });
    const check = await checkOf(order.id);
    expect(check).toMatchObject({ status: 'verified', confirmations: CONFIRMATIONS });
    expect(check!.detail).toContain(`to ${WALLET}`);
    expect(await itemsOf(order.id)).toEqual([]);
    // Decided once: the next polls leave it.
    await anvil.mine(1);
    expect(await pollPayouts()).toMatchObject({ opened: 0, verified: 0, flagged: 0 });
  });

  it('a payout of another amount, or to another address, is an item for staff with what the chain shows', async () => {
    const short = await completedBuy(async (placed) => {
      const units = toUnits(placed.amountCrypto, 6) - 1n;
      return (await tokenTransfer(anvil, token, WALLET, units)).transactionHash;
    });
    const elsewhere = await completedBuy(
      async (placed) => (await tokenTransfer(anvil, token, OTHER_WALLET, toUnits(placed.amountCrypto, 6))).transactionHash,
    );
    expect(await pollPayouts()).toMatchObject({ opened: 2, flagged: 2 });

    expect(await checkOf(short.id)).toMatchObject({ status: 'mismatch' });
    const [shortItem] = await itemsOf(short.id);
    expect(shortItem).toMatchObject({ kind: 'payout_mismatch', status: 'open', accountKey: 'wallet:USDT:ERC20' });
    expect(shortItem!.detail).toContain(`was to pay ${short.amountCrypto.replace(/0+$/, '')} USDT to ${WALLET}`);
    expect(shortItem!.detail).toContain(`to ${WALLET.toLowerCase()}`);

    const [elsewhereItem] = await itemsOf(elsewhere.id);
    expect(elsewhereItem).toMatchObject({ kind: 'payout_mismatch' });
    expect(elsewhereItem!.detail).toContain(`to ${OTHER_WALLET.toLowerCase()}`);

    // Staff settle it with the customer, then close it with what was done: no link or refund of money it does not hold.
    const link = await t.request({
      method: 'POST',
      url: `/api/admin/statements/exceptions/${shortItem!.id}/resolve`,
      cookie: manager,
      payload: { resolution: 'link', orderId: short.id },
    });
    expect(link.statusCode, link.body).toBe(400);
    expect(link.json().error.fields).toEqual({ resolution: STATEMENT_MSG.payoutWriteOffOnly });
    const closed = await t.request({
      method: 'POST',
      url: `/api/admin/statements/exceptions/${shortItem!.id}/resolve`,
      cookie: manager,
      payload: { resolution: 'write_off', reason: 'Sent the missing 0.000001 USDT in a second transfer; customer confirmed.' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // A second poll adds nothing again.
    expect(await pollPayouts()).toMatchObject({ opened: 0, flagged: 0 });
    expect(await itemsOf(short.id)).toHaveLength(1);
  });

  it('a hash the chain does not have waits until the deadline, then is an item for staff', async () => {
    const unknown = `0x${randomBytes(32).toString('hex')}`;
    const order = await completedBuy(() => unknown);
    expect(await pollPayouts()).toMatchObject({ opened: 1, flagged: 0 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending' });

    expect((await t.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: 31 } })).statusCode).toBe(200);
    expect(await pollPayouts()).toMatchObject({ flagged: 1 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'not_found' });
    const [item] = await itemsOf(order.id);
    expect(item).toMatchObject({ kind: 'payout_not_found', status: 'open' });
    expect(item!.detail).toContain(unknown);
  });
});
