import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { controlClassName, Field } from './field';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'aria-invalid' | 'aria-describedby'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function Textarea({ label, error, hint, id, className, fieldClassName, rows = 4, ...rest }: TextareaProps) {
  return (
    <Field label={label} id={id} error={error} hint={hint} className={fieldClassName}>
      {(control) => <textarea rows={rows} {...rest} {...control} className={cn(controlClassName, className)} />}
    </Field>
  );
}
