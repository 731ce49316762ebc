/**
 * Phone numbers in a production server's log (issue 26, docs/decisions/019): all but the last
 * 3 digits masked, so whoever reads the log (hosting panels, log shippers, shell access) cannot
 * collect customers' numbers, while the end still tells a support person which SMS it was.
 */

const MASK = '•';
/** URL escapes whose digits are not the number's: %2B (+) and %20 (space). */
const ESCAPE = /(%2B|%20)/i;

/**
 * '+233241234567' -> '+•••••••••567': every digit but the last 3 masked, everything else kept
 * (a URL-encoded '%2B' or '%20' too).
 */
export function maskPhone(phone: string): string {
  const parts = phone.split(ESCAPE);
  const isEscape = (part: string) => ESCAPE.test(part) && part.length === 3;
  const digits = parts
    .filter((part) => !isEscape(part))
    .join('')
    .replace(/\D/g, '').length;
  let seen = 0;
  return parts
    .map((part) =>
      isEscape(part)
        ? part
        : part.replace(/\d/g, (digit) => {
            seen += 1;
            return seen > digits - 3 ? digit : MASK;
          }),
    )
    .join('');
}

/**
 * A request URL as the production log writes it: in its query string every run of at least 7
 * digits (a phone number or part of one, with +, %2B, or spaces sent as + or %20 between the
 * digits, as a staff search sends it) masked but its last 3 digits. The path is left alone.
 */
export function maskPhonesInUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start)
    .replace(/(?:%2B|\+)?\d(?:\d|\+|%20)*\d/gi, (run) =>
      run.replace(/%2B|%20/gi, '').replace(/\D/g, '').length >= 7 ? maskPhone(run) : run,
    );
  return url.slice(0, start) + query;
}
