import { useEffect, useRef, useState } from 'react';

/** '4:05', '29:59', '1:00:00' (hours only when there are some); never negative. */
export function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/**
 * Milliseconds left until `deadline` (epoch ms), re-read every second. `clockOffsetMs` is what
 * to add to this device's clock to get the server's (a phone's clock may be minutes off; the
 * deadline is the server's).
 */
export function useRemaining(deadline: number, clockOffsetMs = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return deadline - (now + clockOffsetMs);
}

type TCountdownProps = {
  /** ISO time of the deadline (the server's). */
  deadlineAt: string;
  clockOffsetMs?: number;
  /** 'Time left to pay'. */
  label: string;
  /** What is said once the time has run out. */
  expiredText: string;
  /** Called once when the time runs out (also when it had already run out at the start). */
  onExpire?: () => void;
};

/**
 * A live countdown to a deadline: 'Time left to pay 29:41', ticking every second, then the
 * expired text. Only the end is announced (role="timer" is not read at every tick).
 */
export function Countdown({ deadlineAt, clockOffsetMs = 0, label, expiredText, onExpire }: TCountdownProps) {
  const deadline = Date.parse(deadlineAt);
  const remaining = useRemaining(Number.isFinite(deadline) ? deadline : 0, clockOffsetMs);
  const isOver = remaining <= 0;
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });
  useEffect(() => {
    if (isOver) onExpireRef.current?.();
  }, [isOver, deadlineAt]);

  return (
    <div className="text-sm">
      {!isOver && (
        <p className="text-slate-700">
          {label}{' '}
          <span role="timer" aria-label={label} className="text-lg font-bold text-slate-900 tabular-nums">
            {formatRemaining(remaining)}
          </span>
        </p>
      )}
      {/* Present from the start, so the end is announced when it comes. */}
      <p aria-live="polite" className="font-semibold text-red-800">
        {isOver ? expiredText : ''}
      </p>
    </div>
  );
}
