/**
 * What a chain watcher needs of a network, whatever its family (docs/decisions/058). The EVM
 * adapter (evm.ts) is the first; an Esplora one (BTC, LTC), TronGrid (TRC20) and the XRP Ledger's
 * API fit the same shape: a head, a block's hash to tell a reorganisation, and the transfers of a
 * range of blocks to a set of addresses.
 */

/** A transfer to a watched address, as the chain shows it. `rawAmount` is the integer in the smallest unit. */
export type TChainTransfer = {
  coinSymbol: string;
  txHash: string;
  /** The log's index in its block for a token transfer; -1 for the native coin. */
  logIndex: number;
  /** The receiving address, lower case for EVM. */
  to: string;
  rawAmount: bigint;
  decimals: number;
  blockNumber: number;
  blockHash: string;
};

export type TBlockRef = { number: number; hash: string };

export type TWatchSet = {
  /** Watched addresses, lower case. */
  addresses: ReadonlySet<string>;
  /** Tokens to read the Transfer events of, by coin symbol. */
  tokens: ReadonlyMap<string, { contract: string; decimals: number }>;
  /** Whether any watched address waits for the native coin (a block scan). */
  native: { coinSymbol: string; decimals: number } | null;
};

export interface TChainAdapter {
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
