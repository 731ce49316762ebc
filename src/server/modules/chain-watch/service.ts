import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { CHAINS, walletNetworkOfOrder } from '#shared/networks.js';
import { paymentTxKeyOf } from '#shared/transaction-id.js';
import { Dec } from '#shared/money.js';
import type { TExceptionKind } from '#shared/contracts/statements.js';
import type { TDb, TTx } from '#server/db/client.js';
import { coins, depositAddresses } from '#server/db/schema/app.js';
import { chainDeposits, chainNetworks } from '#server/db/schema/chain.js';
import { orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import {
  CHAIN_FAMILY,
  DEFAULT_CONFIRMATIONS,
  NATIVE_COIN,
  NATIVE_DECIMALS,
  type TChainWatchOptions,
  type TWatchedNetwork,
} from '#server/lib/chain-options.js';
import type { TOrderDeps } from '#server/modules/orders/deps.js';
import { postEntry, reverseEntry } from '#server/modules/ledger/service.js';
import { recordTransition } from '#server/modules/orders/lifecycle.js';
import { resolveAccount, suspenseAccount } from '#server/modules/payments/service.js';
import { applyConfirmation } from '#server/modules/orders/settlement.js';
import { isReferenceTaken } from '#server/modules/orders/transitions.js';
import { watchKey, type TChainAdapter, type TChainTransfer, type TWatchSet } from './adapter.js';
import { BlockbookAdapter } from './blockbook.js';
import { EsploraAdapter } from './esplora.js';
import { EvmAdapter, unitsToDecimal } from './evm.js';
import { checkPayouts, type TPayoutCheckResult } from './payout-checks.js';
import { TronGridAdapter } from './tron.js';
import { XrplAdapter } from './xrpl.js';

/**
 * The chain watchers (issue 32 points 2 and 3, docs/decisions/058). One poll of one network:
 *
 * 1. the chain's head;
 * 2. every deposit seen and not yet confirmed is checked against the canonical chain: a block
 *    no longer there makes it `reorged`, its order goes back to awaiting its deposit and staff get
 *    an item in the exceptions queue;
 * 3. the cursor (the last block scanned, with its hash) is checked the same way and moved back a
 *    confirmations' depth when its block is gone, so a transfer mined again is found again;
 * 4. the blocks after the cursor (at most maxBlocksPerPoll) are scanned for transfers to the
 *    addresses given to sell orders (src/server/modules/deposit-keys); each is recorded once and
 *    moves its order to deposit_detected, or becomes an item of the exceptions queue;
 * 5. confirmations are counted (head - block + 1); at the network's required number the deposit
 *    is confirmed, and its order too when it brought the amount ordered (else staff decide);
 * 6. the cursor moves on, only from where this poll found it (a conditional update);
 * 7. buys paid out on the network have their payout's transaction checked (payout-checks.ts,
 *    docs/decisions/067).
 *
 * One poll per network runs at a time across every process: each network is a periodic job of the
 * job engine (src/server/modules/jobs/engine.ts, pg-boss's singleton policy), and the cursor's
 * conditional update would refuse a second one anyway. Each step is its own short transaction (no
 * session state), so it works on PGlite, PostgreSQL and through PgBouncer in transaction mode.
 */

export type TChainWatchDeps = {
  db: TDb;
  orderDeps: TOrderDeps;
  options: TChainWatchOptions;
  /** The adapter of a network's endpoint (tests); by default its family's (adapterOf). */
  adapterFor?: (network: TWatchedNetwork, url: string) => TChainAdapter;
  /** A deposit to an order came from `sender` (TChainTransfer.from): app.ts screens it against the sanctions lists (docs/decisions/075). */
  onDepositSender?: (tx: TTx, orderId: number, sender: string, at: Date) => Promise<unknown>;
};

export type TPollResult =
  | { skipped: 'no endpoint' }
  | { head: number; scanned: [number, number] | null; transfers: number; confirmed: number; reorged: number; payouts: TPayoutCheckResult };

type TDepositRow = typeof chainDeposits.$inferSelect;
type TNetworkRow = typeof chainNetworks.$inferSelect;

const now = (deps: TChainWatchDeps) => (deps.orderDeps.now ? deps.orderDeps.now() : new Date());

/** The network's settings and cursor row, created with the defaults on first use. */
export async function networkRow(db: TDb | TTx, options: TChainWatchOptions, network: TWatchedNetwork): Promise<TNetworkRow> {
  await db
    .insert(chainNetworks)
    .values({ network, requiredConfirmations: DEFAULT_CONFIRMATIONS[network], tokens: options.tokens[network] })
    .onConflictDoNothing();
  const [row] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  return row!;
}

/** Whether a network has an endpoint to watch (its settings row's, or the environment's). */
export function endpointOf(row: TNetworkRow, options: TChainWatchOptions): string | undefined {
  return row.rpcUrl ?? options.rpcUrls[row.network as TWatchedNetwork];
}

/**
 * The adapter of a network's family: EVM JSON-RPC (evm.ts), Esplora REST (esplora.ts, BTC and LTC),
 * TronGrid REST (tron.ts, TRC20), Blockbook REST (blockbook.ts, DOGE) or the XRP Ledger's JSON-RPC (xrpl.ts, XRP).
 */
export function adapterOf(network: TWatchedNetwork, url: string, options: TChainWatchOptions): TChainAdapter {
  switch (CHAIN_FAMILY[network]) {
    case 'esplora':
      return new EsploraAdapter({ url, minIntervalMs: options.esploraMinIntervalMs, timeoutMs: options.timeoutMs });
    case 'blockbook':
      return new BlockbookAdapter({ url, minIntervalMs: options.blockbookMinIntervalMs, timeoutMs: options.timeoutMs });
    case 'trongrid':
      return new TronGridAdapter({
        url,
        mode: options.tronApi,
        apiKey: options.tronGridApiKey,
        minIntervalMs: options.tronGridMinIntervalMs,
        timeoutMs: options.timeoutMs,
      });
    case 'xrpl':
      return new XrplAdapter({ url, minIntervalMs: options.xrplMinIntervalMs, timeoutMs: options.timeoutMs });
    case 'evm':
      return new EvmAdapter({ url, minIntervalMs: options.minIntervalMs, timeoutMs: options.timeoutMs });
  }
}

export async function pollNetwork(deps: TChainWatchDeps, network: TWatchedNetwork): Promise<TPollResult> {
  const { db, options } = deps;
  const row = await networkRow(db, options, network);
  const url = endpointOf(row, options);
  if (!url) return { skipped: 'no endpoint' };
  const adapter = deps.adapterFor?.(network, url) ?? adapterOf(network, url, options);
  try {
    return await poll(deps, adapter, row);
  } catch (error) {
    await db
      .update(chainNetworks)
      .set({ lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500), polledAt: now(deps) })
      .where(eq(chainNetworks.network, network));
    throw error;
  }
}

