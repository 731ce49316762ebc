import {
  ChainEndpointError,
  holdOff,
  rateLimited,
  RetryAfter,
  type TBlockRef,
  type TChainAdapter,
  type TChainTransaction,
  type TChainTransfer,
  type TWatchSet,
  withRetries,
} from './adapter.js';
import { retryAfterMs } from './esplora.js';

/**
 * The XRP Ledger adapter (XRP; docs/decisions/072): the JSON-RPC API of rippled and Clio servers
 * (xrpl.org, "Public API Methods"), a POST of `{method, params: [{…}]}` answered by `{result}`. No
 * client library: fetch and JSON.
 *
 * - the head: `ledger` {ledger_index: "validated"} (ledger_index, ledger_hash): only validated
 *   ledgers are read, and a validated ledger is final (no reorganisation; one confirmation);
 * - a ledger's hash: `ledger` {ledger_index: n}; `lgrNotFound` when the server does not have it;
 * - transfers: each watched address's transactions (the business's one fixed XRP address, and any
 *   earlier one orders still name), `account_tx` {account, ledger_index_min, ledger_index_max,
 *   forward: true, limit, marker} page by page. A Payment counts when its `Destination` is the
 *   address, its `meta.TransactionResult` is "tesSUCCESS" and its `meta.delivered_amount` is XRP
 *   (drops as a string): the amount that arrived, never `Amount` (a partial payment delivers less).
 *   Its `DestinationTag` names the order (service.ts matches address and tag);
 * - one transaction: `tx` {transaction: hash} (docs/decisions/067's payout check).
 *
 * Errors: HTTP 429 and 503 (a server over its limit) hold the endpoint back (Retry-After); the
 * `slowDown` and `tooBusy` errors likewise; 5xx, network errors and timeouts are retried; other
 * errors (`invalidParams`, an unknown method) need a person.
 */

/** Transactions per page of `account_tx`: the most rippled returns to a public (non-admin) caller. */
export const XRPL_PAGE = 400;

/** Error codes of the API that pass by themselves (a busy or unsynced server). */
const RETRYABLE_ERRORS = new Set(['slowDown', 'tooBusy', 'noNetwork', 'noCurrent', 'noClosed', 'notSynced', 'notReady', 'lgrIdxsInvalid']);

export type TXrplOptions = {
  /** The JSON-RPC URL: http://127.0.0.1:51234 (your own rippled), https://xrplcluster.com, https://s1.ripple.com:51234. */
  url: string;
  minIntervalMs: number;
  timeoutMs: number;
  /** Tries of one request while its failure may pass (a network error, a timeout, 429, 503, 5xx, slowDown). */
  attempts?: number;
  /** The longest Retry-After waited for within a poll; a longer one fails the poll. */
  maxRetryAfterMs?: number;
  /** The API version asked for (`api_version`); the server's default (1 on rippled and Clio today) when absent. Both are read. */
  apiVersion?: 1 | 2;
};

/** A transaction as `account_tx` and `tx` return it: API version 1 (`tx`, fields inline) or 2 (`tx_json`, `hash` beside it). */
type TXrplTx = {
  hash?: string;
  ledger_index?: number;
  ledger_hash?: string;
  TransactionType?: string;
  Destination?: string;
  DestinationTag?: number;
};
type TXrplMeta = { TransactionResult?: string; delivered_amount?: unknown };
type TAccountTxEntry = {
  tx?: TXrplTx;
  tx_json?: TXrplTx;
  hash?: string;
  ledger_index?: number;
  ledger_hash?: string;
  meta?: TXrplMeta;
  validated?: boolean;
};
type TResult = Record<string, unknown> & { status?: string; error?: string; error_message?: string };

/** An error answer of the API, with its code (`lgrNotFound`, `actNotFound`, `txnNotFound`, `slowDown` …). */
export class XrplError extends ChainEndpointError {
  constructor(
    message: string,
    readonly code: string,
    retryable: boolean,
  ) {
    super(message, retryable);
  }
}

const HASH = /^[0-9A-Fa-f]{64}$/;

export class XrplAdapter implements TChainAdapter {
  private readonly base: string;
  private readonly maxWaitMs: number;
  /** Requests made (each try counts). */
  requests = 0;
  /** The validated ledger this adapter last read: a ledger at or below it a server does not have is that server's gap, not a missing ledger. */
  private lastHead = -1;

