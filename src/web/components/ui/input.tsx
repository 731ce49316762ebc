import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { controlClassName, Field } from './field';

export type InputProps = Omit<ComponentProps<'input'>, 'aria-invalid' | 'aria-describedby'> & {
  /** Visible label, always bound to the input. */
  label: string;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function Input({ label, error, hint, id, className, fieldClassName, ...rest }: InputProps) {
  return (
    <Field label={label} id={id} error={error} hint={hint} className={fieldClassName}>
      {(control) => <input {...rest} {...control} className={cn(controlClassName, className)} />}
    </Field>
  );
}
