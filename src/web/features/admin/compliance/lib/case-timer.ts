import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

function hoursAndMinutes(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/**
 * A case's timer (docs/decisions/017): the FIC report is due 24 hours after the escalation.
 * 'Due in 23 h 59 min' while it runs, 'Overdue by 2 h 5 min' after; a filed case has none.
 */
export function describeDue(dueAt: string, now: number): { text: string; isOverdue: boolean } {
  const left = Date.parse(dueAt) - now;
  return left > 0
    ? { text: `Due in ${hoursAndMinutes(left)}`, isOverdue: false }
    : { text: `Overdue by ${hoursAndMinutes(-left)}`, isOverdue: true };
}

/**
 * The server's time now, ticking every 30 seconds: from the `now` of the server's last answer
 * (the clock the due times are on) plus the time since it arrived, so a wrong clock on this
 * computer does not move the timers.
 */
export function useServerNow(serverNow: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow) setOffset(Date.parse(serverNow) - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return tick + offset;
}
