import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTracker, type TIdleChannel, type TIdleMessage, type TIdleState } from './idle-tracker';

const MINUTE = 60_000;

/** The BroadcastChannel between tabs, in memory: a message reaches every other tab, never its sender. */
function channelHub() {
  const tabs = new Set<{ listener: (message: TIdleMessage) => void }>();
  return (): TIdleChannel => {
    const tab = { listener: (_message: TIdleMessage) => {} };
    return {
      post: (message) => {
        for (const other of tabs) if (other !== tab) queueMicrotask(() => other.listener(message));
      },
      subscribe(listener) {
        tab.listener = listener;
        tabs.add(tab);
        return () => tabs.delete(tab);
      },
      close: () => tabs.delete(tab),
    };
  };
}

function openTab(channel: TIdleChannel) {
  const states: TIdleState[] = [];
  const signOuts: ('here' | 'elsewhere')[] = [];
  const tracker = createIdleTracker({
    idleMs: 30 * MINUTE,
    warnBeforeMs: 2 * MINUTE,
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    channel,
    onState: (state) => states.push(state),
    onSignOut: (where) => signOuts.push(where),
  });
  return { tracker, states, signOuts, phase: () => states.at(-1)?.phase ?? 'active' };
}

describe('the back-office idle clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns at 28 minutes without a person\u2019s action and signs out at 30', async () => {
    const tab = openTab(channelHub()());
    await vi.advanceTimersByTimeAsync(28 * MINUTE - 1);
    expect(tab.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.states.at(-1)).toEqual({ phase: 'warning', signOutAt: Date.now() + 2 * MINUTE });
    expect(tab.signOuts).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1);
    expect(tab.signOuts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.signOuts).toEqual(['here']);
  });

  it('a person\u2019s action (Stay signed in) ends the warning and starts the 30 minutes again', async () => {
    const tab = openTab(channelHub()());
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(tab.phase()).toBe('warning');
    tab.tracker.recordActivity();
    expect(tab.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(28 * MINUTE);
    expect(tab.phase()).toBe('warning');
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(tab.signOuts).toEqual(['here']);
  });

  it('counts activity in any tab, and a sign-out in one reaches the others', async () => {
    const hub = channelHub();
    const first = openTab(hub());
    const second = openTab(hub());
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    second.tracker.recordActivity(); // the person works in the second tab
    await vi.advanceTimersByTimeAsync(27 * MINUTE);
    // 47 minutes after the first tab opened, 27 after the activity: neither warns.
    expect(first.phase()).toBe('active');
    expect(second.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(1 * MINUTE);
    expect(first.phase()).toBe('warning');
    expect(second.phase()).toBe('warning');
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    // Each clock ran out; whichever ended first told the other, which ends once.
    expect([...first.signOuts, ...second.signOuts].sort()).toHaveLength(2);
    expect(first.signOuts).toHaveLength(1);
    expect(second.signOuts).toHaveLength(1);
  });

  it('a person who signs out in one tab signs out the others at once', async () => {
    const hub = channelHub();
    const first = openTab(hub());
    const second = openTab(hub());
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    first.tracker.announceSignOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.signOuts).toEqual(['elsewhere']);
    expect(first.signOuts).toEqual([]); // the tab that signed out leaves on its own
    // Nothing runs after the end: no warning later.
    await vi.advanceTimersByTimeAsync(40 * MINUTE);
    expect(second.states).toEqual([]);
  });

  it('looks at the clock again when asked (a tab woken from sleep whose timers ran late)', async () => {
    const tab = openTab(channelHub()());
    // The machine slept: time moved, the timer did not fire.
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    tab.tracker.check();
    expect(tab.signOuts).toEqual(['here']);
  });
});
