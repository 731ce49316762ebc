import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from a route's schemas, for the API fuzz test. Route schemas
 * are zod 4 (fastify-type-provider-zod); they are turned into JSON Schema with
 * z.toJSONSchema (input side: defaults make a field optional) and generated from that, so a
 * plain JSON-schema route would be fuzzed as well.
 */

export type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema | TJsonSchema[];
  prefixItems?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
};

export function toJsonSchema(schema: unknown): TJsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if ('_zod' in schema) return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
  return schema as TJsonSchema;
}

/** A JSON text inserted as is: numbers JSON.stringify cannot write (1e309, 30 digits), deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** JSON text of a generated value, keeping RawJson pieces verbatim (NaN and Infinity become null). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value for a query string or a path segment: what a client would put there. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return '';
  return toJsonText(value);
}

/** Field names a client might slip into a body to grant itself something. */
export const UNKNOWN_FIELDS: Record<string, readonly unknown[]> = {
  role: ['super_admin', 'manager', 'admin', null],
  status: ['completed', 'cancelled', 'approved'],
  amountFiat: ['0.01', '999999999', -5],
  amountUsd: ['0.00', '1e309'],
  amountCrypto: ['1000000'],
  unitPriceUsd: ['0.00000001'],
  feePercentage: ['0'],
  tradingVolumeUsd: ['0', '-1000000'],
  kycStatus: ['verified', 'pending'],
  isBanned: [false, true],
  banned: [false],
  userId: ['someone-else', 1],
  emailVerified: [true],
  createdAt: ['2000-01-01T00:00:00.000Z'],
  decidedBy: ['me'],
  isAdmin: [true],
  permissions: [['*']],
};

const HUGE = 'x'.repeat(100_000);

export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t  ',
  HUGE,
  'é'.repeat(50_000),
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '../..',
  '../../../../../../etc/passwd',
  '..%2F..%2F..%2Fpackage.json',
  '%00',
  '%2e%2e%2f',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%',
  '\\..\\..\\windows',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '%_\\',
  '"',
  '\\',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '-1',
  '-0',
  '0',
  '0.00',
  '1.005',
  '1.',
  '.5',
  '1,5',
  '1e3',
  '0x10',
  '9'.repeat(40),
  '-99999999999999999999',
  '9007199254740993',
  '2147483648',
  '  42  ',
  '+1',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '😀',
  '👨‍👩‍👧‍👦',
  '\uD800',
  '\uDFFFabc',
  '\u202Egnp.exe',
  '\u200B',
  '\uFEFF',
  'İ',
  'ǅ',
  'ß',
  '\r\n',
  '\u0085\u2028\u2029',
  'Ａｄｍｉｎ',
  '١٢٣',
  '𝟙𝟚𝟛',
  '0000-00-00',
  '2024-02-30',
  '2024-13-01',
  '9999-99-99',
  '0001-01-01',
  '275760-09-13',
  'super_admin',
  'verified',
  'completed',
  'admin@cedicrypto.test',
];

export const NASTY_NUMBERS: readonly unknown[] = [
  0,
  -0,
  -1,
  1,
  1.5,
  -1.5,
  0.1 + 0.2,
  1e-7,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0.0'),
  new RawJson('1E2'),
];

