import type { TNetworkId } from '#shared/networks.js';
import { networksOf } from '#shared/networks.js';
import { isValidAddressOn } from '#shared/wallet-address.js';
import type { TDb } from './client.js';
import { coins, depositAddresses } from './schema/app.js';

/**
 * DEMO deposit addresses, one per network, so that every coin can be sold in a demo. NOBODY
 * SHOULD EVER SEND COINS TO THEM: they are well-known documentation and test-vector addresses
 * whose keys are public or do not exist (coins sent there are lost or taken by anyone). BTC and
 * LTC: the BIP-173 test vector (its key is the number 1); ERC20/BEP20: the EIP-55 test vector;
 * TRC20: TRON's all-zero address; XRP: the XRP Ledger's genesis account of its documentation
 * (secret "masterpassphrase"); ADA: the CIP-19 test vector; SOL: the System Program id; DOGE:
 * the Dogeparty burn address. A real business replaces them in Currencies before going live.
 */
export const DEMO_DEPOSIT_ADDRESSES: Record<TNetworkId, string> = {
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ERC20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  BEP20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  TRC20: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  LTC: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
  XRP: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  ADA: 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
  SOL: '11111111111111111111111111111111',
  DOGE: 'DDogepartyxxxxxxxxxxxxxxxxxxw1dfzr',
};

/**
 * The DEMO payment accounts of `npm run seed:demo` (src/server/commands/seed-demo.ts): numbers made up
 * for trying the product. The setup checklist warns while a payment method pays into one
 * (issue 27 point 3, docs/decisions/030), as it does for the demo addresses above.
 */
export const DEMO_PAYMENT_METHODS = [
  { name: 'MTN MoMo', details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' } },
  { name: 'Telecel Cash', details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0201112222' } },
  { name: 'GCB Bank', details: { type: 'bank', name: 'CediCrypto Ltd', bankName: 'GCB Bank', accountNumber: '1021130001234' } },
] as const;
/** The demo numbers and account numbers, digits only. */
export const DEMO_PAYMENT_ACCOUNTS: ReadonlySet<string> = new Set(
  DEMO_PAYMENT_METHODS.map((method) => ('number' in method.details ? method.details.number : method.details.accountNumber)),
);
/** Every demo and test-vector address, for the checklist's warning. */
export const DEMO_ADDRESS_SET: ReadonlySet<string> = new Set(Object.values(DEMO_DEPOSIT_ADDRESSES));

/** Sets the demo address on every network of every coin that has none yet (an address set in Currencies stays). */
export async function seedDemoDepositAddresses(db: TDb): Promise<number> {
  let added = 0;
  for (const coin of await db.select({ id: coins.id, symbol: coins.symbol }).from(coins)) {
    for (const { network } of networksOf(coin.symbol)) {
      const address = DEMO_DEPOSIT_ADDRESSES[network];
      if (!isValidAddressOn(coin.symbol, network, address)) throw new Error(`demo address of ${coin.symbol} on ${network} is not valid`);
      const inserted = await db
        .insert(depositAddresses)
        .values({ coinId: coin.id, network, address })
        .onConflictDoNothing()
        .returning({ coinId: depositAddresses.coinId });
      added += inserted.length;
    }
  }
  return added;
}
