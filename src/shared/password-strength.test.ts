import { describe, expect, it } from 'vitest';
import { loadPasswordStrengthChecker } from './password-strength.js';

// The meter of the password forms (docs/decisions/023-password-policy.md): zxcvbn-ts's estimate,
// never above Weak for a password the server refuses.
describe('password strength', () => {
  it.each([
    ['Abc1!', 'Weak', { tooShort: true, common: false }],
    ['qwerty123456', 'Weak', { tooShort: false, common: true }],
    ['QWERTY123456', 'Weak', { tooShort: false, common: true }],
    ['aaaaaaaaaaaaaa', 'Weak', { tooShort: false, common: false }],
    ['correct-horse-battery-staple-kumasi-19', 'Strong', { tooShort: false, common: false }],
  ])('%s is %s', async (password, label, flags) => {
    const check = await loadPasswordStrengthChecker();
    expect(check(password)).toMatchObject({ label, ...flags });
  });

  it('counts the person’s own name and email against the password', async () => {
    const check = await loadPasswordStrengthChecker();
    const alone = check('kwameasante1990').score;
    expect(check('kwameasante1990', ['kwameasante1990@example.com', 'kwameasante']).score).toBeLessThanOrEqual(alone);
    expect(check('kwameasante1990', ['kwameasante']).score).toBeLessThan(3);
  });
});
