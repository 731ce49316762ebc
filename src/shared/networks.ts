/**
 * The networks coins move on (docs/decisions/014): what a transaction hash looks like on each,
 * where a block explorer shows it, and which coins are offered on which network with how many
 * decimals an amount may have there. Deposit addresses are set per coin and network; a sell
 * order's amount is fixed in the precision of its network; an XRP deposit names its order by a
 * destination tag.
 */
export const NETWORK_IDS = ['BTC', 'ERC20', 'TRC20', 'BEP20', 'LTC', 'XRP', 'ADA', 'SOL', 'DOGE'] as const;
export type TNetworkId = (typeof NETWORK_IDS)[number];

type TChain = {
  label: string;
  /** What a transaction hash (or Solana signature) looks like on this network. */
  txHash: RegExp;
  /** The explorer page of one transaction: the prefix the hash is appended to. */
  explorerTx: string;
  /** Deposits to a shared address are told apart by a per-order destination tag (memo). */
  hasTag: boolean;
};

const HEX_64 = /^[0-9a-fA-F]{64}$/;
const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;

export const CHAINS: Record<TNetworkId, TChain> = {
  BTC: { label: 'Bitcoin', txHash: HEX_64, explorerTx: 'https://mempool.space/tx/', hasTag: false },
  ERC20: { label: 'Ethereum (ERC20)', txHash: EVM_HASH, explorerTx: 'https://etherscan.io/tx/', hasTag: false },
  TRC20: { label: 'TRON (TRC20)', txHash: HEX_64, explorerTx: 'https://tronscan.org/#/transaction/', hasTag: false },
  BEP20: { label: 'BNB Smart Chain (BEP20)', txHash: EVM_HASH, explorerTx: 'https://bscscan.com/tx/', hasTag: false },
  LTC: { label: 'Litecoin', txHash: HEX_64, explorerTx: 'https://litecoinspace.org/tx/', hasTag: false },
  XRP: { label: 'XRP Ledger', txHash: HEX_64, explorerTx: 'https://livenet.xrpl.org/transactions/', hasTag: true },
  ADA: { label: 'Cardano', txHash: HEX_64, explorerTx: 'https://cardanoscan.io/transaction/', hasTag: false },
  // A Solana signature: 64 bytes in base58.
  SOL: { label: 'Solana', txHash: /^[1-9A-HJ-NP-Za-km-z]{64,90}$/, explorerTx: 'https://solscan.io/tx/', hasTag: false },
  DOGE: { label: 'Dogecoin', txHash: HEX_64, explorerTx: 'https://blockchair.com/dogecoin/transaction/', hasTag: false },
};

export type TCoinNetwork = { network: TNetworkId; decimals: number };

/**
 * The networks each coin is offered on, first the default. Decimals: what the network can send
 * (USDT and XRP 6, ADA 6), at most our stored 8 (ETH, BNB and SOL have more on chain).
 */
export const COIN_NETWORK_LIST: Record<string, readonly TCoinNetwork[]> = {
  btc: [{ network: 'BTC', decimals: 8 }],
  eth: [{ network: 'ERC20', decimals: 8 }],
  usdt: [
    { network: 'TRC20', decimals: 6 },
    { network: 'ERC20', decimals: 6 },
    { network: 'BEP20', decimals: 6 },
  ],
  bnb: [{ network: 'BEP20', decimals: 8 }],
  ltc: [{ network: 'LTC', decimals: 8 }],
  xrp: [{ network: 'XRP', decimals: 6 }],
  ada: [{ network: 'ADA', decimals: 6 }],
  sol: [{ network: 'SOL', decimals: 8 }],
  doge: [{ network: 'DOGE', decimals: 8 }],
};

export function isNetworkId(value: unknown): value is TNetworkId {
  return typeof value === 'string' && (NETWORK_IDS as readonly string[]).includes(value);
}

