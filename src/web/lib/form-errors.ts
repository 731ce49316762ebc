import type { z } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each invalid field of a zod error, keyed by the field name. */
export function getFieldErrors<K extends string = string>(error: z.ZodError): FieldErrors<K> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields as FieldErrors<K>;
}
