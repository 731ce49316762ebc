import { useId } from 'react';
import { cn } from '#web/lib/cn.js';

type SwitchProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Always present; hidden visually with hideLabel when a table column already says it. */
  label: string;
  hideLabel?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/** An on/off switch: role="switch" with aria-checked, named by its (clickable) label. */
export function Switch({ checked, onCheckedChange, label, hideLabel = false, disabled = false, id, className }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;

  return (
    <div className={cn('inline-flex items-center gap-3', className)}>
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
      <label htmlFor={switchId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
    </div>
  );
}
