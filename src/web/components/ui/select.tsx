import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { controlClassName, Field } from './field';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<ComponentProps<'select'>, 'aria-invalid' | 'aria-describedby' | 'children'> & {
  /** Visible label, always bound to the select. */
  label: string;
  options: readonly SelectOption[];
  /** A first, unselectable choice shown while nothing is chosen ('Select a payment method'). */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

/** A native select with its label, hint and error: the one drop-down of the app. */
export function Select({ label, options, placeholder, error, hint, id, className, fieldClassName, ...rest }: SelectProps) {
  return (
    <Field label={label} id={id} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <select {...rest} {...control} className={cn(controlClassName, className)}>
          {/* Selectable, so it is what a new form shows and holds ('' = nothing chosen) in every browser. */}
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Options from a list of values and their labels (a status filter, a provider list). */
export function toOptions<T extends string>(values: readonly T[], labels?: Readonly<Record<T, string>>): SelectOption[] {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }));
}
