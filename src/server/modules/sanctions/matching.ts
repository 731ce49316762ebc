/*
 * How sanctions screening compares (docs/decisions/075-sanctions-screening.md): addresses in one
 * normalised form per address family, names as sorted canonical tokens scored with Jaro-Winkler.
 */

/**
 * An address in the form it is compared in. EVM addresses (0x + 40 hex: ERC20, BEP20) and
 * bech32 ones (bc1…, ltc1…, tb1…) are case-insensitive, so lower-cased (EIP-55 capitals are only
 * a checksum; bech32 forbids mixed case); every other family (base58: BTC/LTC/DOGE legacy, TRON
 * T…, XRP r…, Solana) is case-sensitive and compared exactly. Whitespace around it is dropped.
 */
export function normalizeAddress(address: string): string {
  const value = address.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase();
  if (/^(bc1|tb1|ltc1|tltc1)[0-9a-zA-Z]+$/i.test(value)) return value.toLowerCase();
  return value;
}

/**
 * Common romanisation variants of the same given name, each group to one canonical spelling
 * (Arabic and Cyrillic names written in Latin letters differ by who wrote them). A small table,
 * documented in the decision; the Jaro-Winkler score catches the smaller differences.
 */
export const NAME_VARIANTS: readonly (readonly string[])[] = [
  ['muhammad', 'mohammed', 'mohammad', 'mohamed', 'mohamad', 'muhammed', 'muhamed', 'mohammod', 'mukhammad', 'mukhamed', 'mahomed'],
  ['ahmad', 'ahmed', 'akhmad', 'akhmed'],
  ['yusuf', 'youssef', 'yousef', 'yusef', 'yousuf', 'yossef', 'yusif'],
  ['usama', 'osama', 'usamah', 'osamah'],
  ['husayn', 'hussein', 'husain', 'hussain', 'husein', 'hossein', 'hosein'],
  ['hasan', 'hassan'],
  ['umar', 'omar', 'omer'],
  ['abd', 'abdul', 'abdel', 'abdal', 'abdoul'],
  ['abu', 'abou'],
  ['ibrahim', 'ebrahim', 'ibragim'],
  ['khalid', 'khaled'],
  ['mustafa', 'mostafa', 'moustafa', 'mustapha'],
  ['sulayman', 'suleiman', 'sulaiman', 'soliman', 'suleyman'],
  ['yahya', 'yahia', 'yehia'],
  ['aleksandr', 'alexander', 'aleksander', 'alexandr', 'oleksandr'],
  ['sergey', 'sergei', 'serhiy', 'sergiy'],
  ['dmitry', 'dmitri', 'dmitriy', 'dmytro'],
  ['andrey', 'andrei', 'andriy'],
  ['nikolay', 'nikolai', 'mykola'],
  ['yevgeny', 'evgeny', 'evgeniy', 'yevgeniy', 'evgenii'],
  ['yury', 'yuri', 'yuriy', 'iurii', 'yurii'],
  ['mikhail', 'michail', 'mykhailo'],
  ['aleksey', 'alexey', 'aleksei', 'alexei', 'oleksiy'],
];

const CANONICAL = new Map<string, string>(NAME_VARIANTS.flatMap((group) => group.map((spelling) => [spelling, group[0]!] as const)));

/** Particles dropped before comparing: Arabic article and filiation words written apart or hyphenated. */
const PARTICLES = new Set(['al', 'el', 'ul']);

