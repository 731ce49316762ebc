import type { TClientSocketEvent, TServerSocketEvent } from '#shared/contracts/chat.js';
import type { TResponseCheck } from '#shared/shape-check.js';
import { CHAT_CLOSE } from '#shared/socket-close.js';

export type TSocketStatus = 'connecting' | 'open' | 'reconnecting' | 'ended';

export type TChatSocketHandlers<TEvent = TServerSocketEvent> = {
  onEvent: (event: TEvent) => void;
  /** Connected (again). `isReconnect`: fetch what was missed since the last known id. */
  onOpen: (isReconnect: boolean) => void;
  onStatus?: (status: TSocketStatus) => void;
  /** Connecting keeps failing, or the server ended the session: check whether it still exists. */
  onSessionDoubt?: () => void;
  /**
   * The server closed the socket because the account changed (role, deletion, ban, second-factor
   * reset): re-read the session. The socket reconnects once that is done, unless close() was
   * called meanwhile (the new session no longer shows this screen).
   */
  onAccountChanged?: () => Promise<unknown>;
};

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** ws(s)://this-host/path: the socket lives on the app's own origin, like the API. */
export function socketUrl(path: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${path}`;
}

/**
 * One realtime connection that comes back by itself: exponential backoff with jitter (1 s up to
 * 30 s), at once when the browser is back online or the tab visible again. It stops for good on
 * close() or when the server says the session ended; when the server says the account changed,
 * it waits for the session to be re-read before coming back.
 */
export class ChatSocket<TEvent = TServerSocketEvent> {
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delayMs = FIRST_DELAY_MS;
  private failures = 0;
  private hasOpened = false;
  private stopped = false;

  /**
   * `schema`: what the server pushes on this path (anything else is dropped): the chat's
   * ZServerSocketEvent, or a zod-free check where zod must not be downloaded (lib/order-checks.ts).
   */
  constructor(
    private readonly path: string,
    private readonly handlers: TChatSocketHandlers<TEvent>,
    private readonly schema: TResponseCheck<TEvent>,
  ) {}

  start(): void {
    this.stopped = false;
    window.addEventListener('online', this.reconnectNow);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.reconnectNow);
    document.removeEventListener('visibilitychange', this.onVisibility);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000);
  }

  /** Sends when connected; typing and read signals are worthless later, so nothing is queued. */
  send(event: TClientSocketEvent): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(event));
    return true;
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.reconnectNow();
  };

  private readonly reconnectNow = () => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    this.delayMs = FIRST_DELAY_MS;
    this.connect();
  };

  private connect(): void {
    if (this.stopped) return;
    this.handlers.onStatus?.(this.hasOpened ? 'reconnecting' : 'connecting');
    let opened = false;
    const socket = new WebSocket(socketUrl(this.path));
    this.socket = socket;
    socket.onopen = () => {
      opened = true;
      const isReconnect = this.hasOpened;
      this.hasOpened = true;
      this.failures = 0;
      this.delayMs = FIRST_DELAY_MS;
      this.handlers.onStatus?.('open');
      this.handlers.onOpen(isReconnect);
    };
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = this.schema.safeParse(data);
      if (parsed.success) this.handlers.onEvent(parsed.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return; // closed on purpose
      this.socket = undefined;
      if (this.stopped) return;
      if (event.code === CHAT_CLOSE.sessionEnded) {
        this.stopped = true;
        this.handlers.onStatus?.('ended');
        this.handlers.onSessionDoubt?.();
        return;
      }
      if (event.code === CHAT_CLOSE.accountChanged) {
        this.handlers.onStatus?.('reconnecting');
        const reRead = this.handlers.onAccountChanged?.() ?? Promise.resolve();
        void reRead.catch(() => undefined).then(() => this.scheduleReconnect());
        return;
      }
      if (!opened) {
        this.failures += 1;
        // A refused upgrade looks like any network failure: ask whether the session still exists.
        if (this.failures === 2) this.handlers.onSessionDoubt?.();
      }
      this.handlers.onStatus?.('reconnecting');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    const jitter = 0.8 + Math.random() * 0.4;
    this.timer = setTimeout(() => this.connect(), this.delayMs * jitter);
    this.delayMs = Math.min(this.delayMs * 2, MAX_DELAY_MS);
  }
}
