import { decryptSecret, encryptSecret } from '#server/lib/secrets.js';

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

/**
 * Secrets at rest (issue 26, docs/decisions/021): a queued email or SMS is stored with each marked
 * secret already replaced by SECRET_MASK (markers kept), and the secrets themselves only sealed
 * (AES-256-GCM, a key derived from the server secret) in a column of their own, which the sender
 * erases once the message is delivered or failed for good. Neither the body nor the sealed column
 * ever holds a token or code in clear.
 */
export type TSealedBody = { body: string; secretsSealed: string | null };

const sealKey = (serverSecret: string) => `outbox-secrets:${serverSecret}`;

/** The marked secrets of `body`, in order, and the body with each one masked. */
function splitSecrets(body: string): { masked: string; secrets: string[] } {
  const secrets: string[] = [];
  let masked = '';
  let rest = body;
  for (let start = rest.indexOf(OPEN); start >= 0; start = rest.indexOf(OPEN)) {
    const end = rest.indexOf(CLOSE, start + OPEN.length);
    if (end < 0) {
      // Never written by a template: everything after an unclosed marker is hidden.
      secrets.push(rest.slice(start + OPEN.length));
      masked += rest.slice(0, start) + OPEN + SECRET_MASK + CLOSE;
      rest = '';
      break;
    }
    secrets.push(rest.slice(start + OPEN.length, end));
    masked += rest.slice(0, start) + OPEN + SECRET_MASK + CLOSE;
    rest = rest.slice(end + CLOSE.length);
  }
  return { masked: masked + rest, secrets };
}

/** What an outbox stores for a rendered `body`: the masked body and the sealed secrets (null when none). */
export function sealBody(body: string, serverSecret: string): TSealedBody {
  const { masked, secrets } = splitSecrets(body);
  const real = secrets.filter((secret) => secret !== SECRET_MASK);
  return { body: masked, secretsSealed: real.length > 0 ? encryptSecret(JSON.stringify(secrets), sealKey(serverSecret)) : null };
}

/** Whether `body` carries a marked secret in clear (a queue must seal it). */
export function hasClearSecrets(body: string): boolean {
  return splitSecrets(body).secrets.some((secret) => secret !== SECRET_MASK);
}

/**
 * The stored body with its sealed secrets put back (markers kept), for the sender: what the
 * template rendered. Without sealed secrets, the stored body as it is.
 */
export function unsealBody(stored: TSealedBody, serverSecret: string): string {
  if (!stored.secretsSealed) return stored.body;
  const secrets = JSON.parse(decryptSecret(stored.secretsSealed, sealKey(serverSecret))) as string[];
  let index = 0;
  return stored.body.replaceAll(`${OPEN}${SECRET_MASK}${CLOSE}`, (whole) => {
    const secret = secrets[index];
    index += 1;
    return secret === undefined ? whole : `${OPEN}${secret}${CLOSE}`;
  });
}

/**
 * A body as kept once delivered: every marked secret masked (markers kept), and the links of bodies
 * logged before the markers masked by their shape. What the migration 0015 does to older rows.
 */
export function maskedAtRest(body: string): string {
  if (body.includes(OPEN)) return splitSecrets(body).masked;
  return body.replace(UNMARKED_TOKEN_LINK, (_link, start: string) => `${start}${SECRET_MASK}`);
}