/**
 * A name in the form it is compared in: NFKD with the diacritics removed, lower case, every
 * character but letters and digits a separator, particles out, each token to its canonical
 * spelling (NAME_VARIANTS), tokens sorted ('BIN LADIN, Usama' and 'Osama bin Ladin' agree).
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/['’ʼ`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '' && !PARTICLES.has(token))
    .map((token) => CANONICAL.get(token) ?? token)
    .sort()
    .join(' ');
}

/** Jaro-Winkler similarity of two strings, 0..1 (prefix scale 0.1, prefix at most 4). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j += 1) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = true;
      bMatched[j] = true;
      matches += 1;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k += 1;
    if (a[i] !== b[k]) transpositions += 1;
    k += 1;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * A token's best Jaro-Winkler below this counts as 0 (not found): two unrelated short words score
 * about 0.6-0.89 ('karimov'/'samir' 0.70, 'musa'/'mustafa' 0.89: the shared prefix counts), a
 * misspelling of the same one 0.9 or more
 * ('ladin'/'laden' 0.92, 'muhamad'/'muhammad' 0.975).
 */
export const TOKEN_MATCH_FLOOR = 0.9;

/** How well the tokens of `from` are found among those of `to`: the mean of each one's best Jaro-Winkler (TOKEN_MATCH_FLOOR). */
function coverage(from: readonly string[], to: readonly string[]): number {
  let total = 0;
  for (const token of from) {
    let best = 0;
    for (const other of to) best = Math.max(best, jaroWinkler(token, other));
    if (best >= TOKEN_MATCH_FLOOR) total += best;
  }
  return total / from.length;
}

/**
 * The score of two names already normalised (normalizeName), 0..1: token by token, each name's
 * tokens looked for in the other's (the best Jaro-Winkler of each), the two means averaged. So a
 * misspelt token costs only its share ('Ladin'/'Laden' in seven tokens: 0.99), a different token
 * counts as missing ('Ahmad Karimov Yusuf'/'Ahmad Samir Yusuf': 0.67), and a name with fewer tokens
 * than the listed one scores by what is missing ('Talal Naji' against four names: 0.75).
 */
export function nameScore(normalizedA: string, normalizedB: string): number {
  if (normalizedA === normalizedB) return normalizedA === '' ? 0 : 1;
  const a = normalizedA.split(' ').filter(Boolean);
  const b = normalizedB.split(' ').filter(Boolean);
  if (a.length === 0 || b.length === 0) return 0;
  return (coverage(a, b) + coverage(b, a)) / 2;
}

/**
 * Listed names indexed by their tokens, so a name is scored only against the entries sharing a
 * token with it at TOKEN_MATCH_FLOOR or more: any other entry scores 0 (no token found either
 * way), so the result is the same as scoring every entry. Each distinct token of the screened
 * names is compared with each distinct listed token once (kept), not with every entry's tokens.
 */
export class NameIndex<TEntry extends { normalized: string }> {
  private readonly byToken = new Map<string, TEntry[]>();
  private readonly near = new Map<string, readonly string[]>();

  constructor(entries: readonly TEntry[]) {
    for (const entry of entries) {
      for (const token of new Set(entry.normalized.split(' ').filter(Boolean))) {
        const list = this.byToken.get(token);
        if (list) list.push(entry);
        else this.byToken.set(token, [entry]);
      }
    }
  }

  get size(): number {
    return this.byToken.size;
  }

  /** The listed tokens within TOKEN_MATCH_FLOOR of `token`. */
  private nearTokens(token: string): readonly string[] {
    let found = this.near.get(token);
    if (!found) {
      found = [...this.byToken.keys()].filter((listed) => jaroWinkler(token, listed) >= TOKEN_MATCH_FLOOR);
      this.near.set(token, found);
    }
    return found;
  }

  /** The entries scoring at least `threshold` (above 0) against the normalised name, best first. */
  match(normalized: string, threshold: number): { entry: TEntry; score: number }[] {
    const candidates = new Set<TEntry>();
    for (const token of new Set(normalized.split(' ').filter(Boolean))) {
      for (const listed of this.nearTokens(token)) for (const entry of this.byToken.get(listed) ?? []) candidates.add(entry);
    }
    const hits: { entry: TEntry; score: number }[] = [];
    for (const entry of candidates) {
      const score = nameScore(normalized, entry.normalized);
      if (score >= threshold) hits.push({ entry, score });
    }
    return hits.sort((a, b) => b.score - a.score);
  }
}
