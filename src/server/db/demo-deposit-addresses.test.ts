import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_IDS, networksOf } from '#shared/networks.js';
import { isValidAddressOn } from '#shared/wallet-address.js';
import type { TDatabase } from './client.js';
import { DEMO_DEPOSIT_ADDRESSES, seedDemoDepositAddresses } from './demo-deposit-addresses.js';
import { coins, depositAddresses } from './schema/app.js';
import { SEED_COINS } from './seed.js';
import { openTestDatabase, setDepositAddress } from '#test/helpers/test-app.js';
import { eq } from 'drizzle-orm';

describe('demo deposit addresses (npm run seed:demo)', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('has a valid address for every network of every coin', () => {
    for (const coin of SEED_COINS) {
      for (const { network } of networksOf(coin.symbol)) {
        expect(isValidAddressOn(coin.symbol, network, DEMO_DEPOSIT_ADDRESSES[network]), `${coin.symbol} on ${network}`).toBe(true);
      }
    }
    expect(Object.keys(DEMO_DEPOSIT_ADDRESSES).sort()).toEqual([...NETWORK_IDS].sort());
  });

  it('fills every coin network without an address, once, and keeps an address set in Currencies', async () => {
    await setDepositAddress(database.db, 'btc', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    const expected = SEED_COINS.reduce((total, coin) => total + networksOf(coin.symbol).length, 0);
    expect(await seedDemoDepositAddresses(database.db)).toBe(expected - 1);
    expect(await seedDemoDepositAddresses(database.db)).toBe(0);
    const rows = await database.db.select().from(depositAddresses);
    expect(rows).toHaveLength(expected);
    const [btc] = await database.db.select({ id: coins.id }).from(coins).where(eq(coins.symbol, 'btc'));
    expect(rows.find((row) => row.coinId === btc?.id)?.address).toBe('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  });
});
