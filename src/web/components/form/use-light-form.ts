import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { MSG } from '#shared/messages.js';
import type { TFormWithErrors } from './server-error';

/**
 * The outcome of a form's check: its output (trimmed, parsed), or a message per field.
 * `errors` keys are the form's field names.
 */
export type TLightCheckResult<TOutput> = { ok: true; data: TOutput } | { ok: false; errors: Record<string, string> };
export type TLightCheck<TValues, TOutput> = (values: TValues) => Promise<TLightCheckResult<TOutput>>;

/**
 * A form's state without react-hook-form, for the one form on the way to a usable order page
 * ("I have paid", features/orders/components/payment-form.tsx): react-hook-form was 13 of the
 * 129 KB a phone opening an order from a link downloaded before the button worked
 * (docs/decisions/064). It does what that form used of react-hook-form, the way useZodForm's
 * settings have it (use-zod-form.ts): checked on submit, with rules that may still be
 * downloading (`loadCheck`, waited for on the first submit: nothing goes out unchecked, and a
 * failed download refuses the submit until the next one asks again); after a submit, a field
 * edited is checked again as the person types; the first field in error focused; the server's
 * messages on their fields (`showServerError` with this form) or above the form (`rootError`),
 * gone when the person edits the field or submits again.
 */
export function useLightForm<TValues extends Record<string, unknown>, TOutput>(
  loadCheck: () => Promise<TLightCheck<TValues, TOutput>>,
  defaultValues: TValues,
) {
  const [values, setValues] = useState<TValues>(defaultValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rootError, setRootError] = useState<string | undefined>();
  const valuesRef = useRef(values);
  const elements = useRef(new Map<string, HTMLElement>());
  const submitted = useRef(false);
  // The latest check of each field wins over a slower earlier one (the screenshot's is async).
  const checkRound = useRef(new Map<string, number>());

  const focusFirst = (names: string[]) => {
    // In the order the fields render (their refs were registered in that order).
    const first = [...elements.current.keys()].find((name) => names.includes(name));
    if (first) elements.current.get(first)?.focus();
  };

  /** Checks one field against the whole form's rules, and shows or clears its message. */
  const checkField = useCallback(
    async (name: string) => {
      const round = (checkRound.current.get(name) ?? 0) + 1;
      checkRound.current.set(name, round);
      let message: string | undefined;
      try {
        const result = await (await loadCheck())(valuesRef.current);
        message = result.ok ? undefined : result.errors[name];
      } catch {
        return; // the rules did not download: the submit will say so
      }
      if (checkRound.current.get(name) !== round) return;
      setErrors((current) => {
        if (current[name] === message) return current;
        const next = { ...current };
        if (message === undefined) delete next[name];
        else next[name] = message;
        return next;
      });
    },
    [loadCheck],
  );

  const setValue = useCallback(
    (name: keyof TValues & string, value: unknown, { check = submitted.current }: { check?: boolean } = {}) => {
      valuesRef.current = { ...valuesRef.current, [name]: value };
      setValues(valuesRef.current);
      setRootError(undefined);
      // After a submit the rules decide the field's message again (a server's goes if they pass);
      // before one, a message from elsewhere goes once the field is edited.
      if (check) void checkField(name);
      else
        setErrors((current) => {
          if (!(name in current)) return current;
          const next = { ...current };
          delete next[name];
          return next;
        });
    },
    [checkField],
  );

  /** A text input's props: its value, its change handler and its element (for focus). */
  const field = (name: keyof TValues & string) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    ref: (element: HTMLElement | null) => register(name, element),
    error: errors[name],
  });

  const register = (name: string, element: HTMLElement | null) => {
    if (element) elements.current.set(name, element);
    else elements.current.delete(name);
  };

  const handleSubmit = (onValid: (data: TOutput) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setRootError(undefined);
    void (async () => {
      let result: TLightCheckResult<TOutput>;
      try {
        result = await (await loadCheck())(valuesRef.current);
      } catch {
        setRootError(MSG.formCheckUnavailable);
        return;
      }
      if (result.ok) {
        setErrors({});
        onValid(result.data);
        return;
      }
      setErrors(result.errors);
      // After the messages have rendered, as react-hook-form's shouldFocusError does.
      requestAnimationFrame(() => focusFirst(Object.keys(result.errors)));
    })();
  };

  // For showServerError (server-error.ts).
  const form: TFormWithErrors = {
    getValues: () => valuesRef.current,
    setError: (name, error) => {
      if (name === 'root.server' || name === 'root') setRootError(error.message);
      else if (error.message !== undefined) setErrors((current) => ({ ...current, [name]: error.message as string }));
    },
    setFocus: (name) => elements.current.get(name)?.focus(),
  };

  return { values, errors, rootError, field, register, setValue, checkField, handleSubmit, form };
}
