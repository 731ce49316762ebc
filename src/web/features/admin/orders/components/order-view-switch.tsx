import { cn } from '#web/lib/cn.js';

type OrderViewSwitchProps = {
  isNeedsAction: boolean;
  /** Orders waiting for staff (the menu's count); nothing shown until known. */
  needsActionCount: number | undefined;
  onNeedsAction: () => void;
  onAll: () => void;
};

const buttonClassName = 'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold';

/**
 * "Needs action" (submitted orders, oldest payment first) or the full list (docs/decisions/014).
 * A view is a preset of the list's filter, so it lives in the URL like the filters do.
 */
export function OrderViewSwitch({ isNeedsAction, needsActionCount, onNeedsAction, onAll }: OrderViewSwitchProps) {
  return (
    <div role="group" aria-label="Orders view" className="inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-1">
      <button
        type="button"
        aria-pressed={isNeedsAction}
        onClick={onNeedsAction}
        className={cn(buttonClassName, isNeedsAction ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
      >
        Needs action
        {needsActionCount !== undefined && needsActionCount > 0 && (
          <span className="inline-flex min-w-6 justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold text-slate-900">
            {needsActionCount}
            <span className="sr-only"> {needsActionCount === 1 ? 'order' : 'orders'}</span>
          </span>
        )}
      </button>
      <button
        type="button"
        aria-pressed={!isNeedsAction}
        onClick={onAll}
        className={cn(buttonClassName, !isNeedsAction ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
      >
        All orders
      </button>
    </div>
  );
}
