/** The coins the server prices (docs/product.md §7), with each provider's name for them. */
export const PRICED_COINS = [
  { symbol: 'btc', coingeckoId: 'bitcoin', binancePair: 'BTCUSDT' },
  { symbol: 'eth', coingeckoId: 'ethereum', binancePair: 'ETHUSDT' },
  // Binance has no USDT/USD pair: tether counts as 1 USD there.
  { symbol: 'usdt', coingeckoId: 'tether', binancePair: null },
  { symbol: 'bnb', coingeckoId: 'binancecoin', binancePair: 'BNBUSDT' },
  { symbol: 'ltc', coingeckoId: 'litecoin', binancePair: 'LTCUSDT' },
  { symbol: 'xrp', coingeckoId: 'ripple', binancePair: 'XRPUSDT' },
  { symbol: 'ada', coingeckoId: 'cardano', binancePair: 'ADAUSDT' },
  { symbol: 'sol', coingeckoId: 'solana', binancePair: 'SOLUSDT' },
  { symbol: 'doge', coingeckoId: 'dogecoin', binancePair: 'DOGEUSDT' },
] as const;

export type TCoinSymbol = (typeof PRICED_COINS)[number]['symbol'];
export const PRICED_SYMBOLS: readonly string[] = PRICED_COINS.map((coin) => coin.symbol);
/** The symbol under which the USD->GHS rate is stored. */
export const GHS_SYMBOL = 'ghs';

export type TPriceSource = 'coingecko' | 'binance' | 'er-api' | 'currency-api' | 'simulated';

/** One fetched price: USD per coin, or cedis per USD for the 'ghs' symbol. */
export type TPriceQuote = {
  symbol: string;
  priceUsd: string;
  /** The provider's own 24 h change in percent, when it gives one. */
  change24h: string | null;
  source: TPriceSource;
};
