import { isGhanaMobileNumber } from '#shared/destinations.js';

/*
 * A check of an API answer against a shape generated from its zod contract at build time
 * (scripts/response-shapes.ts), without zod: the order page opened from a link checks the order's
 * answer with it, so zod is not among what the page downloads before it is usable (issue 26 point
 * 15, docs/decisions/055). The shape has only what those contracts use: strings (trimmed, lengths,
 * patterns, the refinements below), numbers, booleans, literals, enums, null, arrays, unions and
 * objects (unknown keys dropped, or refused when strict), with zod's results: the same answers pass
 * and give the same data (src/web/lib/order-checks.test.ts). Anything else fails the generation.
 */

/** The refinements a shape may name, each the function the contract passes to zod's `refine`. */
export const SHAPE_REFINEMENTS = { isGhanaMobileNumber } as const;

export type TStringCheck =
  { trim: true } | { min: number } | { max: number } | { pattern: string; flags: string } | { refine: keyof typeof SHAPE_REFINEMENTS };

export type TShape =
  | { t: 'string'; checks?: TStringCheck[] }
  | { t: 'number' }
  | { t: 'boolean' }
  | { t: 'literal'; values: (string | number | boolean | null)[] }
  | { t: 'enum'; values: (string | number)[] }
  | { t: 'nullable'; of: TShape }
  | { t: 'optional'; of: TShape }
  | { t: 'array'; of: TShape }
  | { t: 'union'; of: TShape[] }
  | { t: 'object'; shape: Record<string, TShape>; strict?: true };

/** What apiRequest and the sockets need of a check: zod's safeParse, or shapeCheck's. */
export type TResponseCheck<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** Marks a value that does not fit (never valid data). */
const NO = Symbol('no');

const patterns = new Map<string, RegExp>();
function patternOf(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let pattern = patterns.get(key);
  if (!pattern) patterns.set(key, (pattern = new RegExp(source, flags)));
  pattern.lastIndex = 0;
  return pattern;
}

function checkString(value: unknown, checks: TStringCheck[] = []): unknown {
  if (typeof value !== 'string') return NO;
  let text = value;
  for (const check of checks) {
    if ('trim' in check) text = text.trim();
    else if ('min' in check) {
      if (text.length < check.min) return NO;
    } else if ('max' in check) {
      if (text.length > check.max) return NO;
    } else if ('pattern' in check) {
      if (!patternOf(check.pattern, check.flags).test(text)) return NO;
    } else if (!SHAPE_REFINEMENTS[check.refine](text)) return NO;
  }
  return text;
}

function check(shape: TShape, value: unknown): unknown {
  switch (shape.t) {
    case 'string':
      return checkString(value, shape.checks);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : NO;
    case 'boolean':
      return typeof value === 'boolean' ? value : NO;
    case 'literal':
    case 'enum':
      return (shape.values as unknown[]).includes(value) ? value : NO;
    case 'nullable':
      return value === null ? null : check(shape.of, value);
    case 'optional':
      return value === undefined ? undefined : check(shape.of, value);
    case 'array': {
      if (!Array.isArray(value)) return NO;
      const out: unknown[] = [];
      for (const item of value) {
        const checked = check(shape.of, item);
        if (checked === NO) return NO;
        out.push(checked);
      }
      return out;
    }
    case 'union':
      for (const option of shape.of) {
        const checked = check(option, value);
        if (checked !== NO) return checked;
      }
      return NO;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return NO;
      const input = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape.shape)) {
        if (field.t === 'optional' && !(key in input)) continue;
        const checked = check(field, input[key]);
        if (checked === NO) return NO;
        out[key] = checked;
      }
      if (shape.strict && Object.keys(input).some((key) => !Object.hasOwn(shape.shape, key))) return NO;
      return out;
    }
    default:
      // A shape this code does not know (a newer generator): fail closed.
      return NO;
  }
}

/** A check of answers against `shape`: the answer's data when it fits (unknown keys dropped), else failure. */
export function shapeCheck<T>(shape: TShape): TResponseCheck<T> {
  return {
    safeParse(value) {
      const checked = check(shape, value);
      return checked === NO ? { success: false } : { success: true, data: checked as T };
    },
  };
}
