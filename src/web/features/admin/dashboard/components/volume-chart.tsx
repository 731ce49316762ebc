import type { TAdminDashboard } from '#shared/contracts/dashboard.js';
import { formatUsd } from '#shared/format.js';
import { toDecimal } from '#shared/money.js';

type TVolumeDay = TAdminDashboard['volumeByDay'][number];

/** Days arrive as 'YYYY-MM-DD' in Africa/Accra (UTC+0 all year), so they are read as UTC dates. */
const weekdayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

function parseDay(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function safeDecimal(value: string) {
  try {
    return toDecimal(value);
  } catch {
    return toDecimal(0);
  }
}

/** The text a screen reader gets instead of the bars: every day with its amount, then the total. */
export function volumeSummary(days: readonly TVolumeDay[]): string {
  const total = days.reduce((sum, day) => sum.plus(safeDecimal(day.volumeUsd)), toDecimal(0));
  const parts = days.map((day) => {
    const date = parseDay(day.day);
    const label = date ? `${weekdayFormat.format(date)} ${dayFormat.format(date)}` : day.day;
    return `${label}: ${formatUsd(day.volumeUsd)}`;
  });
  return `Completed volume over the last ${days.length} days, in US dollars. ${parts.join('; ')}. Total ${formatUsd(total)}.`;
}

/**
 * Seven days of completed volume as plain CSS bars (no chart library), in its own lazily loaded
 * chunk. The drawing is one role="img" whose name reads every value; bar heights convert the
 * amounts to numbers only to place them on screen, never to compute money.
 */
export function VolumeChart({ days }: { days: readonly TVolumeDay[] }) {
  const heights = days.map((day) => {
    const value = Number(day.volumeUsd);
    return Number.isFinite(value) && value > 0 ? value : 0;
  });
  const max = Math.max(0, ...heights);
  const total = days.reduce((sum, day) => sum.plus(safeDecimal(day.volumeUsd)), toDecimal(0));

  return (
    <figure className="card min-w-0">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">Volume, last 7 days</span>
        <span className="text-sm text-slate-600">
          Total <span className="font-semibold text-slate-900 tabular-nums">{formatUsd(total)}</span>
        </span>
      </figcaption>
      <div role="img" aria-label={volumeSummary(days)} className="mt-4">
        <div className="flex h-48 items-end gap-1.5 border-b border-slate-300 sm:gap-3" aria-hidden="true">
          {days.map((day, index) => {
            const percent = max > 0 ? ((heights[index] ?? 0) / max) * 100 : 0;
            return (
              <div
                key={day.day}
                className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
                title={`${day.day}: ${formatUsd(day.volumeUsd)}`}
              >
                <span className="hidden max-w-full truncate text-[0.7rem] text-slate-600 tabular-nums sm:block">
                  {formatUsd(day.volumeUsd)}
                </span>
                <div
                  data-testid="volume-bar"
                  className="w-full max-w-12 rounded-t-md bg-brand-600"
                  // At least a hairline, so a day with no volume still shows where it is.
                  style={{ height: percent > 0 ? `max(${percent.toFixed(2)}%, 4px)` : '2px', opacity: percent > 0 ? 1 : 0.35 }}
                />
              </div>
            );
          })}
        </div>
        <div className="mt-1.5 flex gap-1.5 sm:gap-3" aria-hidden="true">
          {days.map((day) => {
            const date = parseDay(day.day);
            return (
              <div key={day.day} className="min-w-0 flex-1 text-center text-[0.7rem] leading-tight text-slate-600">
                <span className="block font-medium text-slate-800">{date ? weekdayFormat.format(date) : day.day}</span>
                <span className="block truncate">{date ? dayFormat.format(date) : ''}</span>
              </div>
            );
          })}
        </div>
      </div>
    </figure>
  );
}
