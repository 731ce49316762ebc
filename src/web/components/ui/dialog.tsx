import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#web/lib/cn.js';
import { useIsOverflowing } from './use-is-overflowing';
import { CloseIcon } from './close-icon';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZES: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  size?: DialogSize;
  children: ReactNode;
  /** Buttons shown at the bottom (e.g. Cancel / Confirm). */
  footer?: ReactNode;
};

/**
 * Modal dialog on the native `<dialog>` (showModal): it sits in the browser's top layer, the
 * page behind it is inert, and Escape closes it. A second dialog opened from one (a confirmation
 * over a details dialog) stacks on top, and closing it returns to the first. Escape, the backdrop
 * and the Close button ask `onClose`; the page decides.
 */
export function Dialog({ isOpen, ...props }: DialogProps) {
  if (!isOpen) return null;
  // In <body>, so a dialog opened from a table row is not nested in the table's markup.
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({ onClose, title, description, size = 'md', children, footer }: Omit<DialogProps, 'isOpen'>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const isBodyScrolling = useIsOverflowing(bodyRef, 'y');
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // A click on the backdrop lands on the <dialog> itself, outside its panel (the keyboard's way
    // out is Escape, the dialog's own cancel).
    const onBackdropClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener('click', onBackdropClick);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialog.showModal();
    // The first field rather than the Close button the browser would pick.
    dialog.querySelector<HTMLElement>('[data-autofocus], input:not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus();
    return () => {
      dialog.removeEventListener('click', onBackdropClick);
      dialog.close();
      // The dialog under this one keeps the page's scroll locked.
      if (!document.querySelector('dialog[open]')) document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the page closes it (and may refuse while something is saving).
        event.preventDefault();
        onClose();
      }}
      className={cn(
        // Closed, the browser hides it; open, a sheet at the bottom of a phone, centred above.
        'm-0 mt-auto max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50 open:flex',
        'sm:m-auto sm:rounded-2xl',
        SIZES[size],
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          )}
        </div>
        <button
          type="button"
          aria-label="Close dialog"
          onClick={onClose}
          className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      {/* A long body scrolls; the keyboard can then reach it to scroll it (WCAG 2.1.1; axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <div ref={bodyRef} tabIndex={isBodyScrolling ? 0 : undefined} className="overflow-y-auto px-5 py-4">
        {children}
      </div>
      {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-4">{footer}</div>}
    </dialog>
  );
}
