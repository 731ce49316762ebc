import { and, asc, eq, gte, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { Dec } from '#shared/money.js';
import { COIN_NETWORK_LIST, walletNetworkOfOrder } from '#shared/networks.js';
import type { TExceptionKind } from '#shared/contracts/statements.js';
import type { TTx } from '#server/db/client.js';
import { chainNetworks, chainPayoutChecks } from '#server/db/schema/chain.js';
import { orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { NATIVE_COIN, NATIVE_DECIMALS, type TWatchedNetwork } from '#server/lib/chain-options.js';
import { watchKey, type TChainAdapter, type TChainTransfer, type TWatchSet } from './adapter.js';
import { unitsToDecimal } from './evm.js';
import type { TChainWatchDeps } from './service.js';

/**
 * Buy payouts checked on chain (issue 32 point 4, docs/decisions/067). A buy is completed by staff
 * with the payout's transaction hash as its reference, and the customer is told at once, as before;
 * then each poll of the order's network:
 *
 * 1. opens a check for every buy completed on it since the checks began (`orders.decided_at` within
 *    LOOKBACK_DAYS) that has none: its hash, and a deadline (`payoutCheckMinutes` after the decision);
 * 2. reads each pending check's transaction (`TChainAdapter.transaction`: an EVM receipt, Esplora's
 *    `GET /tx/:txid`, TronGrid's gettransactioninfobyid; docs/decisions/070): not on the chain yet
 *    (unknown, in the mempool) waits, until its deadline makes
 *    it `not_found`; a failed transaction, or one that does not pay the order's wallet the order's
 *    amount of its coin, is a `mismatch`; a matching one is `verified` at the network's confirmations.
 *
 * A mismatch or a payout not found puts an item in the exceptions queue with what the chain shows;
 * staff settle it with the customer and close it with what was done (written off with the reason).
 * Each decision is its own short transaction, a conditional update on `status = 'pending'`, so a
 * check is decided once. Nothing here runs on the order path.
 */

/** Buys completed this many days before the first poll are not checked (a first deployment). */
const LOOKBACK_DAYS = 7;
/** Checks read per poll; the rest wait for the next. */
const PER_POLL = 50;

type TCheckRow = typeof chainPayoutChecks.$inferSelect;
type TOrderRow = Pick<typeof orders.$inferSelect, 'id' | 'coinSymbol' | 'network' | 'walletAddress' | 'amountCrypto' | 'destinationTag'>;

export type TPayoutCheckResult = { opened: number; verified: number; flagged: number };

export async function checkPayouts(
  deps: TChainWatchDeps,
  adapter: TChainAdapter,
  network: TWatchedNetwork,
  head: number,
  at: Date,
): Promise<TPayoutCheckResult> {
  const result = { opened: 0, verified: 0, flagged: 0 };
  if (!adapter.transaction) return result;
  const { db, options } = deps;
  const coins = Object.entries(COIN_NETWORK_LIST)
    .filter(([, list]) => list.some((entry) => entry.network === network))
    .map(([coin]) => coin);

  // 1. Completed buys on this network without a check.
  const unchecked = await db
    .select({
      id: orders.id,
      coinSymbol: orders.coinSymbol,
      network: orders.network,
      payoutReference: orders.payoutReference,
      decidedAt: orders.decidedAt,
    })
    .from(orders)
    .leftJoin(chainPayoutChecks, eq(chainPayoutChecks.orderId, orders.id))
    .where(
      and(
        eq(orders.type, 'buy'),
        eq(orders.status, 'completed'),
        isNotNull(orders.payoutReference),
        gte(orders.decidedAt, new Date(at.getTime() - LOOKBACK_DAYS * 86_400_000)),
        inArray(orders.coinSymbol, coins),
        or(eq(orders.network, network), isNull(orders.network)),
        isNull(chainPayoutChecks.orderId),
      ),
    );
  for (const order of unchecked) {
    if (walletNetworkOfOrder(order) !== network || !order.payoutReference || !order.decidedAt) continue;
    const opened = await db
      .insert(chainPayoutChecks)
      .values({
        orderId: order.id,
        network,
        txHash: order.payoutReference,
        deadlineAt: new Date(order.decidedAt.getTime() + options.payoutCheckMinutes * 60_000),
      })
      .onConflictDoNothing()
      .returning({ orderId: chainPayoutChecks.orderId });
    result.opened += opened.length;
  }

  // 2. Pending checks: what does the chain show?
  const pending = await db
    .select({
      check: chainPayoutChecks,
      order: {
        id: orders.id,
        coinSymbol: orders.coinSymbol,
        network: orders.network,
        walletAddress: orders.walletAddress,
        amountCrypto: orders.amountCrypto,
        destinationTag: orders.destinationTag,
      },
    })
    .from(chainPayoutChecks)
    .innerJoin(orders, eq(orders.id, chainPayoutChecks.orderId))
    .where(and(eq(chainPayoutChecks.network, network), eq(chainPayoutChecks.status, 'pending')))
    .orderBy(asc(chainPayoutChecks.updatedAt))
    .limit(PER_POLL);
  if (pending.length === 0) return result;
  const [row] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  const required = row!.requiredConfirmations;
  const watch: Omit<TWatchSet, 'addresses'> = {
    tokens: new Map(Object.entries(row!.tokens).map(([symbol, token]) => [symbol.toLowerCase(), token])),
    native: { coinSymbol: NATIVE_COIN[network].toLowerCase(), decimals: NATIVE_DECIMALS[network] },
  };

  for (const { check, order } of pending) {
    const seen = await adapter.transaction(check.txHash, watch);
    if (!seen) {
      if (at >= check.deadlineAt) {
        await flag(
          deps,
          check,
          order,
          'not_found',
          `Not found on ${network} by ${check.deadlineAt.toISOString()}: transaction ${check.txHash}.`,
          at,
        );
        result.flagged++;
      }
      continue;
    }
    const paid = seen.transfers.find((transfer) => pays(transfer, order));
    if (!seen.succeeded || !paid) {
      const why = !seen.succeeded ? 'the transaction failed on chain' : `it pays ${describeTransfers(seen.transfers, order)}`;
      await flag(
        deps,
        check,
        order,
        'mismatch',
        `Order #${order.id} was to pay ${new Dec(order.amountCrypto).toFixed()} ${order.coinSymbol.toUpperCase()} to ${order.walletAddress} on ${network}; ${why} (transaction ${check.txHash}, block ${seen.blockNumber}).`,
        at,
      );
      result.flagged++;
      continue;
    }
    const confirmations = Math.max(0, head - seen.blockNumber + 1);
    const verified = confirmations >= required;
    if (!verified && confirmations === check.confirmations) continue;
    const [updated] = await db
      .update(chainPayoutChecks)
      .set({
        status: verified ? 'verified' : 'pending',
        confirmations,
        blockNumber: seen.blockNumber,
        detail: `${new Dec(order.amountCrypto).toFixed()} ${order.coinSymbol.toUpperCase()} to ${order.walletAddress}, block ${seen.blockNumber}, ${confirmations} confirmations`,
        updatedAt: at,
      })
      .where(and(eq(chainPayoutChecks.orderId, check.orderId), eq(chainPayoutChecks.status, 'pending')))
      .returning({ orderId: chainPayoutChecks.orderId });
    if (updated && verified) result.verified++;
  }
  return result;
}

/** Whether a transfer pays the order: its coin, to its wallet (as the chain writes addresses), exactly its amount. */
/**
 * Whether a transfer is the order's payout. On a tag network (XRP) a buy whose customer gave a
 * destination tag (an exchange's deposit address) is paid only with that tag: without it the coins
 * reach the exchange unattributed (docs/decisions/072).
 */
function pays(transfer: TChainTransfer, order: TOrderRow): boolean {
  const tagged = transfer.destinationTag === undefined || !order.destinationTag || transfer.destinationTag === Number(order.destinationTag);
  return (
    tagged &&
    transfer.coinSymbol === order.coinSymbol.toLowerCase() &&
    !!order.walletAddress &&
    transfer.to === watchKey(order.walletAddress) &&
    new Dec(unitsToDecimal(transfer.rawAmount, transfer.decimals)).eq(new Dec(order.amountCrypto))
  );
}

function describeTransfers(transfers: TChainTransfer[], order: TOrderRow): string {
  if (transfers.length === 0) return `no ${order.coinSymbol.toUpperCase()} transfer`;
  return transfers
    .map(
      (transfer) =>
        `${unitsToDecimal(transfer.rawAmount, transfer.decimals)} ${transfer.coinSymbol.toUpperCase()} to ${transfer.to}${
          transfer.destinationTag === undefined
            ? ''
            : transfer.destinationTag === null
              ? ' without a destination tag'
              : ` with destination tag ${transfer.destinationTag}`
        }`,
    )
    .join(', ');
}

/** A check decided against the payout: its status, and an item for staff in the exceptions queue (once). */
async function flag(
  deps: TChainWatchDeps,
  check: TCheckRow,
  order: TOrderRow,
  status: 'mismatch' | 'not_found',
  detail: string,
  at: Date,
): Promise<void> {
  await deps.db.transaction(async (tx: TTx) => {
    const [decided] = await tx
      .update(chainPayoutChecks)
      .set({ status, detail: detail.slice(0, 1000), updatedAt: at })
      .where(and(eq(chainPayoutChecks.orderId, check.orderId), eq(chainPayoutChecks.status, 'pending')))
      .returning({ orderId: chainPayoutChecks.orderId });
    if (!decided) return;
    const kind: TExceptionKind = status === 'mismatch' ? 'payout_mismatch' : 'payout_not_found';
    await tx
      .insert(statementExceptions)
      .values({
        kind,
        accountKey: `wallet:${order.coinSymbol.toUpperCase()}:${check.network}`,
        orderId: order.id,
        detail: detail.slice(0, 1000),
      })
      .onConflictDoNothing();
  });
}