export function networksOf(coinSymbol: string): readonly TCoinNetwork[] {
  return Object.hasOwn(COIN_NETWORK_LIST, coinSymbol) ? (COIN_NETWORK_LIST[coinSymbol] ?? []) : [];
}

/** The coin's network by id, or its only network when none is named; undefined when it has no such network. */
export function findCoinNetwork(coinSymbol: string, network?: string | null): TCoinNetwork | undefined {
  const list = networksOf(coinSymbol);
  if (network === undefined || network === null || network === '') return list.length === 1 ? list[0] : undefined;
  return list.find((entry) => entry.network === network);
}

/**
 * The decimals a quote's crypto amount is rounded to: the fewest of the coin's networks, so the
 * amount can be sent on whichever network the customer then picks (8 for an unknown coin).
 */
export function coinDecimals(coinSymbol: string): number {
  const list = networksOf(coinSymbol);
  return list.length === 0 ? 8 : Math.min(...list.map((entry) => entry.decimals));
}

/** The coin's networks as the API describes them: id, label, decimals, whether deposits carry a tag. */
export function describeNetworks(coinSymbol: string) {
  return networksOf(coinSymbol).map(({ network, decimals }) => ({
    network,
    label: CHAINS[network].label,
    decimals,
    hasTag: CHAINS[network].hasTag,
  }));
}

/** 'TRON (TRC20)'; an unknown id as it is. */
export function networkLabel(network: string | null | undefined): string {
  return network && isNetworkId(network) ? CHAINS[network].label : (network ?? '');
}

/**
 * A transaction hash as pasted, cleaned: compatibility forms folded (NFKC: full-width digits),
 * spaces and invisible characters (zero-width space, soft hyphen) removed, a '0X' prefix written
 * '0x'. What remains is checked against the network's format and stored.
 */
export function cleanTxHash(hash: string): string {
  const cleaned = hash.normalize('NFKC').replace(/[\s\p{Cf}\p{Z}]/gu, '');
  return cleaned.startsWith('0X') ? `0x${cleaned.slice(2)}` : cleaned;
}

/** Whether `hash` (cleaned by cleanTxHash) is a transaction hash of this network. */
export function isValidTxHash(network: TNetworkId, hash: string): boolean {
  return CHAINS[network].txHash.test(cleanTxHash(hash));
}

/** The explorer page of a transaction on this network, or null when the network is unknown or the hash is not one. */
export function explorerTxUrl(network: string | null | undefined, hash: string | null | undefined): string | null {
  if (!network || !hash || !isNetworkId(network) || !isValidTxHash(network, hash)) return null;
  return CHAINS[network].explorerTx + cleanTxHash(hash);
}

/**
 * The network a coin's transaction is on: the order's own (USDT, sells) or the coin's only one.
 * Null when it cannot be told (an older USDT buy order without one).
 */
export function networkOfOrder(order: { coinSymbol: string; network: string | null }): TNetworkId | null {
  return findCoinNetwork(order.coinSymbol, order.network)?.network ?? null;
}

/**
 * A sell of an ERC20 token (USDT on Ethereum) worth less than this many US dollars gets a note
 * that the customer pays Ethereum's network fee (gas, in ETH) from their own wallet, and that on
 * a small amount the fee can cost more than the amount is worth (issue 26, docs/decisions/026).
 * One fixed threshold, not a live gas price: the note is honest without claiming a figure.
 */
export const SMALL_ERC20_SELL_USD = '100';

/** Whether `coinSymbol` is sent as an ERC20 token on `network` (ether itself is Ethereum's own coin, not a token). */
export function isErc20Token(coinSymbol: string, network: string | null | undefined): boolean {
  return network === 'ERC20' && coinSymbol.toLowerCase() !== 'eth';
}

/** The network a buy's coins are paid out on: the order's own, or for an older order the coin's first (docs/decisions/038). */
export function walletNetworkOfOrder(order: { coinSymbol: string; network: string | null }): TNetworkId | null {
  return networkOfOrder(order) ?? networksOf(order.coinSymbol)[0]?.network ?? null;
}