async function poll(deps: TChainWatchDeps, adapter: TChainAdapter, row: TNetworkRow): Promise<TPollResult> {
  const { db, options } = deps;
  const network = row.network as TWatchedNetwork;
  const required = row.requiredConfirmations;
  const head = await adapter.head();

  // 2. Deposits not yet confirmed: still on the chain?
  const reorged = await checkOpenDeposits(deps, adapter, network, head.number, 'reorgs only');

  // 3. The cursor: its block still the one scanned? Else scan again a confirmations' depth below.
  let cursor = row.lastBlock;
  if (cursor === null) {
    cursor = Math.max(-1, head.number - options.startBlocksBack - 1);
  } else if (cursor > head.number || (await adapter.blockHash(cursor))?.toLowerCase() !== row.lastBlockHash) {
    cursor = Math.max(-1, Math.min(cursor, head.number) - required - 1);
  }

  // 4. The watch set, read after the head: an order placed later cannot have a transfer in these blocks.
  const watch = await watchSet(db, row);
  const from = cursor + 1;
  const to = Math.min(head.number, from + options.maxBlocksPerPoll - 1);
  let transfers: TChainTransfer[] = [];
  if (from <= to && watch.set.addresses.size > 0) transfers = await adapter.transfers(from, to, watch.set);
  for (const transfer of transfers) await recordTransfer(deps, network, transfer, watch.orders.get(orderKey(transfer)), head.number);

  // 5. Confirmations.
  const confirmed = await checkOpenDeposits(deps, adapter, network, head.number, 'count');

  // 6. The cursor moves on from where this poll found it.
  const scanned: [number, number] | null = from <= to ? [from, to] : null;
  const toHash = scanned ? (to === head.number ? head.hash : await adapter.blockHash(to)) : row.lastBlockHash;
  await db
    .update(chainNetworks)
    .set({
      lastBlock: scanned ? to : cursor,
      lastBlockHash: toHash?.toLowerCase() ?? null,
      headBlock: head.number,
      polledAt: now(deps),
      lastError: null,
      updatedAt: now(deps),
    })
    .where(
      and(
        eq(chainNetworks.network, network),
        row.lastBlock === null ? sql`last_block IS NULL` : eq(chainNetworks.lastBlock, row.lastBlock),
      ),
    );
  // 7. Buys paid out on this network: their payouts checked against the chain (payout-checks.ts).
  const payouts = await checkPayouts(deps, adapter, network, head.number, now(deps));
  return { head: head.number, scanned, transfers: transfers.length, confirmed, reorged, payouts };
}

