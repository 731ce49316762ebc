import { useEffect, useState } from 'react';
import { MSG } from '#shared/messages.js';
import { loadPasswordStrengthChecker, type TPasswordStrengthChecker } from '#shared/password-strength.js';
import { cn } from '#web/lib/cn.js';

const SEGMENT_COLOURS = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-lime-500', 'bg-brand-600'];

/**
 * zxcvbn-ts's estimate of the password (docs/decisions/023-password-policy.md): Weak, Fair, Good,
 * Strong, and "Weak" whatever the estimate for a password the server refuses (too short, or on
 * the common list, which it then says). The estimator loads when the first character is typed.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [check, setCheck] = useState<TPasswordStrengthChecker | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadPasswordStrengthChecker().then(
      (loaded) => live && setCheck(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  if (!password || failed) return null;
  if (!check) {
    return (
      <p className="text-xs text-slate-600" aria-live="polite">
        Password strength: checking…
      </p>
    );
  }
  const { score, label, common } = check(password, userInputs);

  return (
    <div className="space-y-1">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} className={cn('h-1.5 rounded-full', segment <= score ? SEGMENT_COLOURS[score] : 'bg-slate-200')} />
        ))}
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        Password strength: <span className="font-semibold text-slate-800">{label}</span>
        {common && <span className="block text-red-700">{MSG.passwordCommon}</span>}
      </p>
    </div>
  );
}
