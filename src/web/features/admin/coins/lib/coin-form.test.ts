import { describe, expect, it } from 'vitest';
import type { TAdminCoin } from '#web/features/admin/coins/api/coins.js';
import { DEPOSIT_KEY_MSG } from '#shared/deposit-keys.js';
import { coinFormSchema, isSameAsCoin, toCoinFormValues } from './coin-form';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const network = (id: string, label: string, depositAddress: string | null = null) => ({
  network: id,
  label,
  decimals: 6,
  hasTag: false,
  depositAddress,
  takesKey: true,
  depositKey: null,
});
const USDT: TAdminCoin = {
  id: 3,
  symbol: 'usdt',
  name: 'Tether',
  isEnabled: true,
  networks: [network('TRC20', 'TRON (TRC20)', TRON), network('ERC20', 'Ethereum (ERC20)'), network('BEP20', 'BNB Smart Chain (BEP20)')],
};
const BITCOIN: TAdminCoin = { id: 1, symbol: 'btc', name: 'Bitcoin', isEnabled: false, networks: [network('BTC', 'Bitcoin')] };

function messages(coin: TAdminCoin, addresses: Record<string, string>) {
  const values = toCoinFormValues(coin);
  const parsed = coinFormSchema(coin).safeParse({ ...values, depositAddresses: { ...values.depositAddresses, ...addresses } });
  return parsed.success ? null : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a coin row: a deposit address per network, checked for that network, only changes sent', () => {
  it('sends only the networks whose address changed, trimmed, and an emptied one as "" (removed)', () => {
    const values = toCoinFormValues(USDT);
    expect(values).toEqual({
      depositAddresses: { TRC20: TRON, ERC20: '', BEP20: '' },
      depositKeys: { TRC20: '', ERC20: '', BEP20: '' },
      isEnabled: true,
    });
    expect(coinFormSchema(USDT).parse(values)).toEqual({});
    expect(coinFormSchema(USDT).parse({ ...values, depositAddresses: { TRC20: '', ERC20: ` ${EVM} `, BEP20: '' } })).toEqual({
      depositAddresses: { TRC20: '', ERC20: EVM },
    });
    expect(coinFormSchema(BITCOIN).parse({ depositAddresses: { BTC }, depositKeys: { BTC: '' }, isEnabled: true })).toEqual({
      depositAddresses: { BTC },
      isEnabled: true,
    });
  });

  it("judges each address on its own network, with the server's message naming the coin and the network", () => {
    // An Ethereum address is no TRON address, and the other way round.
    expect(messages(USDT, { TRC20: EVM, ERC20: TRON })).toEqual({
      'depositAddresses.TRC20': 'Enter a valid Tether address on TRON (TRC20).',
      'depositAddresses.ERC20': 'Enter a valid Tether address on Ethereum (ERC20).',
    });
    expect(messages(USDT, { BEP20: EVM })).toBeNull();
    // A typo in the checksum.
    expect(messages(BITCOIN, { BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' })).toEqual({
      'depositAddresses.BTC': 'Enter a valid Bitcoin address on Bitcoin.',
    });
  });

  it('reads as unchanged when only spaces around an address differ', () => {
    expect(isSameAsCoin({ depositAddresses: { TRC20: ` ${TRON} `, ERC20: '', BEP20: '' }, depositKeys: {}, isEnabled: true }, USDT)).toBe(
      true,
    );
    expect(isSameAsCoin({ depositAddresses: { TRC20: TRON, ERC20: '', BEP20: '' }, depositKeys: {}, isEnabled: false }, USDT)).toBe(false);
    expect(isSameAsCoin({ depositAddresses: { TRC20: '', ERC20: '', BEP20: '' }, depositKeys: {}, isEnabled: true }, USDT)).toBe(false);
  });

  it('sends a changed watch-only key, and refuses a private key before anything is sent (docs/decisions/056)', () => {
    const values = toCoinFormValues(BITCOIN);
    const zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    expect(coinFormSchema(BITCOIN).parse({ ...values, depositKeys: { BTC: ` ${zpub} ` } })).toEqual({ depositKeys: { BTC: zpub } });
    expect(isSameAsCoin({ ...values, depositKeys: { BTC: zpub } }, BITCOIN)).toBe(false);
    const refused = coinFormSchema(BITCOIN).safeParse({
      ...values,
      depositKeys: {
        BTC: 'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu',
      },
    });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(DEPOSIT_KEY_MSG.privateKey);
  });
});
