/**
 * The back-office's idle clock (docs/decisions/020): it warns `warnBeforeMs` before `idleMs` of no
 * person activity and signs out at `idleMs`, counting activity in every tab of the browser. Tabs
 * tell each other of activity and of a sign-out over a channel (a BroadcastChannel in the browser).
 * The clock and the timers are given, so tests run it on fake time.
 */
export type TIdleMessage = { type: 'activity'; at: number } | { type: 'signed-out' };

export type TIdleChannel = {
  post(message: TIdleMessage): void;
  subscribe(listener: (message: TIdleMessage) => void): () => void;
  close(): void;
};

export type TIdleState = { phase: 'active' } | { phase: 'warning'; signOutAt: number };

export type TIdleTrackerOptions = {
  idleMs: number;
  warnBeforeMs: number;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  channel: TIdleChannel;
  onState: (state: TIdleState) => void;
  /** `here`: this tab's clock ran out; `elsewhere`: another tab signed out. Called once. */
  onSignOut: (where: 'here' | 'elsewhere') => void;
};

export type TIdleTracker = {
  /** A person's action in this tab (an answered request that moved the session's mark). */
  recordActivity(): void;
  /** This tab signed out (the person's choice or the clock): the other tabs follow. */
  announceSignOut(): void;
  /** Look at the clock again now (the tab came back from sleep, whose timers may be late). */
  check(): void;
  stop(): void;
};

export function createIdleTracker(options: TIdleTrackerOptions): TIdleTracker {
  const { idleMs, warnBeforeMs, now, setTimer, clearTimer, channel, onState, onSignOut } = options;
  let lastActivity = now();
  let timer: unknown;
  let phase: TIdleState['phase'] = 'active';
  let isStopped = false;

  const end = (where: 'here' | 'elsewhere') => {
    if (isStopped) return;
    stop();
    onSignOut(where);
  };

  function schedule(): void {
    if (isStopped) return;
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    const idleFor = now() - lastActivity;
    if (idleFor >= idleMs) {
      channel.post({ type: 'signed-out' });
      end('here');
      return;
    }
    const warnAt = idleMs - warnBeforeMs;
    if (idleFor >= warnAt) {
      if (phase !== 'warning') {
        phase = 'warning';
        onState({ phase: 'warning', signOutAt: lastActivity + idleMs });
      }
      timer = setTimer(schedule, idleMs - idleFor);
    } else {
      if (phase !== 'active') {
        phase = 'active';
        onState({ phase: 'active' });
      }
      timer = setTimer(schedule, warnAt - idleFor);
    }
  }

  const unsubscribe = channel.subscribe((message) => {
    if (message.type === 'signed-out') end('elsewhere');
    else if (message.at > lastActivity) {
      lastActivity = message.at;
      schedule();
    }
  });

  function stop(): void {
    isStopped = true;
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    unsubscribe();
    channel.close();
  }

  schedule();
  return {
    recordActivity() {
      if (isStopped) return;
      lastActivity = Math.max(lastActivity, now());
      channel.post({ type: 'activity', at: lastActivity });
      schedule();
    },
    announceSignOut() {
      if (isStopped) return;
      channel.post({ type: 'signed-out' });
      stop();
    },
    check: schedule,
    stop,
  };
}

/** The channel between the tabs of this browser: a BroadcastChannel, or none where there is none. */
export function createBroadcastIdleChannel(name: string): TIdleChannel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, subscribe: () => () => {}, close() {} };
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const onMessage = (event: MessageEvent<TIdleMessage>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}