type TWatchedOrder = { id: number };

/**
 * What names a transfer's order: its address; on a tag network (XRP, docs/decisions/072) the
 * business's fixed address and the payment's destination tag together ("none" without one, which
 * no order has).
 */
const orderKey = (transfer: { to: string; destinationTag?: number | null }) =>
  transfer.destinationTag === undefined ? transfer.to : `${transfer.to}#${transfer.destinationTag ?? 'none'}`;

/** Every address given to a sell order on this network (for ever: a late deposit must find its order), and what to look for. */
async function watchSet(db: TDb, row: TNetworkRow): Promise<{ set: TWatchSet; orders: Map<string, TWatchedOrder> }> {
  const network = row.network as TWatchedNetwork;
  if (CHAINS[network].hasTag) return tagWatchSet(db, network);
  const rows = await db
    .select({ id: orders.id, coinSymbol: orders.coinSymbol, network: orders.network, address: orders.depositAddress })
    .from(orders)
    .where(and(eq(orders.type, 'sell'), isNotNull(orders.depositKeyId), isNotNull(orders.depositAddress)));
  const byAddress = new Map<string, TWatchedOrder>();
  const tokens = new Map<string, { contract: string; decimals: number }>();
  let native: TWatchSet['native'] = null;
  for (const order of rows) {
    if (walletNetworkOfOrder(order) !== network || !order.address) continue;
    const symbol = order.coinSymbol.toUpperCase();
    if (symbol === NATIVE_COIN[network]) {
      native = { coinSymbol: order.coinSymbol.toLowerCase(), decimals: NATIVE_DECIMALS[network] };
    } else {
      const token = row.tokens[symbol];
      if (!token) continue; // a token without a contract in the settings is not watched
      tokens.set(order.coinSymbol.toLowerCase(), token);
    }
    byAddress.set(watchKey(order.address), { id: order.id });
  }
  return { set: { addresses: new Set(byAddress.keys()), tokens, native }, orders: byAddress };
}

/**
 * A tag network's watch set (XRP, docs/decisions/072): the fixed address each tagged sell was told
 * (every one, for ever: the address may have changed since) and the one Currencies gives now (a
 * payment without a tag, or before any order, is seen too); each order keyed by address and tag.
 */
