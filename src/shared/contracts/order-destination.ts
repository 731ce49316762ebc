import { isValidDestinationTag, type TUsdtNetwork } from '#shared/destinations.js';
import { isValidWalletAddress } from '#shared/wallet-address.js';
import { ORDER_MSG } from './orders.js';

// Not in ./orders.js: the address checks' checksum code stays out of the pages that only read
// orders (issue 26 point 15).

type TDestination = { walletAddress: string; network?: TUsdtNetwork | undefined; destinationTag?: string | undefined };
type TDestinationField = 'walletAddress' | 'network' | 'destinationTag';

/**
 * What is wrong with where a buy order's coins go, for the coin it is of: the network of a
 * USDT address, the address format (with its checksum) and the XRP destination tag. The
 * server refuses the order on the first; the form shows each on its field.
 */
export function findDestinationIssues(coin: { symbol: string; name: string }, input: TDestination) {
  const issues: { field: TDestinationField; message: string }[] = [];
  const walletAddress = input.walletAddress.trim();
  if (coin.symbol === 'usdt' && !input.network) issues.push({ field: 'network', message: ORDER_MSG.invalidNetwork });
  else if (walletAddress && !isValidWalletAddress(coin.symbol, walletAddress, input.network)) {
    issues.push({ field: 'walletAddress', message: ORDER_MSG.invalidWallet(coin.name) });
  }
  const tag = input.destinationTag?.trim();
  if (tag && !isValidDestinationTag(tag)) issues.push({ field: 'destinationTag', message: ORDER_MSG.invalidTag });
  return issues;
}
