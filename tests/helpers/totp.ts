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
 * A step whose code the server has not seen yet, the one it will accept longest first: the next
 * step (accepted until the end of the step after it), this one, and only then the previous one,
 * whose code the server stops accepting when this step ends, which can be a moment away (a code
 * of the previous step computed at 29.9 s into a step and sent at 30.1 s is refused as wrong).
 * The server accepts one step either side. With `orPrevious` false the previous step is not
 * offered; null when none is left.
 */
export function pickUnusedStep(isUsed: (step: number) => boolean, now = totpStep(), orPrevious = true): number | null {
  for (const step of orPrevious ? [now + 1, now, now - 1] : [now + 1, now]) if (!isUsed(step)) return step;
  return null;
}

/**
 * An authenticator app for API tests: an unused code of the next or this step, else a backup
 * code, and the previous step's code only when neither is left.
 */
export class TotpDevice {
  private readonly used = new Set<number>();
  constructor(
    readonly secret: string,
    readonly backupCodes: string[] = [],
  ) {}

  nextCode(now = totpStep()): string {
    const step = pickUnusedStep((candidate) => this.used.has(candidate), now, false) ?? this.nextBackupCode() ?? now - 1;
    if (typeof step === 'string') return step;
    if (this.used.has(step)) throw new Error('no unused authenticator code or backup code left');
    this.used.add(step);
    return totpCode(this.secret, step);
  }

  /**
   * A code of the next or this step, never a backup code (for forms that take only an
   * authenticator code): when both were used, it waits for the clock's next step.
   */
  async authenticatorCode(): Promise<string> {
    for (;;) {
      const now = totpStep();
      const step = pickUnusedStep((candidate) => this.used.has(candidate), now, false);
      if (step !== null) {
        this.used.add(step);
        return totpCode(this.secret, step);
      }
      await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 1));
    }
  }

  private nextBackupCode(): string | null {
    return this.backupCodes.shift() ?? null;
  }
}
