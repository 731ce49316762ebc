import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';

type AlertVariant = 'error' | 'success' | 'info' | 'warning';

const STYLES: Record<AlertVariant, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

/** Inline message. Errors use role="alert" (announced at once); the rest role="status". */
export function Alert({ variant = 'info', className, children }: { variant?: AlertVariant; className?: string; children: ReactNode }) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border px-4 py-3 text-sm', STYLES[variant], className)}>
      {children}
    </div>
  );
}
