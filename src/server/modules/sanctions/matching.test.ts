import { describe, expect, it } from 'vitest';
import { jaroWinkler, NameIndex, nameScore, normalizeAddress, normalizeName } from './matching.js';

describe('sanctions matching', () => {
  it('compares EVM and bech32 addresses without case, base58 ones exactly', () => {
    expect(normalizeAddress(' 0x19AA5FE80D33A56D56C78E82EA5E50E5D80B4DFF ')).toBe('0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff');
    expect(normalizeAddress('BC1QX9UPGA7F09TSETQF78WA3QRMCJAR58MKWZ6NG6')).toBe('bc1qx9upga7f09tsetqf78wa3qrmcjar58mkwz6ng6');
    expect(normalizeAddress('TX5GV4DyfxNB3rPkzZJhmqZ1efVmL4rEqG')).toBe('TX5GV4DyfxNB3rPkzZJhmqZ1efVmL4rEqG');
    expect(normalizeAddress('tx5gv4dyfxnb3rpkzzjhmqz1efvml4reqg')).not.toBe(normalizeAddress('TX5GV4DyfxNB3rPkzZJhmqZ1efVmL4rEqG'));
  });

  it('normalises names: accents, case, punctuation, particles, order and romanisation variants', () => {
    expect(normalizeName('BIN LADIN, Usama bin Muhammad bin Awad')).toBe(normalizeName('Osama bin Mohammed bin Awad Bin Ladin'));
    expect(normalizeName('Youssef Al-Hassan')).toBe('hasan yusuf');
    expect(normalizeName('Aleksandr Vinnik')).toBe(normalizeName('VINNIK, Alexander'));
    expect(normalizeName('José Müller')).toBe('jose muller');
  });

  it('scores with Jaro-Winkler: 1 for the same, high for a near spelling, low for another name', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(nameScore(normalizeName('Talal Naji'), normalizeName('Talal Naji'))).toBe(1);
    expect(nameScore(normalizeName('Kwame Mensah'), normalizeName('NAJI, Talal Muhammad Rashid'))).toBeLessThan(0.7);
    // A misspelt token costs its share; a different token costs much, though the others agree.
    expect(
      nameScore(normalizeName('Osama bin Mohammed bin Awad Bin Laden'), normalizeName('BIN LADIN, Usama bin Muhammad bin Awad')),
    ).toBeGreaterThan(0.98);
    expect(nameScore(normalizeName('Ahmed Yusuf Karimov'), normalizeName('AL-YUSUF, Samir al-Ahmad'))).toBeLessThan(0.9);
    expect(nameScore(normalizeName('Talal Naji'), normalizeName('NAJI, Talal Muhammad Rashid'))).toBeLessThan(0.9);
  });

  it('finds through its token index exactly what scoring every entry finds', () => {
    const listed = [
      'BIN LADIN, Usama bin Muhammad bin Awad',
      "'ALI, Muhammad",
      'MUSTAFA, Ibrahim',
      'NAJI, Talal Muhammad Rashid',
      'AL-YUSUF, Samir al-Ahmad',
    ];
    const entries = listed.map((value) => ({ value, normalized: normalizeName(value) }));
    const index = new NameIndex(entries);
    for (const name of ['Osama bin Mohammed bin Awad Bin Laden', 'Mohamed Ali', 'Ibrahim Musa', 'Ahmed Yusuf Karimov', 'Kwame Mensah']) {
      const normalized = normalizeName(name);
      for (const threshold of [0.5, 0.9]) {
        const everyEntry = entries.filter((entry) => nameScore(normalized, entry.normalized) >= threshold).map((entry) => entry.value);
        expect(
          index
            .match(normalized, threshold)
            .map((hit) => hit.entry.value)
            .sort(),
        ).toEqual(everyEntry.sort());
      }
    }
    expect(index.match(normalizeName('Mohamed Ali'), 0.9)).toEqual([{ entry: entries[1], score: 1 }]);
  });
});
