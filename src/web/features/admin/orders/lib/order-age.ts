import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * How long an order has been waiting, for the "Needs action" list: 'under 1 min', '12 min',
 * '2 h 5 min', '2 h', '1 d 3 h'. Whole minutes, rounded down; a time in the future (a clock a
 * little ahead of the server's) counts as none. '—' for a date that cannot be read.
 */
export function formatAge(since: string, now: number): string {
  const start = Date.parse(since);
  if (Number.isNaN(start)) return '—';
  const minutes = Math.floor(Math.max(0, now - start) / MINUTE_MS);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  if (hours < 24) return restMinutes ? `${hours} h ${restMinutes} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours ? `${days} d ${restHours} h` : `${days} d`;
}

/** The time now, renewed every `intervalMs` while mounted, so the ages on screen keep counting. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
