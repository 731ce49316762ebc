import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite only what the repository holds: the product is described in docs/product.md and
 * its decisions D1-D17 in docs/decisions/013-product-decisions.md. A citation of a document
 * outside the repository (a product spec, a decisions file, a sibling folder) means nothing to
 * someone reading this code alone.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** Tracked source files: what the code and its tests say (docs/ is the place citations point to). */
function sourceFiles(): string[] {
  // Tracked and new files alike, as they are on disk (a file deleted but not yet committed is gone).
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'tests', 'scripts', 'bench', '*.ts', '*.mjs', '*.js'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return [...new Set(listed.split('\n'))].filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && existsSync(path.join(root, file)));
}

const OUTSIDE = [
  { pattern: /\.\.\/shared\//, why: 'a folder outside the repository' },
  { pattern: /product-spec/, why: 'a product spec outside the repository (docs/product.md)' },
  { pattern: /\bspec sections? \d/i, why: 'a spec section (docs/product.md §N)' },
  { pattern: /\bthe spec\b/i, why: 'the spec (docs/product.md)' },
  { pattern: /(?<!docs\/)\bdecisions\.md\b/, why: 'a decisions file outside the repository (docs/decisions/013)' },
];
// A product decision number (D1-D17) must say where it is defined; "FF D8 FF" (JPEG bytes) is not one.
const DECISION_NUMBER = /(?<![0-9A-F]{2} )\bD(1[0-7]|[1-9])\b/;

describe('comments cite what the repository holds', () => {
  it('no source file cites a document outside the repository, and every D-number names decisions/013', () => {
    const self = path.relative(root, import.meta.filename);
    const problems: string[] = [];
    for (const file of sourceFiles()) {
      if (file === self) continue;
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const { pattern, why } of OUTSIDE) if (pattern.test(line)) problems.push(`${file}:${index + 1}: ${why}: ${line.trim()}`);
        if (DECISION_NUMBER.test(line) && !line.includes('013'))
          problems.push(`${file}:${index + 1}: D-number without decisions/013: ${line.trim()}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('the decisions it points to exist', () => {
    const record = readFileSync(path.join(root, 'docs/decisions/013-product-decisions.md'), 'utf8');
    for (let n = 1; n <= 17; n += 1) expect(record).toContain(`**D${n}:`);
    const product = readFileSync(path.join(root, 'docs/product.md'), 'utf8');
    for (let n = 1; n <= 9; n += 1) expect(product).toContain(`## §${n} `);
  });
});
