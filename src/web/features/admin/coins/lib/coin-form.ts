import { z } from 'zod';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { ZCoinRequest, type TCoinRequest } from '#shared/contracts/destination-changes.js';
import { isNetworkId, networkLabel } from '#shared/networks.js';
import { isValidAddressOn } from '#shared/wallet-address.js';
import type { TAdminCoin } from '#web/features/admin/coins/api/coins.js';

/** What a coin's row holds: its deposit address per network id, as typed, and its switch. */
export type TCoinFormValues = {
  depositAddresses: Record<string, string>;
  isEnabled: boolean;
  /** The second factor, asked when an address is set, first or replacement (issue 27 point 3, docs/decisions/030 and 035). */
  code?: string;
};

export function toCoinFormValues(coin: TAdminCoin): TCoinFormValues {
  return {
    depositAddresses: Object.fromEntries(coin.networks.map((entry) => [entry.network, entry.depositAddress ?? ''])),
    isEnabled: coin.isEnabled,
  };
}

/**
 * An address is set, the first one or a replacement: the change waits for a second admin and
 * needs the code (docs/decisions/035). Removing one applies at once.
 */
export function replacesAddressInForce(values: TCoinFormValues, coin: TAdminCoin): boolean {
  return coin.networks.some((entry) => {
    const typed = (values.depositAddresses[entry.network] ?? '').trim();
    return typed !== '' && typed !== (entry.depositAddress ?? '');
  });
}

/** The row says what the server has (spaces around an address do not count: they are not sent). */
export function isSameAsCoin(values: TCoinFormValues, coin: TAdminCoin): boolean {
  return (
    values.isEnabled === coin.isEnabled &&
    coin.networks.every((entry) => (values.depositAddresses[entry.network] ?? '').trim() === (entry.depositAddress ?? ''))
  );
}

/** 'Enter a valid Tether address on TRON (TRC20).': the server's message for the same address (src/server/modules/coins/service.ts). */
export function invalidAddressMessage(coin: Pick<TAdminCoin, 'name'>, network: string): string {
  return ADMIN_MSG.invalidDepositAddress(coin.name, networkLabel(network));
}

/**
 * A coin row's form (docs/decisions/014: a deposit address per coin and network): each address
 * empty (none: the coin cannot be sold on that network) or valid on its network, checksum
 * included (isValidAddressOn, the server's own check); then only what changed, as the API's
 * ZCoinUpdate body (an emptied address is sent as '' and removed).
 */
export function coinFormSchema(coin: TAdminCoin) {
  const addresses = Object.fromEntries(
    coin.networks.map((entry) => {
      const message = invalidAddressMessage(coin, entry.network);
      const network = entry.network;
      return [
        network,
        z
          .string()
          .trim()
          .max(120, message)
          .refine((address) => address === '' || (isNetworkId(network) && isValidAddressOn(coin.symbol, network, address)), message),
      ];
    }),
  );
  return z
    .object({ depositAddresses: z.object(addresses), isEnabled: z.boolean(), code: z.string().trim().max(40).optional() })
    .transform(({ depositAddresses, isEnabled, code }): TCoinRequest => {
      const changed: Record<string, string> = {};
      for (const entry of coin.networks) {
        const address = depositAddresses[entry.network] ?? '';
        if (address !== (entry.depositAddress ?? '')) changed[entry.network] = address;
      }
      return {
        ...(Object.keys(changed).length > 0 ? { depositAddresses: changed } : {}),
        ...(isEnabled !== coin.isEnabled ? { isEnabled } : {}),
        ...(code ? { code } : {}),
      };
    })
    .pipe(ZCoinRequest);
}
