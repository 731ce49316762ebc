import type { TChallengeSolution, TSignupChallenge } from '#shared/contracts/email-verification.js';

const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Finds the number of a proof-of-work challenge (ALTCHA's scheme, docs/decisions/024) with the
 * browser's own SHA-256 (crypto.subtle, off the main thread's critical path: each digest is
 * asynchronous, so the page stays responsive). No third-party script. Null when no number fits.
 */
export async function solveChallenge(challenge: TSignupChallenge, signal?: AbortSignal): Promise<TChallengeSolution | null> {
  const encoder = new TextEncoder();
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (signal?.aborted) return null;
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${number}`));
    if (toHex(digest) === challenge.challenge) {
      const { maxnumber: _max, ...issued } = challenge;
      return { ...issued, number };
    }
  }
  return null;
}
