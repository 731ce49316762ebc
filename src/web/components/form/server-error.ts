import { ApiError, getErrorMessage } from '#web/lib/api.js';

/*
 * A failed request's messages on a form's fields. Apart from use-zod-form.ts (which re-exports it)
 * so that a form whose rules load later (use-light-form.ts) does not bring zod with it.
 */

export type TServerErrorOptions = {
  /** Server field names that differ from the form's ('payout.number' -> 'number'). */
  fields?: Readonly<Record<string, string>>;
  /** The screen's wording when the server gave no usable message. */
  fallback?: string;
  /**
   * Where a message about no field goes when the product says it is a toast (a failed save of
   * a dialog whose alert would sit out of view); `FormAlert` otherwise.
   */
  toast?: (message: string) => void;
};

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * What showServerError needs of a form: react-hook-form's (useZodForm) and use-light-form.ts's
 * both have it. Methods, so that react-hook-form's narrower field names fit.
 */
export type TFormWithErrors = {
  getValues(): unknown;
  setError(name: string, error: { type: string; message?: string }): void;
  setFocus(name: string): void;
};

/**
 * Shows a failed request once: the server's per-field messages on their fields (the first one
 * focused), and only when none of them belongs to a field of this form, the message above the
 * form (`FormAlert`). Both go as soon as the person edits the field or submits again.
 * Returns the code, for screens that act on it (a quote to renew, a restart).
 */
export function showServerError(
  form: TFormWithErrors,
  error: unknown,
  { fields: rename = {}, fallback, toast }: TServerErrorOptions = {},
): void {
  const values = form.getValues();
  const onFields =
    error instanceof ApiError && error.fields
      ? Object.entries(error.fields)
          .map(([key, message]) => [rename[key] ?? key, message] as const)
          .filter(([name]) => hasPath(values, name))
      : [];
  for (const [name, message] of onFields) form.setError(name, { type: 'server', message });
  const [first] = onFields;
  // After the next paint: the answer arrives while the fields are still disabled for the request.
  if (first) requestAnimationFrame(() => form.setFocus(first[0]));
  if (onFields.length > 0) return;
  const message = getErrorMessage(error, fallback);
  if (toast) toast(message);
  else form.setError('root.server', { type: 'server', message });
}
