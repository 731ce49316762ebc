import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';

/**
 * Account keys of the public BIP39 test mnemonic "abandon … about" (never to hold money), for
 * tests of watch-only deposit keys (docs/decisions/056). The seed exists here, in tests only.
 */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = HDKey.fromMasterSeed(pbkdf2(sha512, TEST_MNEMONIC.normalize('NFKD'), 'mnemonic', { c: 2048, dkLen: 64 }));

/** BIP84's published account zpub (bitcoin/bips bip-0084.mediawiki) and its first receive addresses. */
export const BIP84_ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
export const BIP84_ADDRESSES = [
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
  'bc1qp59yckz4ae5c4efgw2s5wfyvrz0ala7rgvuz8z',
];
/** m/44'/60'/0': Ethereum's account; its 0/0 is 0x9858EfFD232B4033E47d90003D41EC34EcaEda94. */
export const EVM_XPUB = root.derive("m/44'/60'/0'").publicExtendedKey;
export const EVM_ADDRESSES = ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'];
/** The private key of BIP84's account: what must be refused. */
export const BIP84_XPRV = root.derive("m/84'/0'/0'").privateExtendedKey;
/** Another account (m/84'/0'/1'), a replacement key. */
export const OTHER_BTC_XPUB = root.derive("m/84'/0'/1'").publicExtendedKey;
/** m/84'/2'/0': Litecoin's BIP84 account (as an xpub, which the Currencies page accepts for LTC); its 0/0 is ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh. */
export const LTC_XPUB = root.derive("m/84'/2'/0'").publicExtendedKey;
/** m/44'/195'/0': TRON's BIP44 account (TRC20); its 0/0 is TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH. */
export const TRON_XPUB = root.derive("m/44'/195'/0'").publicExtendedKey;
/** m/44'/3'/0': Dogecoin's BIP44 account (as an xpub, which the Currencies page accepts for DOGE); its receive addresses are D…. */
export const DOGE_XPUB = root.derive("m/44'/3'/0'").publicExtendedKey;
