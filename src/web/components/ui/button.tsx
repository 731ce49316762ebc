import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'bg-slate-900 text-white hover:bg-slate-800 disabled:bg-slate-900/60',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'bg-transparent text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg whitespace-nowrap font-semibold no-underline transition-colors hover:no-underline disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

/** A button always has an accessible name: visible text, or an aria-label for icon-only buttons. */
type AccessibleName = { children: ReactNode; 'aria-label'?: string } | { children?: ReactNode; 'aria-label': string };

export type ButtonProps = Omit<ComponentProps<'button'>, 'children' | 'aria-label'> &
  AccessibleName & {
    variant?: ButtonVariant;
    size?: ButtonSize;
    /** Shows a spinner and disables the button; the name stays the same for assistive tech. */
    isLoading?: boolean;
    /** Optional text shown instead of the children while loading, e.g. 'Saving...'. */
    loadingText?: string;
  };

export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  loadingText,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonClassName(variant, size, className)}
      {...rest}
    >
      {isLoading && <Spinner />}
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}
