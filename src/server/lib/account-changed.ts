/**
 * The one hook for "this person's account changed": a role change, deletion, ban or
 * second-factor reset. Call it after the transaction that made the change has committed. It
 * closes their live sockets in every server process (RealtimeHub.accountChanged), and their
 * open tabs re-read the session. Fire and forget: the change is done; a failure is only logged.
 */
export type TOnAccountChanged = (userId: string) => void;
