import type { TChainToken } from '#server/db/schema/chain.js';

/**
 * The chain watchers' environment (src/server/config.ts reads it, src/server/modules/chain-watch uses it; docs/deployment.md, "Chain
 * watchers"). A network's settings row (chain_networks) overrides its endpoint, tokens and
 * confirmations; the environment gives the defaults.
 */
export type TWatchedNetwork = 'ERC20' | 'BEP20' | 'BTC' | 'LTC' | 'TRC20' | 'DOGE' | 'XRP';
export const WATCHED_NETWORKS: readonly TWatchedNetwork[] = ['ERC20', 'BEP20', 'BTC', 'LTC', 'TRC20', 'DOGE', 'XRP'];

/**
 * The adapter family of each network (src/server/modules/chain-watch): EVM JSON-RPC (evm.ts), an
 * Esplora REST API (esplora.ts, docs/decisions/062), TronGrid's REST API (tron.ts, docs/decisions/065),
 * a Blockbook REST API (blockbook.ts, Dogecoin: docs/decisions/071) or the XRP Ledger's JSON-RPC API
 * (xrpl.ts, docs/decisions/072).
 */
export const CHAIN_FAMILY: Record<TWatchedNetwork, 'evm' | 'esplora' | 'trongrid' | 'blockbook' | 'xrpl'> = {
  ERC20: 'evm',
  BEP20: 'evm',
  BTC: 'esplora',
  LTC: 'esplora',
  TRC20: 'trongrid',
  DOGE: 'blockbook',
  XRP: 'xrpl',
};

export type TChainWatchOptions = {
  rpcUrls: Partial<Record<TWatchedNetwork, string | undefined>>;
  tokens: Record<TWatchedNetwork, Record<string, TChainToken>>;
  /** How often each network is polled (one run per interval across every process). */
  pollMs: number;
  /** The least time between two requests to one endpoint: its rate limit (EVM JSON-RPC). */
  minIntervalMs: number;
  /** The same for an Esplora endpoint (BTC, LTC; public providers limit harder). */
  esploraMinIntervalMs: number;
  /** The same for a Blockbook endpoint (DOGE; a provider's or your own). */
  blockbookMinIntervalMs: number;
  /** TronGrid's API key (its TRON-PRO-API-KEY header), when one is set; TRC20 only. */
  tronGridApiKey?: string | undefined;
  /** The least time between two requests to a TronGrid endpoint (TRC20). */
  tronGridMinIntervalMs: number;
  /** The least time between two requests to an XRP Ledger JSON-RPC endpoint (rippled or Clio, docs/decisions/072). */
  xrplMinIntervalMs: number;
  /** What the TRC20 endpoint is: TronGrid (its /v1 index) or a java-tron full node's HTTP API alone (docs/decisions/065). */
  tronApi: 'trongrid' | 'fullnode';
  timeoutMs: number;
  /** The most blocks one poll scans (a watcher behind catches up over several polls). */
  maxBlocksPerPoll: number;
  /** The first poll of a network starts this many blocks below the head. */
  startBlocksBack: number;
  /** A buy's payout not on the chain this many minutes after staff completed it is flagged (docs/decisions/067). */
  payoutCheckMinutes: number;
};

/**
 * Confirmations a deposit needs before its order is confirmed, by network (docs/decisions/058):
 * the settings row of each network may change them. XRP (validated: 1) is listed for its watcher
 * to come. DOGE 6: one-minute blocks merge-mined with Litecoin (docs/decisions/071).
 */
export const DEFAULT_CONFIRMATIONS = { BTC: 2, LTC: 6, ERC20: 12, BEP20: 15, TRC20: 19, DOGE: 6, XRP: 1 } as const;

/** The coin each network pays natively (EVM: found by block scan); other coins on it are tokens (Transfer logs). */
export const NATIVE_COIN: Record<TWatchedNetwork, string> = {
  ERC20: 'ETH',
  BEP20: 'BNB',
  BTC: 'BTC',
  LTC: 'LTC',
  TRC20: 'TRX',
  DOGE: 'DOGE',
  XRP: 'XRP',
};

/** The native coin's decimals on chain: wei (18) on the EVM networks, satoshis (8) on Bitcoin, Litecoin and Dogecoin, sun (6) on TRON (TRX is not sold here: only TRC20 tokens are watched), drops (6) on the XRP Ledger. */
export const NATIVE_DECIMALS: Record<TWatchedNetwork, number> = { ERC20: 18, BEP20: 18, BTC: 8, LTC: 8, TRC20: 6, DOGE: 8, XRP: 6 };
