import { createHmac } from 'node:crypto';

/**
 * The session cookie better-auth sets for `token` (its value signed with HMAC-SHA256 of the auth
 * secret, base64). For tests and benches that insert a session row instead of signing in, where
 * the sign-in itself (scrypt, second factor) is not what is being measured.
 */
export function signedSessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
