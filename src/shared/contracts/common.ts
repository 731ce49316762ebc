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
