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
  watchKey,
  withRetries,
} from './adapter.js';
import { retryAfterMs } from './esplora.js';

/**
 * The Blockbook adapter (Dogecoin; docs/decisions/071): trezor/blockbook's REST API v2 (its
 * docs/api.md) as your own Blockbook or a provider's serves it: JSON over GET under /api/v2,
 * amounts in satoshis as decimal strings, errors as {"error": "…"}. No client library.
 *
 * Transfers to the watched addresses are found the cheaper of two ways, counted in requests:
 * - each block (`/block/:height?page=N`, up to 1,000 transactions a page with their outputs'
 *   addresses): one request a block for a Dogecoin block (tens to a few hundred transactions),
 *   whatever the number of addresses, and no address named to the endpoint;
 * - each address's history over the range (`/address/:a?details=txs&from=&to=`): one request per
 *   address, whatever the number of blocks.
 * With a block a minute and a poll every 15 s a poll has one new block at most: the scan, unless
 * the addresses are fewer than the blocks (a watcher catching up, a shop with one or two sells).
 */

/** Transactions a page asked of `/address/:a` (Blockbook's largest); a block's pages are 1,000 too (its default). */
export const BLOCKBOOK_PAGE = 1000;

/**
 * Blocks below the range an address's history is also read for (free: the same request). A
 * provider's servers behind a load balancer are not all at the same tip; a transfer missed by one
 * that had not indexed the range's last block is found by the next poll's overlap (docs/decisions/062).
 */
export const BLOCKBOOK_HISTORY_OVERLAP_BLOCKS = 6;

export type TBlockbookOptions = {
  /** The Blockbook's base URL, the one `/api/v2` follows (given with `/api/v2` or `/api`, that part is dropped). */
  url: string;
  minIntervalMs: number;
  timeoutMs: number;
  /** Tries of one request while its failure may pass (a network error, a timeout, 429, 5xx). */
  attempts?: number;
  /** The longest Retry-After waited for within a poll; a longer one fails the poll (the job engine retries it later). */
  maxRetryAfterMs?: number;
};

/** The transaction format of the API (only what is read here). */
export type TBlockbookTx = {
  txid: string;
  vout: { value: string; n: number; addresses?: string[]; isAddress?: boolean }[];
  blockHash?: string;
  /** -1 (or 0) in the mempool. */
  blockHeight: number;
  confirmations: number;
};
type TBlockbookBlock = { page: number; totalPages: number; itemsOnPage: number; hash: string; height: number; txs?: TBlockbookTx[] };
type TBlockbookAddress = { page: number; totalPages: number; itemsOnPage: number; transactions?: TBlockbookTx[] };
type TBlockbookStatus = { blockbook?: { bestHeight?: number }; backend?: { bestBlockHash?: string } };

const HASH = /^[0-9a-f]{64}$/i;

export class BlockbookAdapter implements TChainAdapter {
  private readonly base: string;
  private readonly maxWaitMs: number;
  /** Requests made (each try counts): what the choice between block scan and history saves. */
  requests = 0;
  /** The tip this adapter last read: a block at or below it that a server does not know is that server lagging. */
  private lastHead = -1;

  constructor(private readonly options: TBlockbookOptions) {
    this.base = options.url.replace(/\/+$/, '').replace(/\/api(\/v2)?$/, '');
    this.maxWaitMs = options.maxRetryAfterMs ?? 30_000;
  }

  /** One GET of /api/v2…: rate limited, with a timeout, retried with backoff (0.5 s, 1 s …) or after Retry-After. Not found is null. */
  private get(path: string): Promise<unknown> {
    return this.retrying(() => this.once(path));
  }

  private retrying<T>(attempt: () => Promise<T>): Promise<T> {
    return withRetries(attempt, { attempts: this.options.attempts ?? 3, maxWaitMs: this.maxWaitMs });
  }

