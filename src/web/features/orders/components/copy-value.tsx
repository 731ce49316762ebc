import type { ReactNode } from 'react';
import { CopyButton } from '#web/components/copy-button.js';
import { cn } from '#web/lib/cn.js';

/**
 * One thing the customer types into their wallet or MoMo app (an amount, a number, a reference,
 * an address): its label, the value large enough to read on a phone, and a copy button named
 * after it. Meant inside a <dl>.
 */
export function CopyValue({
  label,
  value,
  copyText,
  copyLabel,
  mono = false,
  hint,
}: {
  label: string;
  value: ReactNode;
  /** What goes to the clipboard: the bare value ('165.00', not 'GHS 165.00'). */
  copyText: string;
  /** The button's name: 'Copy amount', 'Copy reference'. */
  copyLabel: string;
  mono?: boolean;
  hint?: ReactNode;
}) {
  return (
    <div className="space-y-1 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className={cn('min-w-0 text-lg font-semibold break-all text-slate-900', mono && 'font-mono')}>{value}</span>
        <CopyButton text={copyText} label={copyLabel} />
      </dd>
      {hint && <dd className="text-sm text-slate-600">{hint}</dd>}
    </div>
  );
}
