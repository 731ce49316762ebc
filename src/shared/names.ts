/**
 * Names a new account may not take (issue #13). Shared by the signup contract, the username
 * availability route and the signup form. Existing accounts are never checked again.
 */

// --- usernames that read as staff ----------------------------------------------------------

/** The brand: refused anywhere in a username ('mycedicrypto', 'cedi.crypto_gh'). */
const BRAND_WORDS = ['cedicrypto'];

/**
 * Staff, roles and the desks that contact customers. Refused as the whole name, as one of its
 * parts between '_' or '.', and at its start or end ('admin1', 'kwameadmin', 'support_team').
 */
const STAFF_WORDS = [
  'admin',
  'administrator',
  'superadmin',
  'sysadmin',
  'support',
  'staff',
  'helpdesk',
  'system',
  'moderator',
  'official',
  'security',
  'compliance',
  'manager',
  'service',
  'customercare',
  'operator',
  'verify',
  'verified',
  'verification',
  'billing',
  'payment',
  'payments',
  'finance',
  'noreply',
  'postmaster',
  'webmaster',
  'hostmaster',
];

/**
 * Short words that are often part of ordinary names ('helen', 'steam', 'modupe'): refused only
 * as the whole name or one of its parts ('help', 'team_1', 'kyc_desk').
 */
const SHORT_WORDS = ['help', 'team', 'root', 'mod', 'kyc', 'ceo', 'info', 'desk', 'ops'];

/** Digits read as the letters they imitate ('adm1n', 'r00t', '5upport'); '1' is tried as i and as l. */
const LOOK_ALIKE_DIGITS: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g' };

/** The ways of reading a username: digits as look-alike letters, and digits as separators. */
function readings(username: string): { parts: string[]; joined: string }[] {
  const lower = username.trim().toLowerCase();
  const asLetters = (one: string) => lower.replace(/[0-9]/g, (d) => (d === '1' ? one : (LOOK_ALIKE_DIGITS[d] ?? d)));
  const forms = [asLetters('i'), asLetters('l'), lower.replace(/[0-9]+/g, '.')];
  return forms.map((form) => {
    const parts = form.split(/[._]+/).filter(Boolean);
    return { parts, joined: parts.join('') };
  });
}

/**
 * True when a username could pass for a CediCrypto staff account: it contains the brand, or a
 * staff word is the whole name, one of its parts, or (for the longer words) its start or end;
 * digits are read as the letters they look like, or as separators. Usernames are ASCII letters,
 * digits, '_' and '.' (ZUsername), so no other alphabet can imitate these words.
 * The rule and its reasons: docs/architecture.md, "Accounts".
 */
export function isReservedUsername(username: string): boolean {
  return readings(username).some(({ parts, joined }) => {
    if (BRAND_WORDS.some((word) => joined.includes(word))) return true;
    const isWord = (text: string) => STAFF_WORDS.includes(text) || SHORT_WORDS.includes(text);
    if (isWord(joined) || parts.some(isWord)) return true;
    return STAFF_WORDS.some((word) => joined.startsWith(word) || joined.endsWith(word));
  });
}

// --- names that mix scripts ----------------------------------------------------------------

/**
 * Scripts a name may be written in. A letter of a script not listed counts as one 'other' script
 * (two unlisted scripts in one name are not told apart).
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Adlam',
  'Vai',
  'Tifinagh',
  'Ethiopic',
  'Bamum',
  'Osmanya',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Cherokee',
  'Canadian_Aboriginal',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Yi',
] as const;

/** Unicode TS #39: Japanese, Korean and Chinese writing mix Han with their own scripts. */
const WRITING_SYSTEMS: Record<string, string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

let scriptPatterns: [string, RegExp][] | undefined;
function patterns(): [string, RegExp][] {
  scriptPatterns ??= SCRIPTS.flatMap((script): [string, RegExp][] => {
    try {
      return [[script, new RegExp(`\\p{Script_Extensions=${script}}`, 'u')]];
    } catch {
      return []; // a browser that does not know this script yet
    }
  });
  return scriptPatterns;
}

const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** The scripts (and writing systems) one character belongs to; null for spaces, marks and punctuation shared by all. */
function scriptsOf(char: string): Set<string> | null {
  if (NEUTRAL.test(char)) return null;
  const found = new Set<string>();
  for (const [script, pattern] of patterns()) {
    if (!pattern.test(char)) continue;
    found.add(script);
    for (const system of WRITING_SYSTEMS[script] ?? []) found.add(system);
  }
  if (found.size === 0) found.add('other');
  return found;
}

/** The scripts every character shares (Unicode TS #39's "resolved script set"); null when none. */
function commonScripts(chars: string[]): Set<string> | null {
  let common: Set<string> | null = null;
  for (const char of chars) {
    const scripts = scriptsOf(char);
    if (!scripts) continue;
    const before: Set<string> = common ?? scripts;
    common = new Set([...before].filter((script) => scripts.has(script)));
    if (common.size === 0) return common;
  }
  return common;
}

/**
 * True when a name mixes scripts: 'Аma' with a Cyrillic А, 'Ivan Петров'. One script per name,
 * with the mixes a real name is written in allowed, as in Unicode TS #39's "highly restrictive"
 * level: Japanese (Han, Hiragana, Katakana), Korean (Han, Hangul) and Chinese (Han, Bopomofo),
 * each also alongside Latin. Spaces, hyphens, apostrophes and combining accents belong to no script.
 */
export function hasMixedScripts(name: string): boolean {
  const chars = [...name];
  const all = commonScripts(chars);
  if (all === null || all.size > 0) return false;
  const withoutLatin = commonScripts(chars.filter((char) => !/\p{Script=Latin}/u.test(char)));
  return !(withoutLatin && ['Jpan', 'Kore', 'Hanb'].some((system) => withoutLatin.has(system)));
}
