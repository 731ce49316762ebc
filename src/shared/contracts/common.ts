import { z } from 'zod';

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
