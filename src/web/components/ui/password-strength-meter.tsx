import { scorePassword } from '#shared/contracts/account.js';
import { cn } from '#web/lib/cn.js';

const SEGMENT_COLOURS = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-lime-500', 'bg-brand-600'];

/** Strength of docs/product.md §5 (length, mixed case, digit, symbol): Weak, Fair, Good, Strong. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = scorePassword(password);

  return (
    <div className="space-y-1">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} className={cn('h-1.5 rounded-full', segment <= score ? SEGMENT_COLOURS[score] : 'bg-slate-200')} />
        ))}
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        Password strength: <span className="font-semibold text-slate-800">{label}</span>
      </p>
    </div>
  );
}
