/**
 * Password strength for the meter of the sign-up, reset, invitation and change forms
 * (docs/decisions/023-password-policy.md): zxcvbn-ts's estimate (0-4) over its common
 * dictionary and keyboard graphs, never above "Weak" for a password the policy refuses.
 *
 * zxcvbn-ts and its dictionary (about 0.5 MB) are loaded on demand, so no page pays for them
 * until a password is typed.
 */
import { PASSWORD_MIN_LENGTH } from '#shared/contracts/account.js';

export const STRENGTH_LABELS = ['Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type TStrengthLabel = (typeof STRENGTH_LABELS)[number];
export type TPasswordStrength = {
  score: 0 | 1 | 2 | 3 | 4;
  label: TStrengthLabel;
  /** On the shipped list of common and leaked passwords: the server refuses it. */
  common: boolean;
  tooShort: boolean;
};
export type TPasswordStrengthChecker = (password: string, userInputs?: string[]) => TPasswordStrength;

/** How a password is looked up in the common list: compatibility forms folded, lower case. */
export function commonListKey(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

/** The shipped list of common and leaked passwords (zxcvbn-ts's common dictionary). */
export async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const { dictionary } = await loadCommonPackage();
  return new Set(dictionary['passwords-common'].map((entry) => commonListKey(String(entry))));
}

type TCommonPackage = typeof import('@zxcvbn-ts/language-common');

/**
 * The package's ES module where the bundler picks it (Vite, Vitest); its CommonJS build in the
 * compiled server (esbuild, platform node), whose dynamic import puts the exports under `default`.
 */
async function loadCommonPackage(): Promise<TCommonPackage> {
  const loaded = (await import('@zxcvbn-ts/language-common')) as TCommonPackage & { default?: TCommonPackage };
  return loaded.dictionary ? loaded : (loaded.default ?? loaded);
}

let checker: Promise<TPasswordStrengthChecker> | undefined;

export function loadPasswordStrengthChecker(): Promise<TPasswordStrengthChecker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, commonList] = await Promise.all([
      import('@zxcvbn-ts/core'),
      loadCommonPackage(),
      loadCommonPasswords(),
    ]);
    const zxcvbn = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    return (password, userInputs = []) => {
      const isCommon = commonList.has(commonListKey(password));
      const tooShort = password.length < PASSWORD_MIN_LENGTH;
      const estimated = zxcvbn.check(password.slice(0, 128), userInputs).score;
      const score = (isCommon || tooShort ? Math.min(estimated, 1) : estimated) as TPasswordStrength['score'];
      return { score, label: STRENGTH_LABELS[score], common: isCommon, tooShort };
    };
  })();
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}
