// Without zod: the sockets' client (src/web/lib/chat/chat-socket.ts) is on the order page's path (docs/decisions/055).
/** WebSocket close codes the client acts on (4000-4999 are free for applications). */
export const CHAT_CLOSE = {
  /** Too many events or connections: reconnect later. */
  rateLimited: 4008,
  /** The session ended (logout elsewhere, expiry, idle staff session): do not reconnect. */
  sessionEnded: 4001,
  /**
   * The account changed (role, deletion, ban, second-factor reset): re-read the session, whose
   * answer decides what the screen shows; reconnect only if the screen is still there.
   */
  accountChanged: 4002,
} as const;
