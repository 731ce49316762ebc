import { useEffect, useState } from 'react';

function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * 'Quote expires in 1:58', ticking every second. Not a live region: a screen reader would read
 * every tick. The quote itself renews when it expires (useQuote).
 */
export function QuoteCountdown({ expiresAt }: { expiresAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const remaining = expiresAt - now;
  return (
    <p className="text-sm text-slate-600" data-testid="quote-countdown">
      {remaining > 0 ? (
        <>
          Quote expires in <span className="font-semibold tabular-nums text-slate-800">{formatRemaining(remaining)}</span>
        </>
      ) : (
        'Renewing quote…'
      )}
    </p>
  );
}
