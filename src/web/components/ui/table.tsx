import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { Spinner } from './spinner';

/** A table that scrolls sideways inside its card on narrow screens, never the whole page. */
export function Table({
  caption,
  hideCaption = false,
  className,
  children,
}: {
  caption: string;
  hideCaption?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('relative w-full overflow-x-auto rounded-xl border border-slate-200 bg-white', className)}>
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className={hideCaption ? 'sr-only' : 'px-4 py-3 text-left text-sm font-semibold text-slate-800'}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">{children}</thead>;
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export function TableRow({ className, ...rest }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-slate-50/60', className)} {...rest} />;
}

export function TableHeaderCell({ className, scope = 'col', ...rest }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-4 py-3 font-semibold', className)} {...rest} />;
}

export function TableCell({ className, ...rest }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 text-slate-800', className)} {...rest} />;
}

/** A single full-width row for empty or loading states. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-8 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}

/** The loading state of a table: a spinner and what is being loaded, announced politely. */
export function TableLoadingRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableMessageRow colSpan={colSpan}>
      <span role="status" className="inline-flex items-center gap-2">
        <Spinner /> {children}
      </span>
    </TableMessageRow>
  );
}
