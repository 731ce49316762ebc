import { z } from 'zod';
import '#shared/zod-messages.js';

/** The one error shape every route answers with (ARCHITECTURE.md, "One error shape"). */
export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level messages for form validation errors, keyed by field name. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZOk = z.object({ ok: z.literal(true) });

/** The largest PostgreSQL `integer` (int4): serial ids and integer columns end here. */
export const DB_INT_MAX = 2_147_483_647;

/**
 * The id of a row with a `serial` key, in a JSON body: 1..2147483647. A larger number is no id
 * of ours, and sent to PostgreSQL it fails as out of range (a 500): refused here with a 400.
 * Every numeric id, page and count a route takes uses one of these helpers (tests/api/db-id-range.test.ts).
 */
export const ZDbId = z.number().int().min(1).max(DB_INT_MAX);
/** The same id from a path or a query string (text, coerced). */
export const ZDbIdText = z.coerce.number().int().min(1).max(DB_INT_MAX);
/** `/:id` of a row with a `serial` key. */
export const ZDbIdParams = z.object({ id: ZDbIdText }).strict();
/**
 * The id of a row with a `bigserial` key (chat messages, read as JS numbers), from a query
 * string: 0 (none yet) up to the largest exact JS integer.
 */
export const ZDbBigIdText = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A page number of a list (1-based, at most `max`, default 1). */
export const zPage = (max: number) => z.coerce.number().int().min(1).max(Math.min(max, DB_INT_MAX)).default(1);

/** A decimal amount carried as a string across the wire (never a JS float). */
export const ZDecimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A day that exists on the calendar, as YYYY-MM-DD, between the years 1900 and 2999 (2024-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const date = new Date(`${value}T00:00:00.000Z`);
  return year >= 1900 && year <= 2999 && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A date filter (YYYY-MM-DD): a real day, so the server never builds an invalid timestamp from it. */
const DAY_MESSAGE = 'Enter a valid date (YYYY-MM-DD).';
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  .refine(isCalendarDay, DAY_MESSAGE);