  private async once(path: string): Promise<unknown> {
    await rateLimited(this.base, this.options.minIntervalMs, this.maxWaitMs);
    this.requests++;
    const shown = path.split('?')[0] || '/api/v2'; // the status's path is the API's root
    let response: Response;
    let body: string;
    try {
      response = await fetch(`${this.base}/api/v2${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      throw new ChainEndpointError(`GET ${shown}: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body) as unknown;
    } catch {
      parsed = undefined;
    }
    const apiError =
      parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string'
        ? (parsed as { error: string }).error
        : null;
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000;
      holdOff(this.base, wait); // every request to this endpoint waits (or, past maxRetryAfterMs, fails) until then
      throw new RetryAfter(`GET ${shown}: HTTP 429 (retry after ${Math.ceil(wait / 1000)} s)`, wait);
    }
    // Blockbook answers "Block not found", "Transaction not found" as a public error (HTTP 400), a path it does not serve 404.
    if (response.status === 404 || (response.status === 400 && apiError !== null && /not found/i.test(apiError))) return null;
    if (!response.ok) {
      // 5xx passes; other refusals (400, 401, 403) need a person.
      const why = apiError ?? body.slice(0, 200);
      throw new ChainEndpointError(`GET ${shown}: HTTP ${response.status} ${why}`.trim(), response.status >= 500);
    }
    if (parsed === undefined) throw new ChainEndpointError(`GET ${shown}: not JSON`, true);
    if (apiError !== null) throw new ChainEndpointError(`GET ${shown}: ${apiError}`, true);
    return parsed;
  }

  async head(): Promise<TBlockRef> {
    const status = (await this.get('')) as TBlockbookStatus | null;
    const height = status?.blockbook?.bestHeight;
    if (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 0)
      throw new ChainEndpointError('GET /api/v2: no blockbook.bestHeight', true);
    // The hash of the height Blockbook has indexed (backend.bestBlockHash is its node's tip, which it may not have indexed yet).
    const hash = await this.blockHash(height);
    if (!hash) throw new ChainEndpointError(`GET /block-index/${height}: the tip is gone`, true);
    this.lastHead = Math.max(this.lastHead, height);
    return { number: height, hash };
  }

  /**
   * The hash at a height; null when the chain does not reach it. Not found at or below the tip already
   * read is a lagging server, not a reorganisation: retried, then the poll fails and changes nothing.
   */
  async blockHash(number: number): Promise<string | null> {
    return this.retrying(async () => {
      const answer = (await this.once(`/block-index/${number}`)) as { blockHash?: unknown } | null;
      if (answer && typeof answer.blockHash === 'string' && HASH.test(answer.blockHash)) return answer.blockHash.toLowerCase();
      if (number <= this.lastHead)
        throw new ChainEndpointError(`GET /block-index/${number}: unknown to the endpoint below its tip ${this.lastHead}`, true);
      return null;
    });
  }

  async transfers(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    if (!watch.native || watch.addresses.size === 0 || from > to) return [];
    const blocks = to - from + 1;
    // A scan costs at least a request a block: fewer addresses than blocks, their histories.
    if (watch.addresses.size < blocks) return this.byHistory(Math.max(0, from - BLOCKBOOK_HISTORY_OVERLAP_BLOCKS), to, watch);
    return this.byBlocks(from, to, watch);
  }

  /** Each address's confirmed transactions in from..to, newest first, 1,000 a page. */
  private async byHistory(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    const found: TChainTransfer[] = [];
    for (const address of watch.addresses) {
      for (let page = 1; ; page++) {
        const answer = (await this.get(
          `/address/${encodeURIComponent(address)}?details=txs&from=${from}&to=${to}&page=${page}&pageSize=${BLOCKBOOK_PAGE}`,
        )) as TBlockbookAddress | null;
        if (!answer) throw new ChainEndpointError(`GET /address/${address}: not found`, true);
        for (const tx of answer.transactions ?? []) {
          if (tx.blockHeight < from || tx.blockHeight > to || tx.blockHeight <= 0 || !tx.blockHash) continue;
          found.push(...outputsTo(tx, tx.blockHeight, tx.blockHash, watch, address));
        }
        if (page >= (answer.totalPages ?? 1)) break;
      }
    }
    return found;
  }

  /** Every transaction of each block: its first page by height (with its hash), the others by that hash. */
  private async byBlocks(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    const found: TChainTransfer[] = [];
    for (let height = from; height <= to; height++) {
      // Not found at or below the tip read: a lagging server (retried); gone for good, the poll fails and the next one scans again.
      let block = await this.retrying(async () => {
        const answer = (await this.once(`/block/${height}?page=1`)) as TBlockbookBlock | null;
        if (!answer || !HASH.test(answer.hash ?? '') || answer.height !== height)
          throw new ChainEndpointError(`GET /block/${height}: not on the chain as the endpoint sees it`, true);
        return answer;
      });
      const hash = block.hash.toLowerCase();
      for (let page = 1; ; page++) {
        for (const tx of block.txs ?? []) found.push(...outputsTo(tx, height, hash, watch));
        if (page >= (block.totalPages ?? 1)) break;
        const next = (await this.get(`/block/${hash}?page=${page + 1}`)) as TBlockbookBlock | null;
        if (!next) throw new ChainEndpointError(`block ${height} left the chain during the scan`, true);
        block = next;
      }
    }
    return found;
  }

  /**
   * A transaction by its hash, with its outputs of the native coin to every address (a buy's payout
   * checked, docs/decisions/067); null when unknown or not in a block yet. A Dogecoin transaction in
   * a block has succeeded: there is no failed one.
   */
  async transaction(txHash: string, watch: Omit<TWatchSet, 'addresses'>): Promise<TChainTransaction | null> {
    if (!watch.native || !HASH.test(txHash)) return null;
    const tx = (await this.get(`/tx/${txHash.toLowerCase()}`)) as TBlockbookTx | null;
    if (!tx || tx.blockHeight <= 0 || !tx.blockHash || tx.confirmations < 1) return null;
    return {
      blockNumber: tx.blockHeight,
      blockHash: tx.blockHash.toLowerCase(),
      succeeded: true,
      transfers: outputsTo(tx, tx.blockHeight, tx.blockHash, { ...watch, addresses: null }),
    };
  }
}

