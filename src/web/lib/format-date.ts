/** Every date is shown in Ghana time (Africa/Accra, UTC+0 all year). */
const TIME_ZONE = 'Africa/Accra';

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}
