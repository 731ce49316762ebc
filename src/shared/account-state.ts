/**
 * What decides the screens a signed-in person may see: who they are, their staff role and whether
 * their second factor is on. The server sends it with every answer to a signed-in request (the
 * header below); the web app compares it with the session it holds and re-reads the session when
 * they differ, so a change made by someone else (a super admin changing a role) shows in an open
 * tab at its next request. Dependency-free: the web app loads it on every page.
 */
export const ACCOUNT_STATE_HEADER = 'x-account-state';

export function accountState(user: { id: string; role: string | null; twoFactorEnabled: boolean }): string {
  return `${user.id}:${user.role ?? 'customer'}:${user.twoFactorEnabled ? '2fa' : 'no-2fa'}`;
}
