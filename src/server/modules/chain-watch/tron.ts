import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
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
 * The TronGrid adapter (USDT on TRON, TRC20; docs/decisions/065): TronGrid's REST API
 * (developers.tron.network, "TronGrid API") or a java-tron full node's HTTP API for the /wallet
 * calls. No client library: fetch and JSON.
 *
 * - the head: `POST /wallet/getnowblock` (block_header.raw_data.number, blockID);
 * - a block's hash: `POST /wallet/getblockbynum` {num} (an empty object when the block does not exist);
 * - transfers: each watched address's TRC20 transfers received, `GET
 *   /v1/accounts/:address/transactions/trc20?only_to=true&contract_address=…&min_timestamp=…&max_timestamp=…`
 *   (200 a page, `meta.fingerprint` for the next), within the timestamps of the range's blocks; that
 *   answer has no block number, so each new transaction is read once with `POST
 *   /wallet/gettransactioninfobyid` {value: txid} (blockNumber, receipt.result, and its logs: the
 *   Transfer events with their index, which key the deposit), and the hash of its block with
 *   getblockbynum (once per block per poll);
 * - a buy's payout by its id (`transaction`): gettransactioninfobyid and the hash of its block
 *   (docs/decisions/070), the same two calls on TronGrid and on a full node.
 */

/** Items per page of `/v1/accounts/:address/transactions/trc20`: TronGrid's maximum `limit`. */
export const TRONGRID_PAGE = 200;

/**
 * Blocks below the range whose transfers are read too (TronGrid's servers behind its load balancer
 * may not all have indexed the newest block: a transfer missed by one poll is found by the next;
 * recording it twice does nothing). 20 blocks is a minute on TRON.
 */
export const TRON_OVERLAP_BLOCKS = 20;
/** The same when the token's events are read: each block more costs about half a page (TronGrid's daily quota). */
export const TRON_EVENTS_OVERLAP_BLOCKS = 4;

/** keccak-256 of `Transfer(address,address,uint256)`: the first topic of a TRC20 (ERC20) transfer log. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const base58check = createBase58check(sha256);

/** A T… address as 20 bytes of hex (the 0x41 prefix dropped), as logs write it; null when it is not one. */
export function tronAddressToHex(address: string): string | null {
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== 0x41) return null;
    return bytesToHex(bytes.slice(1));
  } catch {
    return null;
  }
}

/** 20 bytes of hex (with or without the 0x41 prefix) as a T… address. */
export function tronHexToAddress(hex: string): string {
  const bytes = hexToBytes(hex.length === 42 ? hex.slice(2) : hex);
  return base58check.encode(new Uint8Array([0x41, ...bytes]));
}

export type TTronGridOptions = {
  /** The API's base URL: https://api.trongrid.io, https://nile.trongrid.io, or a node's http://127.0.0.1:8090 (the /wallet calls). */
  url: string;
  /**
   * 'trongrid' (default): TronGrid's /v1 index finds the transfers. 'fullnode': a java-tron full
   * node's HTTP API alone (no /v1 index): each block's transaction infos are read
   * (`/wallet/gettransactioninfobyblocknum`), one request per block besides its hash.
   */
  mode?: 'trongrid' | 'fullnode';
  /** Sent as TRON-PRO-API-KEY when set. */
  apiKey?: string | undefined;
  minIntervalMs: number;
  timeoutMs: number;
  /** Tries of one request while its failure may pass (a network error, a timeout, 429, 5xx). */
  attempts?: number;
  /** The longest Retry-After waited for within a poll; a longer one fails the poll. */
  maxRetryAfterMs?: number;
};

type TTronBlock = { blockID?: string; block_header?: { raw_data?: { number?: number; timestamp?: number } } };
type TTrc20Item = {
  transaction_id: string;
  token_info?: { address?: string; decimals?: number; symbol?: string };
  block_timestamp?: number;
  from?: string;
  to?: string;
  type?: string;
  value?: string;
};
type TTrc20Page = { data?: TTrc20Item[]; success?: boolean; meta?: { fingerprint?: string } };
type TEventsPage = {
  data?: {
    block_number?: number;
    contract_address?: string;
    event_index?: number;
    event_name?: string;
    result?: { from?: string; to?: string; value?: string };
    transaction_id?: string;
  }[];
  meta?: { fingerprint?: string };
};
type TTxInfo = {
  id?: string;
  /** 'FAILED' on a transaction that failed (with resMessage); absent otherwise. */
  result?: string;
  blockNumber?: number;
  receipt?: { result?: string };
  log?: { address?: string; topics?: string[]; data?: string }[];
};

/** TronGrid's penalty for too many requests without a key: 30 s of 403s; a little more, so a poll does not wait it out but fails. */
const KEYLESS_PENALTY_MS = 31_000;

export class TronGridAdapter implements TChainAdapter {
  private readonly base: string;
  private readonly maxWaitMs: number;
  /** Requests made (each try counts). */
  requests = 0;
  /** The tip this adapter last read: a block at or below it that a server does not know is that server lagging. */
  private lastHead = -1;

  constructor(private readonly options: TTronGridOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.maxWaitMs = options.maxRetryAfterMs ?? 30_000;
  }

  private retrying<T>(attempt: () => Promise<T>): Promise<T> {
    return withRetries(attempt, { attempts: this.options.attempts ?? 3, maxWaitMs: this.maxWaitMs });
  }

  /** One request: rate limited per endpoint, with a timeout; 429 and 503 (TronGrid over its limit) hold the endpoint back. */
  private async once(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    await rateLimited(this.base, this.options.minIntervalMs, this.maxWaitMs);
    this.requests++;
    const what = `${method} ${path.split('?')[0]}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(this.options.apiKey ? { 'TRON-PRO-API-KEY': this.options.apiKey } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ChainEndpointError(`${what}: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    // TronGrid over its limit: 429 or 503 (with a key), 403 and 30 s of penalty (without one, docs/decisions/065).
    if (response.status === 429 || response.status === 503 || response.status === 403) {
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? (response.status === 403 ? KEYLESS_PENALTY_MS : 1000);
      holdOff(this.base, wait); // every request to this endpoint waits (or, past maxRetryAfterMs, fails) until then
      throw new RetryAfter(`${what}: HTTP ${response.status} (retry after ${Math.ceil(wait / 1000)} s)`, wait);
    }
    if (!response.ok) {
      // 5xx passes; 400, 401 (a wrong or refused API key), 404 need a person.
      throw new ChainEndpointError(`${what}: HTTP ${response.status} ${text.slice(0, 200)}`.trim(), response.status >= 500);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ChainEndpointError(`${what}: not JSON`, true);
    }
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    return this.retrying(() => this.once(method, path, body));
  }

  async head(): Promise<TBlockRef> {
    const block = (await this.call('POST', '/wallet/getnowblock', {})) as TTronBlock;
    const number = block.block_header?.raw_data?.number;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || !block.blockID || !/^[0-9a-f]{64}$/i.test(block.blockID))
      throw new ChainEndpointError('POST /wallet/getnowblock: not a block', true);
    this.lastHead = Math.max(this.lastHead, number);
    return { number, hash: block.blockID.toLowerCase() };
  }

  /** A block's hash and timestamp (ms); null when the chain does not reach it. Below the tip read, an empty answer is a lagging server (retried, then the poll fails). */
  private async block(number: number): Promise<{ hash: string; timestamp: number } | null> {
    return this.retrying(async () => {
      const block = (await this.once('POST', '/wallet/getblockbynum', { num: number })) as TTronBlock;
      const timestamp = block.block_header?.raw_data?.timestamp;
      if (block.blockID && /^[0-9a-f]{64}$/i.test(block.blockID) && typeof timestamp === 'number')
        return { hash: block.blockID.toLowerCase(), timestamp };
      if (number <= this.lastHead)
        throw new ChainEndpointError(`POST /wallet/getblockbynum ${number}: unknown to the endpoint below its tip ${this.lastHead}`, true);
      return null;
    });
  }

  async blockHash(number: number): Promise<string | null> {
    return (await this.block(number))?.hash ?? null;
  }

  /**
   * A buy's payout (payout-checks.ts, docs/decisions/067 and 070): `POST /wallet/gettransactioninfobyid`
   * {value: txid}, then the hash of its block. Its Transfer logs of the watched tokens to every
   * address; succeeded when `receipt.result` is SUCCESS (a TRC20 call that ran out of energy or
   * reverted says REVERT, OUT_OF_ENERGY … and moved nothing). Null when the node answers `{}` or no
   * block number (not in a block yet, or unknown): the check waits for it until its deadline. A hash
   * that is no transaction id (64 hex digits; staff may paste it with 0x or in capitals) is asked
   * for in its normal form, or is unknown. TRX itself is not sold here: its transfers are not read.
   */
  async transaction(txHash: string, watch: Omit<TWatchSet, 'addresses'>): Promise<TChainTransaction | null> {
    const txid = txHash.trim().toLowerCase().replace(/^0x/, '');
    if (!/^[0-9a-f]{64}$/.test(txid)) return null;
    const info = (await this.call('POST', '/wallet/gettransactioninfobyid', { value: txid })) as TTxInfo;
    if (typeof info.blockNumber !== 'number' || !Number.isSafeInteger(info.blockNumber) || (info.id ?? '').toLowerCase() !== txid)
      return null;
    // Its block above the tip this server knows: not in a block for this server yet.
    const block = await this.block(info.blockNumber);
    if (!block) return null;
    const byHex = new Map<string, { coinSymbol: string; decimals: number }>();
    for (const [coinSymbol, token] of watch.tokens) {
      const hex = tronAddressToHex(token.contract);
      if (hex) byHex.set(hex, { coinSymbol, decimals: token.decimals });
    }
    const result = info.receipt?.result;
    return {
      blockNumber: info.blockNumber,
      blockHash: block.hash,
      succeeded: result === undefined ? info.result !== 'FAILED' : result === 'SUCCESS',
      transfers: transfersOf(info, block.hash, byHex, () => true),
    };
  }

  async transfers(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    if (watch.tokens.size === 0 || watch.addresses.size === 0 || from > to) return [];
    const blocks = new Map<number, { hash: string; timestamp: number }>();
    const blockOf = async (number: number) => {
      let block = blocks.get(number);
      if (!block) {
        const read = await this.block(number);
        // A block above the tip or gone during the poll: the poll fails and the next one reads again.
        if (!read) throw new ChainEndpointError(`block ${number} is not on the chain`, true);
        blocks.set(number, (block = read));
      }
      return block;
    };
    const contracts = new Map<string, { coinSymbol: string; decimals: number; hex: string }>();
    for (const [coinSymbol, token] of watch.tokens) {
      const hex = tronAddressToHex(token.contract);
      if (hex) contracts.set(token.contract, { coinSymbol, decimals: token.decimals, hex });
    }
    const byHex = new Map([...contracts.values()].map((token) => [token.hex, token]));
    if (this.options.mode === 'fullnode') {
      // Your own node: every block of the range (no overlap: one node is not behind itself).
      const found: TChainTransfer[] = [];
      for (let number = from; number <= to; number++) {
        const block = await blockOf(number);
        const infos = (await this.call('POST', '/wallet/gettransactioninfobyblocknum', { num: number })) as
          TTxInfo[] | Record<string, never>;
        for (const info of Array.isArray(infos) ? infos : [])
          found.push(...transfersOf({ ...info, blockNumber: number }, block.hash, byHex, (to) => watch.addresses.has(to)));
      }
      return found;
    }
    // Many addresses: the token's Transfer events of the whole range cost fewer requests (docs/decisions/065).
    const byEvents = watch.addresses.size > eventPagesEstimate(to - from + 1 + TRON_EVENTS_OVERLAP_BLOCKS);
    const since = Math.max(0, from - (byEvents ? TRON_EVENTS_OVERLAP_BLOCKS : TRON_OVERLAP_BLOCKS));
    const minTimestamp = (await blockOf(since)).timestamp;
    const maxTimestamp = (await blockOf(to)).timestamp;
    if (byEvents) return this.byEvents(contracts, since, to, minTimestamp, maxTimestamp, watch, blockOf);

    // 1. The transactions that paid a watched address a watched token in that time (TronGrid's index).
    const txids = new Set<string>();
    for (const address of watch.addresses) {
      for (const contract of contracts.keys()) {
        let fingerprint: string | undefined;
        do {
          const query = new URLSearchParams({
            only_to: 'true',
            contract_address: contract,
            min_timestamp: String(minTimestamp),
            max_timestamp: String(maxTimestamp),
            limit: String(TRONGRID_PAGE),
            order_by: 'block_timestamp,asc',
            ...(fingerprint ? { fingerprint } : {}),
          });
          const page = (await this.call('GET', `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`)) as TTrc20Page;
          for (const item of page.data ?? []) {
            // Base58 compared exactly: its letter case is part of the address.
            if (
              item.type === 'Transfer' &&
              item.to === address &&
              item.token_info?.address === contract &&
              /^[0-9a-f]{64}$/i.test(item.transaction_id)
            )
              txids.add(item.transaction_id.toLowerCase());
          }
          fingerprint = page.meta?.fingerprint || undefined;
        } while (fingerprint);
      }
    }

    // 2. Each transaction's block and Transfer logs (the index answer has no block number, and its logs key the deposit).
    const found: TChainTransfer[] = [];
    for (const txid of txids) {
      const info = (await this.call('POST', '/wallet/gettransactioninfobyid', { value: txid })) as TTxInfo;
      // Not in a block this server knows yet: the next poll's overlap reads it again.
      if (typeof info.blockNumber !== 'number') continue;
      // A reverted call (out of energy) moved no token.
      if (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS') continue;
      if (info.blockNumber < since || info.blockNumber > to) continue;
      found.push(...transfersOf(info, (await blockOf(info.blockNumber)).hash, byHex, (to) => watch.addresses.has(to)));
    }
    return found;
  }

  /**
   * Every Transfer event of each watched token in the range's time (`GET /v1/contracts/:contract/events`,
   * 200 a page, fingerprint paging): each carries its block number and index, so only the blocks
   * with a transfer to a watched address cost one more request (their hash).
   */
  private async byEvents(
    contracts: Map<string, { coinSymbol: string; decimals: number; hex: string }>,
    since: number,
    to: number,
    minTimestamp: number,
    maxTimestamp: number,
    watch: TWatchSet,
    blockOf: (number: number) => Promise<{ hash: string }>,
  ): Promise<TChainTransfer[]> {
    const found: TChainTransfer[] = [];
    for (const [contract, token] of contracts) {
      let fingerprint: string | undefined;
      do {
        const query = new URLSearchParams({
          event_name: 'Transfer',
          min_block_timestamp: String(minTimestamp),
          max_block_timestamp: String(maxTimestamp),
          order_by: 'block_timestamp,asc',
          limit: String(TRONGRID_PAGE),
          ...(fingerprint ? { fingerprint } : {}),
        });
        const page = (await this.call('GET', `/v1/contracts/${encodeURIComponent(contract)}/events?${query}`)) as TEventsPage;
        for (const event of page.data ?? []) {
          const receiver = event.result?.to;
          const value = event.result?.value;
          const block = event.block_number;
          if (event.event_name !== 'Transfer' || typeof receiver !== 'string' || !/^(0x|41)?[0-9a-f]{40}$/i.test(receiver)) continue;
          if (typeof block !== 'number' || block < since || block > to || typeof value !== 'string' || !/^\d+$/.test(value)) continue;
          if (event.contract_address !== contract || !/^[0-9a-f]{64}$/i.test(event.transaction_id ?? '')) continue;
          const address = tronHexToAddress(receiver.toLowerCase().replace(/^0x/, ''));
          if (!watch.addresses.has(address) || BigInt(value) <= 0n) continue;
          found.push({
            coinSymbol: token.coinSymbol,
            txHash: event.transaction_id!.toLowerCase(),
            logIndex: event.event_index ?? 0,
            to: address,
            rawAmount: BigInt(value),
            decimals: token.decimals,
            blockNumber: block,
            blockHash: (await blockOf(block)).hash,
          });
        }
        fingerprint = page.meta?.fingerprint || undefined;
      } while (fingerprint);
    }
    return found;
  }
}

/**
 * The pages of a token's Transfer events over `blocks` blocks, as estimated: USDT on TRON has about
 * a hundred transfers a block (millions a day, a block every 3 s), 200 to a page.
 */
export const EVENTS_PER_BLOCK_ESTIMATE = 100;
const eventPagesEstimate = (blocks: number) => Math.max(1, Math.ceil((blocks * EVENTS_PER_BLOCK_ESTIMATE) / TRONGRID_PAGE));

/** A transaction's Transfer logs of watched tokens to the addresses `accepted`, each keyed by its index in the transaction. */
function transfersOf(
  info: TTxInfo,
  blockHash: string,
  byHex: Map<string, { coinSymbol: string; decimals: number }>,
  accepted: (to: string) => boolean,
): TChainTransfer[] {
  const found: TChainTransfer[] = [];
  if (typeof info.blockNumber !== 'number' || !/^[0-9a-f]{64}$/i.test(info.id ?? '')) return found;
  // A reverted call (out of energy) moved no token.
  if (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS') return found;
  (info.log ?? []).forEach((log, index) => {
    const token = byHex.get((log.address ?? '').toLowerCase().replace(/^41(?=[0-9a-f]{40}$)/, ''));
    const topics = log.topics ?? [];
    if (!token || topics.length !== 3 || topics[0]?.toLowerCase() !== TRANSFER_TOPIC || !/^[0-9a-f]{64}$/i.test(topics[2] ?? '')) return;
    const receiver = tronHexToAddress(topics[2]!.slice(24).toLowerCase());
    if (!accepted(receiver) || !/^[0-9a-f]{1,64}$/i.test(log.data ?? '')) return;
    const rawAmount = BigInt(`0x${log.data}`);
    if (rawAmount <= 0n) return;
    found.push({
      coinSymbol: token.coinSymbol,
      txHash: info.id!.toLowerCase(),
      logIndex: index,
      to: receiver,
      rawAmount,
      decimals: token.decimals,
      blockNumber: info.blockNumber!,
      blockHash,
    });
  });
  return found;
}
