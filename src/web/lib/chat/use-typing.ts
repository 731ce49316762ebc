import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_INDICATOR_MS, TYPING_SIGNAL_INTERVAL_MS } from '#shared/contracts/chat.js';

/**
 * Who is typing, by key (a conversation id, or one fixed key): shown from a signal until
 * TYPING_INDICATOR_MS pass without another one, or until clear() (their message arrived).
 */
export function useTypingIndicator<K>() {
  const timers = useRef(new Map<K, ReturnType<typeof setTimeout>>());
  const [typing, setTyping] = useState<ReadonlySet<K>>(() => new Set());

  const clear = useCallback((key: K) => {
    clearTimeout(timers.current.get(key));
    timers.current.delete(key);
    setTyping((previous) => {
      if (!previous.has(key)) return previous;
      const next = new Set(previous);
      next.delete(key);
      return next;
    });
  }, []);

  const signal = useCallback(
    (key: K) => {
      clearTimeout(timers.current.get(key));
      timers.current.set(
        key,
        setTimeout(() => clear(key), TYPING_INDICATOR_MS),
      );
      setTyping((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
    },
    [clear],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { typing, signal, clear };
}

/** Calls `send` as the person types, at most once every TYPING_SIGNAL_INTERVAL_MS. */
export function useTypingSignal(send: () => void) {
  const sendRef = useRef(send);
  const lastSentAt = useRef(0);
  useEffect(() => {
    sendRef.current = send;
  });
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSentAt.current < TYPING_SIGNAL_INTERVAL_MS) return;
    lastSentAt.current = now;
    sendRef.current();
  }, []);
}
