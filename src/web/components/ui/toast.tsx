import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { CloseIcon } from './close-icon';

/** docs/product.md §9: toasts last 5 seconds. */
export const TOAST_DURATION_MS = 5_000;

/**
 * Toasts sit at the top of the screen, under the sticky header, centred (issue 16): the bottom
 * holds the page's own controls (a form's Save, the customer's chat button and panel), and a toast
 * there would cover the very button a person presses next, all the more since a toast waits while
 * the pointer is over it.
 */
const TOAST_TOP = '4.5rem';

type ToastVariant = 'success' | 'error';
type ToastItem = { id: number; variant: ToastVariant; message: string };
type ToastApi = { success: (message: string) => void; error: (message: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const push = useCallback((variant: ToastVariant, message: string) => {
    const id = nextId.current++;
    // The same message again (a second tap on a submit button) replaces the one shown: toasts never pile up.
    setToasts((current) => [
      ...current.filter((toast) => toast.variant !== variant || toast.message !== message).slice(-3),
      { id, variant, message },
    ]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ success: (message) => push('success', message), error: (message) => push('error', message) }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Each toast is its own live region: a success is a polite status, a failure an alert, announced at once. */}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-center gap-2 px-4"
        style={{ top: TOAST_TOP }}
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

/**
 * One toast: gone after TOAST_DURATION_MS, but the time stops while the pointer is over it or
 * focus is in it (its Dismiss button), so it can be read or dismissed at one's own pace.
 */
function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [isHeld, setIsHeld] = useState({ hover: false, focus: false });
  const remainingMs = useRef(TOAST_DURATION_MS);
  const isPaused = isHeld.hover || isHeld.focus;

  useEffect(() => {
    if (isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current = Math.max(0, remainingMs.current - (Date.now() - startedAt));
    };
  }, [toast.id, onDismiss, isPaused]);

  return (
    // The pointer and focus handlers only hold the timer; the toast itself is not a control.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- its role (alert/status) is set below
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      data-paused={isPaused ? '' : undefined}
      onMouseEnter={() => setIsHeld((held) => ({ ...held, hover: true }))}
      onMouseLeave={() => setIsHeld((held) => ({ ...held, hover: false }))}
      onFocus={() => setIsHeld((held) => ({ ...held, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsHeld((held) => ({ ...held, focus: false }));
      }}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm animate-toast-in items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg',
        toast.variant === 'success' ? 'border-brand-200 bg-white text-brand-900' : 'border-red-200 bg-white text-red-800',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', toast.variant === 'success' ? 'bg-brand-600' : 'bg-red-600')}
      />
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
        className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
