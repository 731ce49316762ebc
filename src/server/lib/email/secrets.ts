/**
 * Secrets in logged emails (decisions/013 D15, docs/decisions/011): the templates wrap the token of
 * a password-reset or invitation link in two markers when they render it, and the email log
 * stores the body with them. The sender removes the markers (the person gets the real link);
 * every staff view replaces what they wrap with SECRET_MASK, unless a super admin reveals it.
 *
 * The markers are HTML comments. Every value a template interpolates is HTML-escaped (no '<'
 * survives), so a marker in a stored body can only come from a template, never from a name or
 * a note someone typed; no pattern has to be guessed in arbitrary HTML.
 */
const OPEN = '<!--secret-->';
const CLOSE = '<!--/secret-->';

/** What a staff member sees in place of a token. */
export const SECRET_MASK = '••••••••';

/** Marks `html` (already escaped) as a secret of the email body. */
export function markSecret(html: string): string {
  return `${OPEN}${html}${CLOSE}`;
}

/**
 * The links of emails logged before the templates marked their tokens: the two links that carry
 * one, in the shape our templates write them. Used only for bodies without any marker.
 */
const UNMARKED_TOKEN_LINK = /(#\/(?:reset-password|admin\/set-password)\?token=)[^"&<\s]+/g;

/** The body a staff member may see: each secret masked, with how many were. */
export function maskEmailBody(body: string): { body: string; maskedSecrets: number } {
  if (!body.includes(OPEN)) {
    let maskedSecrets = 0;
    const masked = body.replace(UNMARKED_TOKEN_LINK, (_link, start: string) => {
      maskedSecrets += 1;
      return `${start}${SECRET_MASK}`;
    });
    return { body: masked, maskedSecrets };
  }
  let masked = '';
  let maskedSecrets = 0;
  let rest = body;
  for (let start = rest.indexOf(OPEN); start >= 0; start = rest.indexOf(OPEN)) {
    const end = rest.indexOf(CLOSE, start + OPEN.length);
    masked += rest.slice(0, start) + SECRET_MASK;
    maskedSecrets += 1;
    // An unclosed marker (never written by a template) hides everything after it.
    rest = end < 0 ? '' : rest.slice(end + CLOSE.length);
  }
  return { body: masked + rest, maskedSecrets };
}

/** The body as sent to its recipient (and as a super admin's reveal shows it): markers removed. */
export function deliverableBody(body: string): string {
  return body.replaceAll(OPEN, '').replaceAll(CLOSE, '');
}
