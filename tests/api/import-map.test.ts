import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Imports go through package.json's `imports` map (#shared/*, #server/*, #web/*, #test/*), which
 * Node, Vite, Vitest and tsx read. TypeScript and Playwright's loader read tsconfig.base.json's `paths`
 * instead, so the two must say the same.
 */
describe('the import map', () => {
  it('is the same in package.json imports and tsconfig.base.json paths', () => {
    const imports = JSON.parse(readFileSync('package.json', 'utf8')).imports as Record<string, string>;
    const paths = JSON.parse(readFileSync('tsconfig.base.json', 'utf8')).compilerOptions.paths as Record<string, string[]>;
    expect(Object.keys(imports).length).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.entries(paths).map(([key, [target]]) => [key, target]))).toEqual(imports);
  });
});
