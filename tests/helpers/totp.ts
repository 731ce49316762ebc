import { createHmac } from 'node:crypto';

/**
 * RFC 6238 codes for tests (what an authenticator app computes): HMAC-SHA1, 30-second steps,
 * 6 digits. Written from the RFC so the server's implementation is checked, not reused.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(input: string): Buffer {
  const clean = input.toUpperCase().replace(/=+$/, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totpStep(time = Date.now()): number {
  return Math.floor(time / 30_000);
}

export function totpCode(secretBase32: string, step = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = hmac.readUInt8(hmac.length - 1) & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

/**
 * A step whose code the server has not seen yet: this one, else the next or the previous one
 * (the server accepts one step either side); null when all three were used.
 */
export function pickUnusedStep(isUsed: (step: number) => boolean, now = totpStep()): number | null {
  for (const step of [now, now + 1, now - 1]) if (!isUsed(step)) return step;
  return null;
}

/** An authenticator app for API tests: an unused step's code, else a backup code. */
export class TotpDevice {
  private readonly used = new Set<number>();
  constructor(
    readonly secret: string,
    readonly backupCodes: string[] = [],
  ) {}

  nextCode(): string {
    const step = pickUnusedStep((candidate) => this.used.has(candidate));
    if (step !== null) {
      this.used.add(step);
      return totpCode(this.secret, step);
    }
    const backup = this.backupCodes.shift();
    if (!backup) throw new Error('no unused authenticator code or backup code left');
    return backup;
  }
}
