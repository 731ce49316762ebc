import { useId, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';

export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: string;
  id?: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Renders the control with the ids that bind it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/** Label, control, hint and error text, always bound together for assistive technology. */
export function Field({ label, id, error, hint, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <div id={hintId} className="text-sm text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const controlClassName =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  // The focus ring is styles.css's :focus-visible (3 px); a 1 px border was all there was (issue 26 point 16).
  'focus:border-brand-600 ' +
  'aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-500';
