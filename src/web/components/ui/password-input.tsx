import { useState, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { controlClassName, Field } from './field';
import type { InputProps } from './input';

export type PasswordInputProps = Omit<InputProps, 'type'> & {
  /** current-password on sign-in, new-password where one is chosen. */
  autoComplete: 'current-password' | 'new-password' | 'one-time-code' | 'off';
  /** Shown under the field, after the hint (the strength meter). */
  children?: ReactNode;
};

/**
 * A password field with a Show/Hide button, so a password typed on a phone can be checked
 * before it is sent. The button is named by its text ('Show password'), not by a label, so it
 * never reads as a second password field.
 */
export function PasswordInput({ label, error, hint, id, className, fieldClassName, children, ...rest }: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <Field label={label} id={id} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <>
          <div className="relative">
            <input
              {...rest}
              {...control}
              type={isVisible ? 'text' : 'password'}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              className={cn(controlClassName, 'pr-16', className)}
            />
            <button
              type="button"
              aria-pressed={isVisible}
              aria-controls={control.id}
              onClick={() => setIsVisible((visible) => !visible)}
              className="absolute inset-y-0 right-0 min-w-14 rounded-r-lg px-3 text-sm font-semibold text-brand-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {isVisible ? 'Hide' : 'Show'}
              <span className="sr-only"> password</span>
            </button>
          </div>
          {children}
        </>
      )}
    </Field>
  );
}
