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

/**
 * The Esplora adapter (Bitcoin, Litecoin; docs/decisions/062): Blockstream's Esplora HTTP API as
 * Blockstream's esplora/electrs, blockstream.info, mempool.space and litecoinspace.org serve it
 * (JSON and plain text over GET, amounts in satoshis). No client library.
 *
 * Transfers to the watched addresses are found the cheaper of two ways, counted in requests:
 * - each address's confirmed history (`/address/:a/txs/chain[/:last_seen]`, 25 a page, newest
 *   first): one request per address for a fresh deposit address, whatever the range of blocks;
 * - each block's transactions (`/block-height/:h`, `/block/:hash`, `/block/:hash/txs/:start`, 25
 *   a page): about tx_count / 25 requests per block (a Bitcoin block of 3,000 transactions: 120).
 * The history is used while the addresses are fewer than the pages of the blocks to scan.
 *
 * A buy's payout is read by its txid (`transaction`, `GET /tx/:txid`; docs/decisions/070).
 */

/** Transactions per page of `/block/:hash/txs/:start` and `/address/:a/txs/chain`, as the API documents. */
export const ESPLORA_PAGE = 25;

/**
 * Blocks below the range an address's history is also read for (free: the same page). A provider's
 * servers behind a load balancer are not all at the same tip: the history may come from one that
 * had not indexed the range's last block when the head came from another. The transfer missed then
 * is found by the next poll's overlap (recording a transfer twice does nothing).
 */
export const HISTORY_OVERLAP_BLOCKS = 6;

export type TEsploraOptions = {
  /** The API's base URL, e.g. https://mempool.space/api or http://127.0.0.1:3000 (electrs). */
  url: string;
  minIntervalMs: number;
  timeoutMs: number;
  /** Tries of one request while its failure may pass (a network error, a timeout, 429, 5xx). */
  attempts?: number;
  /** The longest Retry-After waited for within a poll; a longer one fails the poll (the job engine retries it later). */
  maxRetryAfterMs?: number;
};

