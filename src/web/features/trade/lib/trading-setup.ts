import type { TCoinPublic } from '#shared/contracts/orders.js';

/**
 * Whether the business has set up a side of trading at all (issue 16): a fresh installation has
 * no payment method to pay into and no deposit address to send to, and its customers are told
 * "Trading opens soon" rather than to try again later. Undefined while the list is loading.
 */
export function isBuyingSetUp(methods: readonly unknown[] | undefined): boolean | undefined {
  return methods === undefined ? undefined : methods.length > 0;
}

/** Selling is set up once any enabled coin can be sold on any of its networks (a deposit address is set there). */
export function isSellingSetUp(coins: readonly Pick<TCoinPublic, 'networks'>[] | undefined): boolean | undefined {
  return coins === undefined ? undefined : coins.some((coin) => coin.networks.some((network) => network.canSell));
}
