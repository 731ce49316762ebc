import { isValidWalletAddress, USDT_NETWORKS } from '#shared/wallet-address.js';

/**
 * The client-side twin of the server's deposit address check: USDT is offered on TRC20, ERC20
 * and BEP20, so an address valid on any of them is accepted; the other coins have one network.
 */
export function isValidDepositAddress(symbol: string, address: string): boolean {
  if (symbol === 'usdt') return USDT_NETWORKS.some((network) => isValidWalletAddress('usdt', address, network));
  return isValidWalletAddress(symbol, address);
}