  constructor(private readonly options: TXrplOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.maxWaitMs = options.maxRetryAfterMs ?? 30_000;
  }

  private retrying<T>(attempt: () => Promise<T>): Promise<T> {
    return withRetries(attempt, { attempts: this.options.attempts ?? 3, maxWaitMs: this.maxWaitMs });
  }

  /** One JSON-RPC call: rate limited per endpoint, with a timeout. Returns `result`; an error answer throws XrplError. */
  private async once(method: string, params: Record<string, unknown>): Promise<TResult> {
    await rateLimited(this.base, this.options.minIntervalMs, this.maxWaitMs);
    this.requests++;
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.base, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ method, params: [this.options.apiVersion ? { ...params, api_version: this.options.apiVersion } : params] }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ChainEndpointError(`${method}: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (response.status === 429 || response.status === 503) {
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000;
      holdOff(this.base, wait); // every request to this endpoint waits (or, past maxRetryAfterMs, fails) until then
      throw new RetryAfter(`${method}: HTTP ${response.status} (retry after ${Math.ceil(wait / 1000)} s)`, wait);
    }
    if (!response.ok) {
      throw new ChainEndpointError(`${method}: HTTP ${response.status} ${text.slice(0, 200)}`.trim(), response.status >= 500);
    }
    let result: TResult | undefined;
    try {
      result = (JSON.parse(text) as { result?: TResult }).result;
    } catch {
      throw new ChainEndpointError(`${method}: not JSON`, true);
    }
    if (!result || typeof result !== 'object') throw new ChainEndpointError(`${method}: no result`, true);
    if (result.status === 'error' || typeof result.error === 'string') {
      const code = String(result.error ?? 'unknown');
      const message = `${method}: ${code}${result.error_message ? ` (${String(result.error_message).slice(0, 200)})` : ''}`;
      if (code === 'slowDown' || code === 'tooBusy') {
        holdOff(this.base, 1000);
        throw new RetryAfter(message, 1000);
      }
      throw new XrplError(message, code, RETRYABLE_ERRORS.has(code));
    }
    return result;
  }

  private call(method: string, params: Record<string, unknown>): Promise<TResult> {
    return this.retrying(() => this.once(method, params));
  }

  async head(): Promise<TBlockRef> {
    const result = await this.call('ledger', { ledger_index: 'validated' });
    const number = result.ledger_index;
    const hash = result.ledger_hash;
    if (
      typeof number !== 'number' ||
      !Number.isSafeInteger(number) ||
      typeof hash !== 'string' ||
      !HASH.test(hash) ||
      result.validated !== true
    )
      throw new ChainEndpointError('ledger validated: not a validated ledger', true);
    this.lastHead = Math.max(this.lastHead, number);
    return { number, hash: hash.toLowerCase() };
  }

  /** A validated ledger's hash; null above the validated head. A ledger at or below it the server lacks is its gap: retried, then the poll fails. */
  async blockHash(number: number): Promise<string | null> {
    return this.retrying(async () => {
      let result: TResult;
      try {
        result = await this.once('ledger', { ledger_index: number });
      } catch (error) {
        if (!(error instanceof XrplError) || error.code !== 'lgrNotFound') throw error;
        if (number <= this.lastHead)
          throw new ChainEndpointError(`ledger ${number}: not on the server below its validated ${this.lastHead}`, true);
        return null;
      }
      const hash = result.ledger_hash;
      // A ledger closed but not validated yet is not the chain's yet.
      if (result.validated !== true || typeof hash !== 'string' || !HASH.test(hash)) return null;
      return hash.toLowerCase();
    });
  }

  async transfers(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    if (!watch.native || watch.addresses.size === 0 || from > to) return [];
    const found: TChainTransfer[] = [];
    const hashes = new Map<number, string>();
    for (const address of watch.addresses) {
      let marker: unknown;
      do {
        let result: TResult;
        try {
          result = await this.call('account_tx', {
            account: address,
            ledger_index_min: from,
            ledger_index_max: to,
            forward: true,
            limit: XRPL_PAGE,
            ...(marker !== undefined ? { marker } : {}),
          });
        } catch (error) {
          // An account not funded yet has no transactions.
          if (error instanceof XrplError && error.code === 'actNotFound') break;
          throw error;
        }
        // API version 1 narrows a range the server does not fully have to what it has (version 2
        // refuses it, lgrIdxsInvalid): a payment in the missing ledgers would be missed, so the poll fails.
        const [min, max] = [result.ledger_index_min, result.ledger_index_max];
        if ((typeof min === 'number' && min > from) || (typeof max === 'number' && max < to))
          throw new ChainEndpointError(`account_tx: the server has ledgers ${String(min)}..${String(max)}, not ${from}..${to}`, true);
        for (const entry of (result.transactions as TAccountTxEntry[] | undefined) ?? []) {
          const transfer = paymentTo(entry, address, watch.native);
          if (!transfer || transfer.blockNumber < from || transfer.blockNumber > to) continue;
          let hash = transfer.blockHash || hashes.get(transfer.blockNumber);
          if (!hash) {
            const read = await this.blockHash(transfer.blockNumber);
            if (!read) throw new ChainEndpointError(`ledger ${transfer.blockNumber} is not validated`, true);
            hash = read;
          }
          hashes.set(transfer.blockNumber, hash);
          found.push({ ...transfer, blockHash: hash });
        }
        marker = result.marker ?? undefined;
      } while (marker !== undefined);
    }
    return found;
  }

  /** One transaction (`tx`): null when the server does not know it or it is not in a validated ledger yet. */
  async transaction(txHash: string, watch: Omit<TWatchSet, 'addresses'>): Promise<TChainTransaction | null> {
    let result: TResult;
    try {
      result = await this.call('tx', { transaction: txHash.toUpperCase() });
    } catch (error) {
      if (error instanceof XrplError && error.code === 'txnNotFound') return null;
      throw error;
    }
    const entry = result as unknown as TAccountTxEntry & TXrplTx;
    const tx = entry.tx_json ?? entry;
    const blockNumber = entry.ledger_index ?? tx.ledger_index;
    if (result.validated !== true || typeof blockNumber !== 'number') return null;
    const blockHash = (entry.ledger_hash ?? (await this.blockHash(blockNumber)) ?? '').toLowerCase();
    const native = watch.native ?? { coinSymbol: 'xrp', decimals: 6 };
    // The `tx` answer: the transaction's fields inline (API version 1) or in tx_json (2), meta and validated beside them.
    const asEntry: TAccountTxEntry = {
      tx,
      hash: entry.hash ?? tx.hash,
      ledger_index: blockNumber,
      ledger_hash: blockHash,
      meta: entry.meta,
      validated: true,
    };
    const transfer = tx.Destination ? paymentTo(asEntry, tx.Destination, native) : null;
    return {
      blockNumber,
      blockHash,
      succeeded: entry.meta?.TransactionResult === 'tesSUCCESS',
      transfers: transfer ? [{ ...transfer, blockHash }] : [],
    };
  }
}

/**
 * A successful XRP Payment to `address` in a validated ledger, as a transfer of what it delivered
 * (drops); null otherwise (another type, a failed `tec…` result, an issued currency, another
 * destination). The ledger's hash is empty when the answer does not carry it (API version 1).
 */
function paymentTo(entry: TAccountTxEntry, address: string, native: { coinSymbol: string; decimals: number }): TChainTransfer | null {
  const tx = entry.tx_json ?? entry.tx;
  if (!tx || entry.validated !== true) return null;
  const hash = entry.hash ?? tx.hash;
  const blockNumber = entry.ledger_index ?? tx.ledger_index;
  if (tx.TransactionType !== 'Payment' || tx.Destination !== address || typeof hash !== 'string' || !HASH.test(hash)) return null;
  if (typeof blockNumber !== 'number' || entry.meta?.TransactionResult !== 'tesSUCCESS') return null;
  // delivered_amount: drops as a string for XRP, an object for an issued currency, "unavailable" before 2014.
  const delivered = entry.meta.delivered_amount;
  if (typeof delivered !== 'string' || !/^\d+$/.test(delivered) || BigInt(delivered) <= 0n) return null;
  const tag = tx.DestinationTag;
  return {
    coinSymbol: native.coinSymbol,
    txHash: hash.toLowerCase(),
    logIndex: -1,
    to: address,
    rawAmount: BigInt(delivered),
    decimals: native.decimals,
    blockNumber,
    blockHash: typeof entry.ledger_hash === 'string' && HASH.test(entry.ledger_hash) ? entry.ledger_hash.toLowerCase() : '',
    destinationTag: typeof tag === 'number' && Number.isSafeInteger(tag) ? tag : null,
  };
}