/**
 * A transaction's outputs to watched addresses (to `only` when given; to any address when the set is
 * null), one transfer per address: outputs of one transaction to one address are added up, keyed by
 * the first output's index (its `n`). Amounts are satoshis as decimal strings.
 */
function outputsTo(
  tx: TBlockbookTx,
  height: number,
  blockHash: string,
  watch: Omit<TWatchSet, 'addresses'> & { addresses: ReadonlySet<string> | null },
  only?: string,
): TChainTransfer[] {
  const byAddress = new Map<string, TChainTransfer>();
  tx.vout.forEach((output, index) => {
    // One address per output that pays an address (P2PKH, P2SH); a multisig or data output is none.
    if (output.isAddress === false || output.addresses?.length !== 1 || !/^\d+$/.test(output.value ?? '')) return;
    const value = BigInt(output.value);
    if (value <= 0n) return;
    const to = watchKey(output.addresses[0]!);
    if ((watch.addresses && !watch.addresses.has(to)) || (only !== undefined && to !== only)) return;
    const seen = byAddress.get(to);
    if (seen) {
      seen.rawAmount += value;
      return;
    }
    byAddress.set(to, {
      coinSymbol: watch.native!.coinSymbol,
      txHash: tx.txid.toLowerCase(),
      logIndex: typeof output.n === 'number' ? output.n : index,
      to,
      rawAmount: value,
      decimals: watch.native!.decimals,
      blockNumber: height,
      blockHash: blockHash.toLowerCase(),
    });
  });
  return [...byAddress.values()];
}
