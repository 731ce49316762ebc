import { z } from 'zod';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { ZCoinRequest, type TCoinRequest } from '#shared/contracts/destination-changes.js';
import { isNetworkId, networkLabel } from '#shared/networks.js';
import { isValidAddressOn } from '#shared/wallet-address.js';
import { DEPOSIT_KEY_MSG, looksPrivate } from '#shared/deposit-keys.js';
import type { TAdminCoin } from '#web/features/admin/coins/api/coins.js';

/** What a coin's row holds: its deposit address per network id, as typed, and its switch. */
export type TCoinFormValues = {
  depositAddresses: Record<string, string>;
  /** Watch-only keys by network id, for the networks that take one (docs/decisions/056). */
  depositKeys: Record<string, string>;
  isEnabled: boolean;
  /** The second factor, asked when an address is set, first or replacement (issue 27 point 3, docs/decisions/030 and 035). */
  code?: string;
};

export function toCoinFormValues(coin: TAdminCoin): TCoinFormValues {
  return {
    depositAddresses: Object.fromEntries(coin.networks.map((entry) => [entry.network, entry.depositAddress ?? ''])),
    depositKeys: Object.fromEntries(keyNetworks(coin).map((entry) => [entry.network, entry.depositKey?.extendedKey ?? ''])),
    isEnabled: coin.isEnabled,
  };
}

/** The coin's networks that may take a watch-only key (docs/decisions/056). */
export function keyNetworks(coin: TAdminCoin) {
  return coin.networks.filter((entry) => entry.takesKey);
}

/** The keys typed that are set (first or replacement) and differ from the one in force: each needs a preview before Save. */
export function keysBeingSet(values: TCoinFormValues, coin: TAdminCoin): string[] {
  return keyNetworks(coin)
    .filter((entry) => {
      const typed = (values.depositKeys?.[entry.network] ?? '').trim();
      return typed !== '' && typed !== (entry.depositKey?.extendedKey ?? '');
    })
    .map((entry) => entry.network);
}

/**
 * An address is set, the first one or a replacement: the change waits for a second admin and
 * needs the code (docs/decisions/035). Removing one applies at once.
 */
export function replacesAddressInForce(values: TCoinFormValues, coin: TAdminCoin): boolean {
  const address = coin.networks.some((entry) => {
    const typed = (values.depositAddresses[entry.network] ?? '').trim();
    return typed !== '' && typed !== (entry.depositAddress ?? '');
  });
  return address || keysBeingSet(values, coin).length > 0;
}

/** The row says what the server has (spaces around an address do not count: they are not sent). */
export function isSameAsCoin(values: TCoinFormValues, coin: TAdminCoin): boolean {
  return (
    values.isEnabled === coin.isEnabled &&
    coin.networks.every((entry) => (values.depositAddresses[entry.network] ?? '').trim() === (entry.depositAddress ?? '')) &&
    keyNetworks(coin).every((entry) => (values.depositKeys?.[entry.network] ?? '').trim() === (entry.depositKey?.extendedKey ?? ''))
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
  // A key is checked by the server (the preview says what is wrong); a private key is refused before it is sent.
  const keys = Object.fromEntries(
    keyNetworks(coin).map((entry) => [
      entry.network,
      z
        .string()
        .trim()
        .max(200, DEPOSIT_KEY_MSG.notAKey)
        .refine((key) => !looksPrivate(key), DEPOSIT_KEY_MSG.privateKey),
    ]),
  );
  return z
    .object({
      depositAddresses: z.object(addresses),
      depositKeys: z.object(keys),
      isEnabled: z.boolean(),
      code: z.string().trim().max(40).optional(),
    })
    .transform(({ depositAddresses, depositKeys, isEnabled, code }): TCoinRequest => {
      const changed: Record<string, string> = {};
      for (const entry of coin.networks) {
        const address = depositAddresses[entry.network] ?? '';
        if (address !== (entry.depositAddress ?? '')) changed[entry.network] = address;
      }
      const changedKeys: Record<string, string> = {};
      for (const entry of keyNetworks(coin)) {
        const key = depositKeys[entry.network] ?? '';
        if (key !== (entry.depositKey?.extendedKey ?? '')) changedKeys[entry.network] = key;
      }
      return {
        ...(Object.keys(changed).length > 0 ? { depositAddresses: changed } : {}),
        ...(Object.keys(changedKeys).length > 0 ? { depositKeys: changedKeys } : {}),
        ...(isEnabled !== coin.isEnabled ? { isEnabled } : {}),
        ...(code ? { code } : {}),
      };
    })
    .pipe(ZCoinRequest);
}
