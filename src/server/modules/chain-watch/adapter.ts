/**
 * What a chain watcher needs of a network, whatever its family (docs/decisions/058): a head, a
 * block's hash to tell a reorganisation, and the transfers of a range of blocks to a set of
 * addresses. Implemented for EVM JSON-RPC (evm.ts), Esplora (esplora.ts: BTC, LTC; decision 062),
 * TronGrid (tron.ts: TRC20; 065), Blockbook (blockbook.ts: DOGE; 071) and the XRP Ledger
 * (xrpl.ts: ledgers for blocks, destination tags; 072); each also reads a transaction for the payout checks (067, 070).
 */

/** A transfer to a watched address, as the chain shows it. `rawAmount` is the integer in the smallest unit. */
export type TChainTransfer = {
  coinSymbol: string;
  txHash: string;
  /** The log's index in its block for a token transfer; -1 for the native coin. */
  logIndex: number;
  /** The receiving address as the watch set keys it (watchKey: lower case for EVM and bech32, base58 as written). */
  to: string;
  rawAmount: bigint;
  decimals: number;
  blockNumber: number;
  blockHash: string;
  /**
   * On a tag network (XRP: one fixed address of the business for every sell, src/shared/networks.ts
   * hasTag) the payment's destination tag, which names its order (orders.deposit_tag); null when the
   * payment carries none. Absent on the other networks, where the address alone names the order.
   */
  destinationTag?: number | null;
  /**
   * The sending address when the family names one (EVM: a token Transfer's `from`, a native
   * transaction's sender; lower case), screened against the sanctions lists (docs/decisions/075).
   * Absent on the UTXO families (several inputs), TRON and XRP for now.
   */
  from?: string | null;
};

export type TBlockRef = { number: number; hash: string };

export type TWatchSet = {
  /** Watched addresses, each as watchKey() writes it. */
  addresses: ReadonlySet<string>;
  /** Tokens to read the Transfer events of, by coin symbol. */
  tokens: ReadonlyMap<string, { contract: string; decimals: number }>;
  /** Whether any watched address waits for the native coin (EVM: a block scan; Esplora: the only coin). */
  native: { coinSymbol: string; decimals: number } | null;
};

/** A transaction as the chain shows it: where it was mined, whether it succeeded, what it transferred of the coins watched. */
export type TChainTransaction = { blockNumber: number; blockHash: string; succeeded: boolean; transfers: TChainTransfer[] };

export interface TChainAdapter {
  /**
   * One transaction by its hash, with every transfer of the watch set's coins it made (to any
   * address), or null when the chain does not have it (not mined, unknown). A buy's payout is
   * checked with it (payout-checks.ts, docs/decisions/067); a family without it is not checked yet.
   */
  transaction?(txHash: string, watch: Omit<TWatchSet, 'addresses'>): Promise<TChainTransaction | null>;
  head(): Promise<TBlockRef>;
  /** The canonical hash of block `number`, or null when the chain does not have it (any more). */
  blockHash(number: number): Promise<string | null>;
  /** Transfers to the watched addresses in blocks from..to (inclusive). */
  transfers(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]>;
}

/** A failure of the endpoint (network error, timeout, HTTP error, JSON-RPC error), with whether a retry may help. */
export class ChainEndpointError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ChainEndpointError';
  }
}

/**
 * An address as the watchers compare it: EVM addresses in lower case (their checksum is only
 * letter case); bech32 addresses (bc1…, ltc1…, as src/server/modules/deposit-keys/derive.ts derives
 * them) in lower case, as the chain writes them (BIP173 forbids mixed case); base58 addresses
 * (1…, 3…, L…, M…) exactly as written, since their letter case is part of the address.
 */
export function watchKey(address: string): string {
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase();
  if (/^(bc|tb|bcrt|ltc|tltc|rltc)1[02-9ac-hj-np-z]+$/i.test(address)) return address.toLowerCase();
  return address;
}

/** A retryable failure whose endpoint said when to ask again (a 429's or 503's Retry-After, a busy server's own word). */
export class RetryAfter extends ChainEndpointError {
  constructor(
    message: string,
    readonly waitMs: number,
  ) {
    super(message, true);
  }
}

/**
 * `attempt` up to `attempts` times, for every adapter the same way: a retryable failure waits
 * 0.5 s, 1 s, 2 s… (or its Retry-After when longer) and tries again; a wait longer than
 * `maxWaitMs`, a failure that is not retryable, and a request held back past this poll
 * (HeldBackError) end the poll at once: the next poll tries again from the cursor.
 */
export async function withRetries<T>(attempt: () => Promise<T>, options: { attempts: number; maxWaitMs: number }): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const retryable = !(error instanceof ChainEndpointError) || error.retryable;
      if (!retryable || tried >= options.attempts || error instanceof HeldBackError) throw error;
      const backoff = 500 * 2 ** (tried - 1);
      const wait = error instanceof RetryAfter ? Math.max(error.waitMs, backoff) : backoff;
      if (wait > options.maxWaitMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** A request not sent: its endpoint is held back longer than a poll may wait. Retryable by the next poll, not within this one. */
export class HeldBackError extends ChainEndpointError {
  constructor(message: string) {
    super(message, true);
  }
}

/**
 * Each endpoint's rate limit, shared by every adapter on it in this process: requests start at
 * least `minIntervalMs` apart, and a 429's Retry-After holds every request to it back (holdOff).
 * (One watcher per network runs at a time across processes: the job engine's singleton,
 * src/server/modules/jobs/engine.ts.)
 */
const nextSlot = new Map<string, number>();

export async function rateLimited(endpoint: string, minIntervalMs: number, maxWaitMs = Infinity): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextSlot.get(endpoint) ?? 0);
  // Held back longer than a poll may wait (a long Retry-After): this poll fails now, a later one goes on.
  if (at - now > maxWaitMs) throw new HeldBackError(`rate limited by the endpoint until ${new Date(at).toISOString()}`);
  nextSlot.set(endpoint, at + minIntervalMs);
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

/** No request to the endpoint before `ms` from now (a 429's Retry-After). */
export function holdOff(endpoint: string, ms: number): void {
  nextSlot.set(endpoint, Math.max(nextSlot.get(endpoint) ?? 0, Date.now() + ms));
}
