import { z } from 'zod';

/*
 * The Travel Rule data of an order (issue 34 point 1, docs/decisions/076-travel-rule-data.md): what
 * the customer states about the other wallet of an order (a sell's sending wallet, a buy's
 * receiving one) and, above the threshold, the signed message proving control of a self-hosted one.
 */

export const WALLET_TYPES = ['self_hosted', 'provider'] as const;
export type TWalletType = (typeof WALLET_TYPES)[number];

/** How each signature is written: the families the server verifies (src/server/modules/travel-rule/signatures.ts). */
export const SIGNATURE_FORMATS = ['btc', 'evm', 'tron'] as const;

/**
 * Where an order's Travel Rule data stands. `missing`: nothing stated yet; `proof_needed`: a
 * self-hosted wallet must sign the challenge; `review`: a self-hosted wallet on a network whose
 * signatures are not checked here, which compliance reviews; `complete`: nothing more is asked.
 */
export const TRAVEL_RULE_STATUSES = ['missing', 'proof_needed', 'review', 'complete'] as const;

export const TRAVEL_RULE_MSG = {
  walletTypeRequired: 'Choose where the wallet is.',
  providerNameRequired: 'Enter the name of the exchange.',
  providerAccountRequired: 'Enter your account at the exchange (user ID or email).',
  addressRequired: 'Enter the address of your wallet.',
  tooLong: 'This is too long.',
  signatureRequired: 'Paste the signature.',
  /** The order page's request while nothing is stated (a customer message, not a compliance reason). */
  declareNeeded: 'Tell us about the wallet for this order: is it your own wallet (self-hosted) or an account at an exchange?',
  declareNeededHeld:
    'This order is on hold until you tell us about the wallet: is it your own wallet (self-hosted) or an account at an exchange?',
  proofNeeded:
    'This order is on hold until you prove the wallet is yours: sign the message below with that wallet and paste the signature.',
  review: 'Thank you. Our team will check the wallet details of this order; signatures on this network are not checked automatically.',
  forged:
    'This signature does not prove control of the wallet address: sign the exact message below with that wallet and paste the signature again.',
  buyAddressDiffers: 'This is not the wallet address of this order.',
  confirmed: 'The wallet details of this order are confirmed and can no longer be changed.',
  orderClosed: 'This order is closed; its wallet details can no longer be changed.',
} as const;

const text = (max: number, required: string) => z.string().trim().min(1, required).max(max, TRAVEL_RULE_MSG.tooLong);

export const ZTravelRuleDeclaration = z.discriminatedUnion(
  'walletType',
  [
    z
      .object({
        walletType: z.literal('provider'),
        providerName: text(100, TRAVEL_RULE_MSG.providerNameRequired),
        providerAccount: text(200, TRAVEL_RULE_MSG.providerAccountRequired),
      })
      .strict(),
    z
      .object({
        walletType: z.literal('self_hosted'),
        /** A sell's sending address; a buy's is the order's wallet address and may be left out. */
        address: text(120, TRAVEL_RULE_MSG.addressRequired).optional(),
      })
      .strict(),
  ],
  { error: TRAVEL_RULE_MSG.walletTypeRequired },
);
export type TTravelRuleDeclaration = z.infer<typeof ZTravelRuleDeclaration>;

export const ZTravelRuleProof = z.object({ signature: text(300, TRAVEL_RULE_MSG.signatureRequired) }).strict();
export type TTravelRuleProof = z.infer<typeof ZTravelRuleProof>;

/** An order's Travel Rule data as the customer and staff see it. */
export const ZTravelRule = z.object({
  /** The order is at or above the threshold (an alert was raised when it was placed): the data holds it until given. */
  required: z.boolean(),
  status: z.enum(TRAVEL_RULE_STATUSES),
  walletType: z.enum(WALLET_TYPES).nullable(),
  providerName: z.string().nullable(),
  providerAccount: z.string().nullable(),
  address: z.string().nullable(),
  /** The text to sign, when a signature is asked. */
  challenge: z.string().nullable(),
  /** How to sign it: Bitcoin message, EVM personal_sign or TRON signMessageV2; null when no signature is checked. */
  signatureFormat: z.enum(SIGNATURE_FORMATS).nullable(),
  signature: z.string().nullable(),
  declaredAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** What the customer is asked to do now, or null. */
  message: z.string().nullable(),
});
export type TTravelRule = z.infer<typeof ZTravelRule>;
export const ZTravelRuleResponse = z.object({ travelRule: ZTravelRule });

/** The signature format of an order's network (src/shared/networks.ts ids), or null when signatures are not checked there. */
export function signatureFormatOf(network: string | null): (typeof SIGNATURE_FORMATS)[number] | null {
  if (network === 'BTC') return 'btc';
  if (network === 'ERC20' || network === 'BEP20') return 'evm';
  if (network === 'TRC20') return 'tron';
  return null;
}