export const NASTY_OTHER: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [[[[]]]],
  { '': '' },
  { a: { b: { c: { d: {} } } } },
  new Array(2000).fill(1),
  ['a', 'b'],
  new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  new RawJson(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`),
];

/** Any hostile value: the lists above, and random ones. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom(...NASTY_OTHER), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
);

/** A value for one of the UNKNOWN_FIELDS: one of its own, or any hostile value. */
export function unknownFieldValue(key: string): fc.Arbitrary<unknown> {
  const values = UNKNOWN_FIELDS[key];
  if (!values) throw new Error(`${key} is not one of UNKNOWN_FIELDS`);
  return fc.oneof(fc.constantFrom(...values), nastyValue);
}

/** Realistic values for fields of a given name (pools of real ids, valid addresses...). */
export type THints = (name: string, schema: TJsonSchema) => fc.Arbitrary<unknown> | undefined;

const SAFE_MIN = -(2 ** 53) + 1;
const SAFE_MAX = 2 ** 53 - 1;

const regexArbitraries = new Map<string, fc.Arbitrary<string> | undefined>();

function regexArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  if (!regexArbitraries.has(pattern)) regexArbitraries.set(pattern, buildRegexArbitrary(pattern));
  return regexArbitraries.get(pattern);
}

function buildRegexArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  for (const flags of ['u', '']) {
    try {
      const regex = new RegExp(pattern, flags);
      return fc.stringMatching(regex);
    } catch {
      // try without the unicode flag, then give up on the pattern
    }
  }
  return undefined;
}

const EMAIL = fc.emailAddress();
const GRAPHEME = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 });

/** Building a string arbitrary is costly (fast-check prepares shrinking slices): one per shape. */
const stringArbitraries = new Map<string, fc.Arbitrary<string>>();

function stringArbitrary(schema: TJsonSchema): fc.Arbitrary<string> {
  const key = JSON.stringify([schema.format, schema.pattern, schema.minLength, schema.maxLength]);
  let arbitrary = stringArbitraries.get(key);
  if (!arbitrary) {
    arbitrary = buildStringArbitrary(schema);
    stringArbitraries.set(key, arbitrary);
  }
  return arbitrary;
}

function buildStringArbitrary(schema: TJsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return EMAIL;
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    const matching = regexArbitrary(schema.pattern);
    if (matching) return matching;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 60));
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }), weight: 3 },
    { arbitrary: fc.string({ minLength, maxLength, unit: GRAPHEME }), weight: 1 },
  );
}

function numberArbitrary(schema: TJsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : schema.minimum;
  const highest = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : schema.maximum;
  if (integer) {
    const min = Math.max(Math.ceil(lowest ?? -1_000_000), SAFE_MIN);
    const max = Math.min(Math.floor(highest ?? 1_000_000), SAFE_MAX);
    // Mostly small values (ids, pages), sometimes anywhere in the range.
    return fc.oneof(
      { arbitrary: fc.integer({ min, max: Math.min(max, min + 50) }), weight: 3 },
      { arbitrary: fc.integer({ min, max }), weight: 1 },
    );
  }
  return fc.double({ min: lowest ?? -1e9, max: highest ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (as far as JSON Schema can say: refinements are not known). */
export function validArbitrary(schema: TJsonSchema, hints: THints, name = '', depth = 0): fc.Arbitrary<unknown> {
  const hinted = name ? hints(name, schema) : undefined;
  const plain = plainArbitrary(schema, hints, depth);
  return hinted ? fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: plain, weight: 1 }) : plain;
}

function plainArbitrary(schema: TJsonSchema, hints: THints, depth: number): fc.Arbitrary<unknown> {
  if (depth > 8 || schema.$ref) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => validArbitrary(b, hints, '', depth + 1)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf) as TJsonSchema, hints, '', depth + 1);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => plainArbitrary({ ...schema, type: t }, hints, depth)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const minLength = schema.minItems ?? 0;
      return fc.array(item ? validArbitrary(item, hints, '', depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, minLength + 4)),
      });
    }
    case 'object':
      return objectArbitrary(schema, hints, depth);
    default:
      if (schema.properties) return objectArbitrary(schema, hints, depth);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: TJsonSchema, hints: THints, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      return fc.dictionary(fc.string({ maxLength: 10 }), validArbitrary(schema.additionalProperties, hints, '', depth + 1), { maxKeys: 4 });
    }
    return fc.constant({});
  }
  const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, validArbitrary(child, hints, key, depth + 1)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
}

/** Every property name anywhere in a schema. */
export function propertyNames(schema: TJsonSchema | undefined, into = new Set<string>(), depth = 0): Set<string> {
  if (!schema || depth > 20) return into;
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    into.add(key);
    propertyNames(child, into, depth + 1);
  }
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...(schema.prefixItems ?? [])]) {
    propertyNames(child, into, depth + 1);
  }
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const child of items) propertyNames(child, into, depth + 1);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    propertyNames(schema.additionalProperties, into, depth + 1);
  return into;
}

/** Paths of object nodes that accept keys they do not declare (not strict), e.g. ['', 'payout']. */
export function openObjects(schema: TJsonSchema | undefined, path = '', depth = 0): string[] {
  if (!schema || depth > 20) return [];
  const found: string[] = [];
  const isObject =
    schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || schema.properties !== undefined;
  if (isObject && schema.additionalProperties !== false) found.push(path || '(root)');
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    found.push(...openObjects(child, path ? `${path}.${key}` : key, depth + 1));
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...openObjects(child, path, depth + 1));
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const child of items) found.push(...openObjects(child, `${path}[]`, depth + 1));
  return [...new Set(found)];
}

/** Object nodes of a value (the value itself first), for injecting or replacing fields. */
export function objectNodes(value: unknown, depth = 0): Record<string, unknown>[] {
  if (value === null || typeof value !== 'object' || value instanceof RawJson || depth > 6) return [];
  const nodes: Record<string, unknown>[] = Array.isArray(value) ? [] : [value as Record<string, unknown>];
  for (const child of Object.values(value)) nodes.push(...objectNodes(child, depth + 1));
  return nodes;
}

/** Whether any object in the value carries one of the given keys. */
export function hasKeyDeep(value: unknown, keys: ReadonlySet<string>, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || value instanceof RawJson || depth > 8) return false;
  for (const [key, child] of Object.entries(value)) {
    if (!Array.isArray(value) && keys.has(key)) return true;
    if (hasKeyDeep(child, keys, depth + 1)) return true;
  }
  return false;
}

export type TMutation =
  /** the valid value as generated */
  | { kind: 'valid' }
  /** unknown fields added to one object of the value */
  | { kind: 'inject'; node: number; fields: [string, unknown][] }
  /** one field of one object replaced by a hostile value */
  | { kind: 'replace'; node: number; key: number; value: unknown }
  /** one field removed */
  | { kind: 'remove'; node: number; key: number }
  /** the whole value replaced */
  | { kind: 'whole'; value: unknown };

export function mutationArbitrary(injectable: readonly string[]): fc.Arbitrary<TMutation> {
  const inject = injectable.length
    ? fc.record({
        kind: fc.constant('inject' as const),
        node: fc.nat(),
        fields: fc.uniqueArray(
          fc.constantFrom(...injectable).chain((key) => fc.tuple(fc.constant(key), unknownFieldValue(key))),
          { minLength: 1, maxLength: 3, selector: ([key]) => key },
        ),
      })
    : fc.constant({ kind: 'valid' as const });
  return fc.oneof(
    { arbitrary: fc.constant({ kind: 'valid' as const }), weight: 7 },
    { arbitrary: inject, weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('replace' as const), node: fc.nat(), key: fc.nat(), value: nastyValue }), weight: 5 },
    { arbitrary: fc.record({ kind: fc.constant('remove' as const), node: fc.nat(), key: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('whole' as const), value: nastyValue }), weight: 2 },
  );
}

/** Applies a mutation to a copy of the value. */
export function applyMutation(value: unknown, mutation: TMutation): unknown {
  if (mutation.kind === 'valid') return value;
  if (mutation.kind === 'whole') return mutation.value;
  const copy = structuredCloneKeepingRaw(value);
  const nodes = objectNodes(copy);
  const node = nodes[mutation.node % nodes.length]; // none when the value holds no object
  if (!node) return mutation.kind === 'inject' ? Object.fromEntries(mutation.fields) : copy;
  if (mutation.kind === 'inject') {
    for (const [key, field] of mutation.fields) node[key] = field;
    return copy;
  }
  const keys = Object.keys(node);
  const key = keys[mutation.key % keys.length]; // none when the object is empty
  if (key === undefined) return mutation.kind === 'replace' ? mutation.value : copy;
  if (mutation.kind === 'replace') node[key] = mutation.value;
  else delete node[key];
  return copy;
}

function structuredCloneKeepingRaw(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(structuredCloneKeepingRaw);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneKeepingRaw(v)]));
}

/** encodeURIComponent that also takes lone surrogates (sent as the replacement character's UTF-8). */
export function encodeComponent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

/** Text for a report: long strings cut, control characters shown. */
export function describeValue(value: unknown, max = 400): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : toJsonText(value);
  } catch {
    text = String(value);
  }
  const shown = text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;
  return JSON.stringify(shown).slice(1, -1);
}
