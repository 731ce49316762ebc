import { createHmac } from 'node:crypto';

/**
 * The session cookie better-auth sets for `token` (its value signed with HMAC-SHA256 of the auth
 * secret, base64). For tests and benches that insert a session row instead of signing in, where
 * the sign-in itself (scrypt, second factor) is not what is being measured. A server with
 * NODE_ENV=production names it `__Host-better-auth.session_token` (docs/decisions/020): pass
 * `{ production: true }`.
 */
export function signedSessionCookie(token: string, secret: string, options: { production?: boolean } = {}): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  const name = options.production ? '__Host-better-auth.session_token' : 'better-auth.session_token';
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}
