import type { TChainToken } from '#server/db/schema/chain.js';

/**
 * The chain watchers' environment (src/server/config.ts reads it, src/server/modules/chain-watch uses it; docs/deployment.md, "Chain
 * watchers"). A network's settings row (chain_networks) overrides its endpoint, tokens and
 * confirmations; the environment gives the defaults.
 */
export type TWatchedNetwork = 'ERC20' | 'BEP20';
export const WATCHED_NETWORKS: readonly TWatchedNetwork[] = ['ERC20', 'BEP20'];

export type TChainWatchOptions = {
  rpcUrls: Partial<Record<TWatchedNetwork, string | undefined>>;
  tokens: Record<TWatchedNetwork, Record<string, TChainToken>>;
  /** How often each network is polled (one run per interval across every process). */
  pollMs: number;
  /** The least time between two requests to one endpoint: its rate limit. */
  minIntervalMs: number;
  timeoutMs: number;
  /** The most blocks one poll scans (a watcher behind catches up over several polls). */
  maxBlocksPerPoll: number;
  /** The first poll of a network starts this many blocks below the head. */
  startBlocksBack: number;
};

/**
 * Confirmations a deposit needs before its order is confirmed, by network (docs/decisions/058):
 * the settings row of each network may change them. BTC, LTC, TRC20 and XRP (validated: 1) are
 * listed for their watchers to come.
 */
export const DEFAULT_CONFIRMATIONS = { BTC: 2, LTC: 6, ERC20: 12, BEP20: 15, TRC20: 19, XRP: 1 } as const;

/** The coin each EVM network pays natively (found by block scan); other coins on it are tokens (Transfer logs). */
export const NATIVE_COIN: Record<TWatchedNetwork, string> = { ERC20: 'ETH', BEP20: 'BNB' };
