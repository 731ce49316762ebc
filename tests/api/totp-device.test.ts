import { describe, expect, it } from 'vitest';
import { TotpDevice, totpCode, totpStep } from '#test/helpers/totp.js';

// The authenticator the API tests sign in with (tests/helpers/totp.ts).
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890", RFC 6238 appendix B

describe('the test authenticator', () => {
  it('computes the RFC 6238 codes (appendix B, SHA-1, last 6 digits)', () => {
    expect(totpCode(SECRET, totpStep(59_000))).toBe('287082');
    expect(totpCode(SECRET, totpStep(1_111_111_109_000))).toBe('081804');
  });

  it('gives the codes the server accepts longest first, a backup code before the previous step', () => {
    // The previous step's code stops being accepted when the step ends, which can be a moment
    // away: a sign-in with it failed once as "Invalid credentials" in CI.
    const now = 1_000;
    const device = new TotpDevice(SECRET, ['BACKUP-1']);
    expect(device.nextCode(now)).toBe(totpCode(SECRET, now + 1));
    expect(device.nextCode(now)).toBe(totpCode(SECRET, now));
    expect(device.nextCode(now)).toBe('BACKUP-1');
    expect(device.nextCode(now)).toBe(totpCode(SECRET, now - 1));
    expect(() => device.nextCode(now)).toThrow('no unused authenticator code or backup code left');
    // A step later the next step is free again.
    expect(device.nextCode(now + 1)).toBe(totpCode(SECRET, now + 2));
  });
});
