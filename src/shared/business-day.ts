/**
 * The business's days (issue 28 point 6): a settlement day, "today" and "this month" on the
 * dashboard are whole days in Africa/Accra. Ghana keeps UTC+0 all year, but the bounds are computed
 * from the zone's offset at that instant (Intl), so no caller assumes it. Dependency-free: the
 * server and the back-office pages both read it.
 */
export const BUSINESS_TIME_ZONE = 'Africa/Accra';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a UTC date's calendar fields. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The zone's offset from UTC at `instant`, in milliseconds (0 for Accra). */
export function zoneOffsetMs(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wallClock = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return wallClock - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The business day (YYYY-MM-DD in Africa/Accra) an instant falls on. */
export function businessDayOf(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  return isoDay(new Date(instant.getTime() + zoneOffsetMs(instant, timeZone)));
}

/** The instant a wall-clock midnight (UTC fields of `midnight`) happens in the zone. */
function zoneMidnight(midnight: number, timeZone: string): Date {
  // The offset before midnight, then corrected once if midnight falls on the other side of a change.
  const guess = midnight - zoneOffsetMs(new Date(midnight), timeZone);
  return new Date(midnight - zoneOffsetMs(new Date(guess), timeZone));
}

/**
 * A business day's bounds: from its midnight (included) to the next day's midnight (excluded), as
 * instants. `day` is YYYY-MM-DD (checked by the caller's schema, ZDay).
 */
export function businessDayBounds(day: string, timeZone: string = BUSINESS_TIME_ZONE): { start: Date; end: Date } {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  return { start: zoneMidnight(midnight, timeZone), end: zoneMidnight(midnight + DAY_MS, timeZone) };
}

/** The day before `day` (YYYY-MM-DD). */
export function previousDay(day: string): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS));
}

/** The start of the business month `instant` falls in, and of the business day, as instants. */
export function businessPeriodStarts(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): { dayStart: Date; monthStart: Date } {
  const day = businessDayOf(instant, timeZone);
  return { dayStart: businessDayBounds(day, timeZone).start, monthStart: businessDayBounds(`${day.slice(0, 8)}01`, timeZone).start };
}