async function tagWatchSet(db: TDb, network: TWatchedNetwork): Promise<{ set: TWatchSet; orders: Map<string, TWatchedOrder> }> {
  const rows = await db
    .select({
      id: orders.id,
      coinSymbol: orders.coinSymbol,
      network: orders.network,
      address: orders.depositAddress,
      tag: orders.depositTag,
    })
    .from(orders)
    .where(and(eq(orders.type, 'sell'), eq(orders.network, network), isNotNull(orders.depositTag), isNotNull(orders.depositAddress)));
  const byKey = new Map<string, TWatchedOrder>();
  const addresses = new Set<string>();
  for (const order of rows) {
    if (!order.address || !order.tag || !/^\d+$/.test(order.tag)) continue;
    addresses.add(order.address);
    byKey.set(orderKey({ to: order.address, destinationTag: Number(order.tag) }), { id: order.id });
  }
  const fixed = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .innerJoin(coins, eq(coins.id, depositAddresses.coinId))
    .where(and(eq(depositAddresses.network, network), eq(coins.symbol, NATIVE_COIN[network].toLowerCase())));
  for (const { address } of fixed) addresses.add(address);
  const native = { coinSymbol: NATIVE_COIN[network].toLowerCase(), decimals: NATIVE_DECIMALS[network] };
  return { set: { addresses, tokens: new Map(), native }, orders: byKey };
}

/** One transfer, recorded once; a transfer of a reorganised block mined again comes back to life. */
async function recordTransfer(
  deps: TChainWatchDeps,
  network: TWatchedNetwork,
  transfer: TChainTransfer,
  order: TWatchedOrder | undefined,
  head: number,
): Promise<void> {
  const at = now(deps);
  const values = {
    network,
    coinSymbol: transfer.coinSymbol,
    txHash: transfer.txHash,
    logIndex: transfer.logIndex,
    toAddress: transfer.to,
    amount: unitsToDecimal(transfer.rawAmount, transfer.decimals),
    blockNumber: transfer.blockNumber,
    blockHash: transfer.blockHash,
    confirmations: head - transfer.blockNumber + 1,
    updatedAt: at,
  };
  await deps.db.transaction(async (tx) => {
    let [deposit] = await tx.insert(chainDeposits).values(values).onConflictDoNothing().returning();
    if (!deposit) {
      [deposit] = await tx
        .update(chainDeposits)
        .set({
          blockNumber: values.blockNumber,
          blockHash: values.blockHash,
          confirmations: values.confirmations,
          status: 'seen',
          updatedAt: at,
        })
        .where(
          and(
            eq(chainDeposits.network, network),
            eq(chainDeposits.txHash, transfer.txHash),
            eq(chainDeposits.logIndex, transfer.logIndex),
            eq(chainDeposits.status, 'reorged'),
          ),
        )
        .returning();
    }
    if (!deposit) return;
    if (order) {
      await attach(tx, deps, deposit, order.id, at);
      if (transfer.from) await deps.onDepositSender?.(tx, order.id, transfer.from, at);
      return;
    }
    // A payment to a tag network's fixed address without a tag, or with a tag no order has: staff decide.
    if (transfer.destinationTag !== undefined) {
      const tag =
        transfer.destinationTag === null
          ? 'without a destination tag'
          : `with destination tag ${transfer.destinationTag}, which no order has`;
      await holdInSuspense(tx, deposit, tag, at);
      await exceptionItem(tx, deposit, 'no_order', null, `A payment to ${transfer.to} ${tag}: ${describe(deposit)}.`);
    }
  });
}

/** An item of the exceptions queue about a chain deposit (once per deposit and kind). */
async function exceptionItem(tx: TTx, deposit: TDepositRow, kind: TExceptionKind, orderId: number | null, detail: string) {
  await tx
    .insert(statementExceptions)
    .values({
      kind,
      accountKey: `wallet:${deposit.coinSymbol.toUpperCase()}:${deposit.network}`,
      orderId,
      chainDepositId: deposit.id,
      detail: detail.slice(0, 1000),
    })
    .onConflictDoNothing();
}

const describe = (deposit: TDepositRow) =>
  `${new Dec(deposit.amount).toFixed()} ${deposit.coinSymbol.toUpperCase()} on ${deposit.network}, transaction ${deposit.txHash}, block ${deposit.blockNumber}`;

/**
 * Coins that arrived and that no order's confirmation will record (a deposit after expiry, to an
 * order no longer open): the wallet holds them, so the ledger does too, against suspense, until
 * staff link, refund or write off the item (payments/service.ts resolveException; issue 32 point 5,
 * docs/decisions/068). Once per deposit.
 */
