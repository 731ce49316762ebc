import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import { Spinner } from './spinner';
import { useIsOverflowing } from './use-is-overflowing';

/**
 * A table that scrolls sideways inside its card when it is wider, never the whole page. Its
 * actions column (TableActionCell) stays in view at the right edge while the rest scrolls, with
 * a shadow while there is more to see under it. With `wrap`, cells wrap to fit the card first
 * (a cell that must not wrap says so: whitespace-nowrap); without, each cell keeps one line.
 */
export function Table({
  caption,
  hideCaption = false,
  wrap = false,
  className,
  children,
}: {
  caption: string;
  hideCaption?: boolean;
  wrap?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const isOverflowing = useIsOverflowing(scrollerRef, 'x');
  return (
    // While it scrolls sideways, the keyboard can reach it (and scroll it with the arrow keys).
    <div
      ref={scrollerRef}
      data-overflowing={isOverflowing ? '' : undefined}
      {...(isOverflowing ? { tabIndex: 0, role: 'group', 'aria-label': caption } : {})}
      className={cn('group/table relative w-full overflow-x-auto rounded-xl border border-slate-200 bg-white', className)}
    >
      <table className={cn('w-full border-collapse text-left text-sm', !wrap && 'min-w-max')}>
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
  return <tr className={cn('group/row hover:bg-slate-50', className)} {...rest} />;
}

export function TableHeaderCell({ className, scope = 'col', ...rest }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-4 py-3 font-semibold', className)} {...rest} />;
}

export function TableCell({ className, ...rest }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 text-slate-800', className)} {...rest} />;
}

/** The actions column sticks to the right edge of a table that scrolls, so its buttons are always on screen. */
const STICKY_ACTIONS =
  'sticky right-0 z-[1] group-data-[overflowing]/table:shadow-[-8px_0_10px_-4px_rgb(15_23_42/0.25)] group-data-[overflowing]/table:border-l group-data-[overflowing]/table:border-slate-200';

/** The header of the actions column (see TableActionCell). */
export function TableActionHeaderCell({ className, ...rest }: ComponentProps<'th'>) {
  return <TableHeaderCell className={cn(STICKY_ACTIONS, 'bg-slate-50', className)} {...rest} />;
}

/** A row's actions: they stay in view at the table's right edge while the other columns scroll sideways. */
export function TableActionCell({ className, ...rest }: ComponentProps<'td'>) {
  return <TableCell className={cn(STICKY_ACTIONS, 'bg-white group-hover/row:bg-slate-50', className)} {...rest} />;
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
