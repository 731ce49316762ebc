import { ORDER_MSG } from '#shared/order-rules.js';
import { compareDecimals } from '#shared/decimal-text.js';
import { isErc20Token, SMALL_ERC20_SELL_USD } from '#shared/networks.js';
import { Alert } from '#web/components/ui/alert.js';

/**
 * The network-fee note of a small ERC20 token sell (issue 26, docs/decisions/026): under
 * SMALL_ERC20_SELL_USD the customer is told that they pay Ethereum's fee from their own wallet
 * and that it can cost more than the amount is worth. Nothing for another network, for ether
 * itself, or for a larger amount. On the sell form and on the order's send instructions.
 */
export function Erc20FeeNote({
  coinSymbol,
  network,
  amountUsd,
  isOrder = false,
}: {
  coinSymbol: string;
  network: string | null | undefined;
  amountUsd: string | null | undefined;
  /** On the order page the network is fixed: no "choose another network". */
  isOrder?: boolean;
}) {
  if (!amountUsd || !isErc20Token(coinSymbol, network) || compareDecimals(amountUsd, SMALL_ERC20_SELL_USD) !== -1) return null;
  return <Alert variant="warning">{ORDER_MSG.erc20FeeNote(coinSymbol.toUpperCase(), isOrder)}</Alert>;
}