/** The transaction format of the API (only what is read here). */
export type TEsploraTx = {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
  status?: { confirmed: boolean; block_height?: number | null; block_hash?: string | null };
};
type TEsploraBlock = { id: string; height: number; tx_count: number };

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class EsploraAdapter implements TChainAdapter {
  private readonly base: string;
  /** Requests made (each try counts): what the choice between history and block scan saves. */
  requests = 0;

  private readonly maxWaitMs: number;

  constructor(private readonly options: TEsploraOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.maxWaitMs = options.maxRetryAfterMs ?? 30_000;
  }

  /** The tip this adapter last read: a block at or below it that a server does not know is that server lagging. */
  private lastHead = -1;

  /** One GET: rate limited, with a timeout, retried with backoff (0.5 s, 1 s …) or after Retry-After. 404 is null. */
  private get(path: string, as: 'json' | 'text'): Promise<unknown> {
    return this.retrying(() => this.once(path, as));
  }

  private retrying<T>(attempt: () => Promise<T>): Promise<T> {
    return withRetries(attempt, { attempts: this.options.attempts ?? 3, maxWaitMs: this.maxWaitMs });
  }

  private async once(path: string, as: 'json' | 'text'): Promise<unknown> {
    await rateLimited(this.base, this.options.minIntervalMs, this.maxWaitMs);
    this.requests++;
    let response: Response;
    let body: string;
    try {
      response = await fetch(`${this.base}${path}`, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      body = await response.text();
    } catch (error) {
      throw new ChainEndpointError(`GET ${path}: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (response.status === 404) return null;
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000;
      holdOff(this.base, wait); // every request to this endpoint waits (or, past maxRetryAfterMs, fails) until then
      throw new RetryAfter(`GET ${path}: HTTP 429 (retry after ${Math.ceil(wait / 1000)} s)`, wait);
    }
    if (!response.ok) {
      // 5xx passes; other refusals (400, 401, 403) need a person. The API's error bodies are plain text.
      throw new ChainEndpointError(`GET ${path}: HTTP ${response.status} ${body.slice(0, 200)}`.trim(), response.status >= 500);
    }
    if (as === 'text') return body.trim();
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new ChainEndpointError(`GET ${path}: not JSON`, true);
    }
  }

  async head(): Promise<TBlockRef> {
    const height = Number(await this.get('/blocks/tip/height', 'text'));
    if (!Number.isSafeInteger(height) || height < 0) throw new ChainEndpointError('GET /blocks/tip/height: not a height', true);
    // The hash of that height (not /blocks/tip/hash: a block found between the two would pair another tip's hash).
    const hash = await this.blockHash(height);
    if (!hash) throw new ChainEndpointError(`GET /block-height/${height}: the tip is gone`, true);
    this.lastHead = Math.max(this.lastHead, height);
    return { number: height, hash };
  }

  /**
   * The hash at a height; null when the chain does not reach it. A 404 at or below the tip already
   * read is a lagging server, not a reorganisation (a heavier branch is not shorter): retried, then
   * the poll fails and changes nothing, rather than taking a deposit's block for gone.
   */
  async blockHash(number: number): Promise<string | null> {
    return this.retrying(async () => {
      const hash = await this.once(`/block-height/${number}`, 'text');
      if (typeof hash === 'string' && /^[0-9a-f]{64}$/i.test(hash)) return hash.toLowerCase();
      if (number <= this.lastHead)
        throw new ChainEndpointError(`GET /block-height/${number}: unknown to the endpoint below its tip ${this.lastHead}`, true);
      return null;
    });
  }

  /**
   * A buy's payout (payout-checks.ts, docs/decisions/067 and 070): `GET /tx/:txid`, its outputs of
   * the native coin to every address (outputs to one address added up: what it was paid), where
   * `status` says it was mined. Null when the API does not know the txid (404: never broadcast,
   * dropped, or not yet seen by this server) or the transaction waits in the mempool (`confirmed`
   * false): the check waits for it until its deadline. A hash that is no txid (64 hex digits, as
   * staff may paste it with 0x or in capitals) is asked for in its normal form, or is unknown.
   * A transaction in a block has succeeded: Bitcoin has no failed transactions.
   */
  async transaction(txHash: string, watch: Omit<TWatchSet, 'addresses'>): Promise<TChainTransaction | null> {
    const txid = txHash.trim().toLowerCase().replace(/^0x/, '');
    if (!watch.native || !/^[0-9a-f]{64}$/.test(txid)) return null;
    const tx = (await this.get(`/tx/${txid}`, 'json')) as TEsploraTx | null;
    const height = tx?.status?.block_height;
    const blockHash = tx?.status?.block_hash;
    if (!tx?.status?.confirmed || typeof height !== 'number' || typeof blockHash !== 'string' || !Array.isArray(tx.vout)) return null;
    return {
      blockNumber: height,
      blockHash: blockHash.toLowerCase(),
      succeeded: true,
      transfers: outputsTo(tx, height, blockHash, watch.native, () => true),
    };
  }

  async transfers(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    if (!watch.native || watch.addresses.size === 0 || from > to) return [];
    const blocks = to - from + 1;
    // A scan needs at least three requests a block (its hash, its header, a page): fewer addresses, history.
    const since = Math.max(0, from - HISTORY_OVERLAP_BLOCKS);
    if (watch.addresses.size <= 3 * blocks) return this.byHistory(since, to, watch);
    const headers: TEsploraBlock[] = [];
    for (let height = from; height <= to; height++) headers.push(await this.header(height));
    const pages = headers.reduce((sum, block) => sum + Math.max(1, Math.ceil(block.tx_count / ESPLORA_PAGE)), 0);
    return watch.addresses.size <= pages ? this.byHistory(since, to, watch) : this.byBlocks(headers, watch);
  }

  private async header(height: number): Promise<TEsploraBlock> {
    const hash = await this.blockHash(height);
    const block = hash ? ((await this.get(`/block/${hash}`, 'json')) as TEsploraBlock | null) : null;
    // A block above the tip or gone during the poll: the poll fails and the next one scans again.
    if (!block) throw new ChainEndpointError(`block ${height} is not on the chain`, true);
    return block;
  }

  /** Each address's confirmed history, newest first, read until it is older than `from` (less the overlap). */
  private async byHistory(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    const found: TChainTransfer[] = [];
    for (const address of watch.addresses) {
      let path = `/address/${encodeURIComponent(address)}/txs/chain`;
      for (;;) {
        const page = ((await this.get(path, 'json')) as TEsploraTx[] | null) ?? [];
        for (const tx of page) {
          const height = tx.status?.block_height;
          if (!tx.status?.confirmed || typeof height !== 'number' || height < from || height > to || !tx.status.block_hash) continue;
          found.push(...outputsTo(tx, height, tx.status.block_hash, watch.native!, (to) => to === address));
        }
        const oldest = page.at(-1);
        if (page.length < ESPLORA_PAGE || !oldest || (oldest.status?.block_height ?? 0) < from) break;
        path = `/address/${encodeURIComponent(address)}/txs/chain/${oldest.txid}`;
      }
    }
    return found;
  }

  /** Every transaction of each block, 25 a page. */
  private async byBlocks(headers: TEsploraBlock[], watch: TWatchSet): Promise<TChainTransfer[]> {
    const found: TChainTransfer[] = [];
    for (const block of headers) {
      for (let start = 0; start < block.tx_count; start += ESPLORA_PAGE) {
        const page = (await this.get(`/block/${block.id}/txs/${start}`, 'json')) as TEsploraTx[] | null;
        if (!page) throw new ChainEndpointError(`block ${block.height} left the chain during the scan`, true);
        for (const tx of page) found.push(...outputsTo(tx, block.height, block.id, watch.native!, (to) => watch.addresses.has(to)));
      }
    }
    return found;
  }
}

/**
 * A transaction's outputs of the native coin to the addresses `accepted` (as watchKey writes them),
 * one transfer per address: outputs of one transaction to one address are added up (it paid that
 * much), keyed by the first output's index.
 */
function outputsTo(
  tx: TEsploraTx,
  height: number,
  blockHash: string,
  native: NonNullable<TWatchSet['native']>,
  accepted: (to: string) => boolean,
): TChainTransfer[] {
  const byAddress = new Map<string, TChainTransfer>();
  tx.vout.forEach((output, index) => {
    if (!output.scriptpubkey_address || !Number.isSafeInteger(output.value) || output.value <= 0) return;
    const to = watchKey(output.scriptpubkey_address);
    if (!accepted(to)) return;
    const seen = byAddress.get(to);
    if (seen) {
      seen.rawAmount += BigInt(output.value);
      return;
    }
    byAddress.set(to, {
      coinSymbol: native.coinSymbol,
      txHash: tx.txid.toLowerCase(),
      logIndex: index,
      to,
      rawAmount: BigInt(output.value),
      decimals: native.decimals,
      blockNumber: height,
      blockHash: blockHash.toLowerCase(),
    });
  });
  return [...byAddress.values()];
}