async function holdInSuspense(tx: TTx, deposit: TDepositRow, why: string, at: Date): Promise<void> {
  // Locked: of two looks at the same deposit, one posts.
  const [current] = await tx
    .select({ held: chainDeposits.suspenseEntryId })
    .from(chainDeposits)
    .where(eq(chainDeposits.id, deposit.id))
    .for('update');
  if (!current || current.held !== null) return;
  const account = await resolveAccount(tx, { coin: deposit.coinSymbol, network: deposit.network });
  const amount = new Dec(deposit.amount).toFixed();
  const entry = await postEntry(tx, {
    kind: 'unidentified_receipt',
    memo: `Chain deposit ${deposit.id} ${why}: ${describe(deposit)}. In suspense until staff decide.`,
    createdBy: null,
    at,
    postings: [
      { account: account.ledger, amount },
      { account: suspenseAccount(account.asset), amount: new Dec(amount).negated().toFixed() },
    ],
  });
  await tx.update(chainDeposits).set({ suspenseEntryId: entry.id }).where(eq(chainDeposits.id, deposit.id));
}

/**
 * A deposit to an order's address: an order waiting for it is detected (the hash becomes its
 * transaction id when it has none); a wrong amount, a deposit after expiry or to an order no longer
 * open is an item of the exceptions queue, decided by staff (nothing is guessed).
 */
async function attach(tx: TTx, deps: TChainWatchDeps, deposit: TDepositRow, orderId: number, at: Date): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return;
  const sameCoin = order.coinSymbol.toLowerCase() === deposit.coinSymbol.toLowerCase();
  if (sameCoin && (order.status === 'awaiting_deposit' || order.status === 'deposit_submitted')) {
    const key = paymentTxKeyOf('chain', deposit.txHash);
    const claim = order.paymentTxId === null && key !== null && !(await isReferenceTaken(tx, key, order.id));
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'deposit_detected',
        ...(claim ? { paymentTxId: deposit.txHash, paymentTxKey: key, submittedAt: order.submittedAt ?? at } : {}),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!updated) return;
    await tx.update(chainDeposits).set({ orderId: order.id }).where(eq(chainDeposits.id, deposit.id));
    await recordTransition(tx, deps.orderDeps, {
      order,
      actor: 'system',
      from: order.status,
      to: 'deposit_detected',
      details: { txHash: deposit.txHash, amount: new Dec(deposit.amount).toFixed(), confirmations: String(deposit.confirmations) },
      at,
    });
    const received = new Dec(deposit.amount);
    const ordered = new Dec(order.amountCrypto);
    if (!received.eq(ordered)) {
      await exceptionItem(
        tx,
        deposit,
        received.lt(ordered) ? 'short_payment' : 'over_payment',
        order.id,
        `Order #${order.id} expects ${ordered.toFixed()} ${order.coinSymbol.toUpperCase()}; the chain shows ${describe(deposit)}. Confirm what arrived on the order, or refund it.`,
      );
    }
    return;
  }
  if (order.status === 'expired') {
    await exceptionItem(tx, deposit, 'late_deposit', order.id, `Order #${order.id} expired before this deposit: ${describe(deposit)}.`);
    await holdInSuspense(tx, deposit, `after order #${order.id} expired`, at);
    return;
  }
  await holdInSuspense(tx, deposit, `to the address of order #${order.id}, which is ${order.status.replace(/_/g, ' ')}`, at);
  await exceptionItem(
    tx,
    deposit,
    'no_order',
    order.id,
    `A deposit to the address of order #${order.id}, which is ${order.status.replace(/_/g, ' ')}${sameCoin ? '' : ` (it sells ${order.coinSymbol.toUpperCase()})`}: ${describe(deposit)}.`,
  );
}

/**
 * The deposits seen and not confirmed: each block's hash against the chain's. 'reorgs only' acts
 * on a block gone; 'count' also updates confirmations (the order screens hear of it) and confirms a
 * deposit at the network's required number. Returns how many were reorged or confirmed.
 */
