import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { TChallengeSolution, TSignupChallenge } from '#shared/contracts/email-verification.js';
import type { RateLimitStore } from './rate-limit-store.js';

/**
 * A self-hosted proof-of-work check in ALTCHA's scheme (docs/decisions/024): the server picks a
 * secret number up to `maxnumber`, publishes SHA-256(salt + number) and an HMAC of it; the
 * browser tries numbers until the hash matches (about maxnumber / 2 hashes), and the server checks
 * the HMAC (it issued it), the expiry carried in the salt (covered by the hash), the hash, and that
 * the solution was not used before (one counter row per signature, kept until it expires).
 */
export const CHALLENGE = {
  /** About 50,000 SHA-256 on average: a second or two in a phone's browser, nothing for one sign-up, a cost for thousands. */
  maxNumber: 100_000,
  ttlSeconds: 10 * 60,
} as const;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmacKey = (serverSecret: string) => createHmac('sha256', serverSecret).update('signup-proof-of-work').digest();
const sign = (serverSecret: string, challenge: string) => createHmac('sha256', hmacKey(serverSecret)).update(challenge).digest('hex');

export function createChallenge(serverSecret: string, now = Date.now(), maxNumber: number = CHALLENGE.maxNumber): TSignupChallenge {
  const expires = Math.floor(now / 1000) + CHALLENGE.ttlSeconds;
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const challenge = sha256Hex(`${salt}${randomInt(0, maxNumber + 1)}`);
  return { algorithm: 'SHA-256', challenge, maxnumber: maxNumber, salt, signature: sign(serverSecret, challenge) };
}

/** What is wrong with a solution, or null when it is good (and now used). */
export async function checkSolution(
  serverSecret: string,
  store: RateLimitStore,
  solution: TChallengeSolution,
  now = Date.now(),
): Promise<'signature' | 'expired' | 'wrong' | 'reused' | null> {
  const expected = Buffer.from(sign(serverSecret, solution.challenge), 'hex');
  const given = Buffer.from(solution.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
  const expires = Number(/[?&]expires=(\d+)$/.exec(solution.salt)?.[1] ?? Number.NaN);
  if (!Number.isFinite(expires) || expires * 1000 <= now) return 'expired';
  if (sha256Hex(`${solution.salt}${solution.number}`) !== solution.challenge) return 'wrong';
  // Counted once per signature until the challenge expires: a second use finds the count above 1.
  const used = await store.hit(`pow-used:${solution.signature}`, expires * 1000 - now + 1000);
  return used.count > 1 ? 'reused' : null;
}

/** The network a sign-up comes from: the /24 of an IPv4 address, the /64 of an IPv6 one. */
export function networkOf(ip: string): string {
  const normalized = normalizeIP(ip, 64);
  if (isIPv4(normalized)) return `${normalized.split('.').slice(0, 3).join('.')}.0/24`;
  return `${normalized}/64`;
}

/** Finds the number of a challenge (what the browser does; tests use it). */
export function solveChallenge(challenge: TSignupChallenge): TChallengeSolution | null {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (sha256Hex(`${challenge.salt}${number}`) === challenge.challenge) {
      const { maxnumber: _max, ...issued } = challenge;
      return { ...issued, number };
    }
  }
  return null;
}
