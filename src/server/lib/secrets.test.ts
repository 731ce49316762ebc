import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secrets.js';

describe('secret sealing', () => {
  it('round-trips and hides the plain text', () => {
    const sealed = encryptSecret('smtp-password', 'server-secret-1');
    expect(sealed).not.toContain('smtp-password');
    expect(decryptSecret(sealed, 'server-secret-1')).toBe('smtp-password');
  });

  it('refuses another key or a tampered value', () => {
    const sealed = encryptSecret('smtp-password', 'server-secret-1');
    expect(() => decryptSecret(sealed, 'server-secret-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(parts.join('.'), 'server-secret-1')).toThrow();
  });
});