async function checkOpenDeposits(
  deps: TChainWatchDeps,
  adapter: TChainAdapter,
  network: TWatchedNetwork,
  head: number,
  mode: 'reorgs only' | 'count',
): Promise<number> {
  const open = await deps.db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, network), eq(chainDeposits.status, 'seen')));
  if (open.length === 0) return 0;
  const [row] = await deps.db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  const required = row!.requiredConfirmations;
  const hashes = new Map<number, string | null>();
  for (const block of new Set(open.map((d) => d.blockNumber))) {
    hashes.set(block, block > head ? null : ((await adapter.blockHash(block))?.toLowerCase() ?? null));
  }
  let count = 0;
  for (const deposit of open) {
    const at = now(deps);
    if (hashes.get(deposit.blockNumber) !== deposit.blockHash) {
      await deps.db.transaction((tx) => reorg(tx, deps, deposit, at));
      if (mode === 'reorgs only') count++;
      continue;
    }
    if (mode === 'reorgs only') continue;
    const confirmations = head - deposit.blockNumber + 1;
    if (confirmations === deposit.confirmations && confirmations < required) continue;
    await deps.db.transaction(async (tx) => {
      const isConfirmed = confirmations >= required;
      const [updated] = await tx
        .update(chainDeposits)
        .set({ confirmations, status: isConfirmed ? 'confirmed' : 'seen', updatedAt: at })
        .where(and(eq(chainDeposits.id, deposit.id), eq(chainDeposits.status, 'seen')))
        .returning();
      if (!updated || updated.orderId === null) return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, updated.orderId)).for('update');
      if (!order || order.status !== 'deposit_detected') return;
      if (isConfirmed && new Dec(updated.amount).eq(new Dec(order.amountCrypto))) {
        count++;
        await applyConfirmation(
          tx,
          deps.orderDeps,
          order,
          'system',
          {
            amountReceived: new Dec(order.amountCrypto).toFixed(),
            receivedAt: at.toISOString(),
            evidenceKind: 'chain_transaction',
            evidence: `${network} ${updated.txHash}, block ${updated.blockNumber}, ${confirmations} confirmations`,
          },
          at,
        );
      } else {
        // Confirmations rising: the customer's page and Order Details hear of it.
        await deps.orderDeps.events?.changed(tx, { id: order.id, userId: order.userId, status: order.status });
      }
    });
  }
  return count;
}

/** A deposit whose block left the chain: its order waits for it again, and staff are told. */
async function reorg(tx: TTx, deps: TChainWatchDeps, deposit: TDepositRow, at: Date): Promise<void> {
  const [updated] = await tx
    .update(chainDeposits)
    .set({ status: 'reorged', confirmations: 0, updatedAt: at })
    .where(and(eq(chainDeposits.id, deposit.id), eq(chainDeposits.status, 'seen')))
    .returning();
  if (!updated) return;
  // Coins held in suspense that the chain no longer shows: the ledger lets them go too.
  if (updated.suspenseEntryId !== null) {
    await reverseEntry(tx, updated.suspenseEntryId, {
      memo: `Chain deposit ${updated.id} left the chain (reorganisation): ${describe(updated)}.`,
      createdBy: null,
      at,
    });
    await tx.update(chainDeposits).set({ suspenseEntryId: null }).where(eq(chainDeposits.id, updated.id));
  }
  if (updated.orderId === null) return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, updated.orderId)).for('update');
  if (!order) return;
  if (order.status === 'deposit_detected') {
    await tx.update(orders).set({ status: 'awaiting_deposit' }).where(eq(orders.id, order.id));
    await recordTransition(tx, deps.orderDeps, {
      order,
      actor: 'system',
      from: 'deposit_detected',
      to: 'awaiting_deposit',
      details: { txHash: updated.txHash, reason: 'reorg' },
      at,
    });
  }
  await exceptionItem(
    tx,
    updated,
    'deposit_reorged',
    order.id,
    `The block of this deposit to order #${order.id} is no longer on the chain: ${describe(updated)}. The order waits for its deposit again; the watcher finds the transfer if it is mined again.`,
  );
}
