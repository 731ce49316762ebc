import { z } from 'zod';

/**
 * The chain watchers' settings per network (docs/decisions/058): Settings, Super Admins only. The
 * endpoint's URL often carries a provider's key: it is written, never read back (only its host).
 */
export const CHAIN_WATCH_MSG = {
  networkUnknown: 'This network has no chain watcher.',
  rpcUrlInvalid: 'Enter the endpoint as an http(s) URL.',
  confirmationsRange: 'Enter a number of confirmations from 1 to 1000.',
  contractInvalid: 'Enter the token contract as 0x and 40 hexadecimal characters.',
  tronContractInvalid: 'Enter the token contract as a TRON address: T and 33 characters.',
  decimalsRange: 'Enter the token decimals from 0 to 36.',
};

export const ZChainNetworkParams = z
  .object({ network: z.enum(['ERC20', 'BEP20', 'BTC', 'LTC', 'TRC20', 'DOGE', 'XRP'], { error: CHAIN_WATCH_MSG.networkUnknown }) })
  .strict();

/** A TRON (TRC20) contract: base58check, T and 33 characters (its case is part of it). */
export const TRON_CONTRACT = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

export const ZChainToken = z
  .object({
    // 0x… on the EVM networks; a T… address on TRON (the route checks which fits the network).
    contract: z
      .string()
      .refine((contract) => /^0x[0-9a-fA-F]{40}$/.test(contract) || TRON_CONTRACT.test(contract), CHAIN_WATCH_MSG.contractInvalid),
    decimals: z.number({ error: CHAIN_WATCH_MSG.decimalsRange }).int().min(0).max(36),
  })
  .strict();

export const ZChainNetwork = z.object({
  network: z.string(),
  /** The host of the endpoint set here (the URL itself is never sent back); null: none set here. */
  rpcHost: z.string().nullable(),
  /** The environment gives an endpoint (CHAIN_<NETWORK>_RPC_URL; CHAIN_BTC_ESPLORA_URL, CHAIN_LTC_ESPLORA_URL, CHAIN_TRC20_TRONGRID_URL, CHAIN_DOGE_BLOCKBOOK_URL, CHAIN_XRP_RPC_URL). */
  hasEnvEndpoint: z.boolean(),
  requiredConfirmations: z.number(),
  tokens: z.record(z.string(), ZChainToken),
  lastBlock: z.number().nullable(),
  headBlock: z.number().nullable(),
  polledAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TChainNetwork = z.infer<typeof ZChainNetwork>;
export const ZChainNetworks = z.object({ networks: z.array(ZChainNetwork) });

/** PUT: `rpcUrl` undefined keeps the one set, null removes it (the environment's then), a URL sets it. */
export const ZChainNetworkUpdate = z
  .object({
    rpcUrl: z
      .string()
      .trim()
      .url(CHAIN_WATCH_MSG.rpcUrlInvalid)
      .refine((url) => /^https?:\/\//i.test(url), CHAIN_WATCH_MSG.rpcUrlInvalid)
      .nullable()
      .optional(),
    requiredConfirmations: z.number({ error: CHAIN_WATCH_MSG.confirmationsRange }).int().min(1).max(1000),
    /** The tokens watched on the network (USDT, this round; EVM networks and TRC20: Bitcoin, Litecoin and Dogecoin have none). */
    tokens: z.object({ USDT: ZChainToken }).strict().optional(),
  })
  .strict();
export type TChainNetworkUpdate = z.infer<typeof ZChainNetworkUpdate>;
