import { z } from 'zod';

/**
 * Email verification, the sign-up's answer and its proof-of-work check (issue 26 points 5 and 7,
 * docs/decisions/024). The texts are the product's, written once here.
 */
export const VERIFY_MSG = {
  /** The sign-up's one answer, for a new address and for one that has an account alike. */
  checkEmail: (email: string) =>
    `We sent an email to ${email}. Open the link in it to confirm your address and sign in. If this address already has an account, the email says how to sign in instead.`,
  checkEmailTitle: 'Check your email',
  banner: (email: string) => `Confirm your email address (${email}) to place your first order: open the link we sent you.`,
  bannerTitle: 'Verify your email',
  resend: 'Resend the link',
  resent: (email: string) => `We sent a new link to ${email}. It is valid for 24 hours.`,
  alreadyVerified: 'Your email address is already confirmed.',
  /** An order refused until the address is confirmed (EMAIL_NOT_VERIFIED). */
  orderRefused: (email: string) =>
    `Confirm your email address before placing your first order: open the link we sent to ${email}, or send a new one.`,
  verifying: 'Confirming your email address…',
  verified: 'Your email address is confirmed.',
  verifiedSignIn: 'Your email address is confirmed. Log in to continue.',
  linkInvalid: 'This confirmation link is invalid or has expired. Log in and send a new one from your dashboard.',
  /** The sign-up form's proof-of-work check (docs/decisions/024). */
  challengeRequired: 'Many accounts were just created from your network. Your browser solves a short check before creating this one.',
  challengeWorking: 'Checking your browser before creating your account… this can take a few seconds.',
  challengeInvalid: 'The check did not pass or has expired. Please press Create account again.',
} as const;

/** The largest secret number a proof-of-work challenge may use (src/server/lib/proof-of-work.ts draws up to 100,000). */
export const CHALLENGE_MAX_NUMBER = 10_000_000;

/** What the sign-up answers, whether or not the address already had an account. */
export const ZSignupResponse = z.object({ email: z.string(), message: z.string() }).strict();
export type TSignupResponse = z.infer<typeof ZSignupResponse>;

export const ZVerifyEmailRequest = z.object({ token: z.string().min(1).max(2048) }).strict();

export const ZResendVerificationResponse = z.object({ message: z.string() }).strict();

/**
 * A proof-of-work challenge (ALTCHA's scheme): find `number` in 0..maxnumber with
 * SHA-256(salt + number) = challenge (hex). `signature` is the server's HMAC of `challenge`; the
 * salt carries the expiry (`?expires=` seconds).
 */
export const ZSignupChallenge = z
  .object({
    algorithm: z.literal('SHA-256'),
    challenge: z.string().regex(/^[0-9a-f]{64}$/),
    maxnumber: z.number().int().positive().max(CHALLENGE_MAX_NUMBER),
    salt: z.string().min(1).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type TSignupChallenge = z.infer<typeof ZSignupChallenge>;

/** The solved challenge sent back with the sign-up: the challenge as issued, and the number found. */
export const ZChallengeSolution = ZSignupChallenge.omit({ maxnumber: true })
  .extend({ number: z.number().int().min(0).max(CHALLENGE_MAX_NUMBER) })
  .strict();
export type TChallengeSolution = z.infer<typeof ZChallengeSolution>;
