import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Issue 26 point 16: no raw zod message ("Too big: expected string to have <=200 characters")
 * may reach a person (docs/decisions/026). This walks every schema the shared contracts export,
 * feeds each rule inputs that break it, and fails on any message that is zod's own English.
 */
const zodEnglish = z.locales.en().localeError;

type TAnySchema = z.core.$ZodType;

function isSchema(value: unknown): value is TAnySchema {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** Every schema reachable from `root` (objects, wrappers, unions, arrays, records, pipes). */
function walk(root: TAnySchema, seen = new Set<TAnySchema>()): TAnySchema[] {
  if (seen.has(root)) return [];
  seen.add(root);
  const def = root._zod.def as unknown as Record<string, unknown>;
  const children: unknown[] = [];
  if (def.type === 'object') children.push(...Object.values((root as z.ZodObject).shape));
  for (const key of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'left', 'right', 'rest']) children.push(def[key]);
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) children.push(...(def[key] as unknown[]));
  return [root, ...children.filter(isSchema).flatMap((child) => walk(child, seen))];
}

const PROBES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'x'.repeat(100_000),
  'not valid ☃ <>',
  '2024-02-30',
  -1,
  0,
  1.5,
  1e15,
  Number.NaN,
  true,
  [],
  ['x'],
  {},
  { unexpected: 1 },
];

/** The messages a rule gives for inputs that break it, with zod's own English where it would have said it. */
function rawMessages(schema: TAnySchema): string[] {
  const raw: string[] = [];
  for (const probe of PROBES) {
    let result;
    try {
      result = z.safeParse(schema, probe);
    } catch {
      continue; // a transform that assumes its input passed (only reached through an earlier rule)
    }
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const english = zodEnglish({ ...issue, input: probe } as z.core.$ZodRawIssue);
      if (issue.message === english || issue.message === 'Invalid input') raw.push(issue.message);
    }
  }
  return raw;
}

const dir = new URL('../../src/shared/contracts/', import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('shared contract messages', () => {
  it.each(files)('%s: every rule a person can break answers in the product words', async (file) => {
    const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    const found: string[] = [];
    for (const [name, value] of Object.entries(module)) {
      if (!isSchema(value)) continue;
      for (const schema of walk(value)) for (const message of rawMessages(schema)) found.push(`${name}: ${message}`);
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
