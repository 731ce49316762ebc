import { useRef, useState } from 'react';
import type { FieldErrors } from '#web/lib/form-errors.js';

/**
 * The field state both order forms share: values, per-field errors (cleared as the person
 * edits), focus on the first invalid field, and the server's field names mapped onto the form's.
 */
export function useOrderForm<TValues extends Record<string, unknown>, TField extends string>(
  empty: TValues,
  serverFields: Partial<Record<string, TField>>,
) {
  const [values, setValues] = useState<TValues>(empty);
  const [errors, setErrors] = useState<FieldErrors<TField>>({});
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirstInvalid() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function showErrors(next: FieldErrors<TField>) {
    setErrors(next);
    focusFirstInvalid();
  }

  function showServerFieldErrors(fields: Record<string, string>) {
    const next: FieldErrors<TField> = {};
    for (const [key, message] of Object.entries(fields)) {
      const field = serverFields[key];
      if (field) next[field] = message;
    }
    showErrors(next);
  }

  const setValue = <K extends keyof TValues>(field: K, value: TValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return { values, errors, setErrors, setValue, formRef, focusFirstInvalid, showServerFieldErrors };
}
