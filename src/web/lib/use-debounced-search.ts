import { useEffect, useRef, useState } from 'react';

/**
 * The text of a search box whose applied value lives in the URL. What is typed shows at once;
 * the trimmed text is committed (written to the URL, which asks the server) after a pause of
 * `delayMs`, or at once with `commitNow` (Enter). A URL change that is the echo of our own
 * commit never touches the box, so keystrokes typed while it was on its way stay; any other
 * change (back button, a link, Clear Filters) shows what the URL now says.
 */
export function useDebouncedSearch(urlValue: string, onCommit: (value: string) => void, delayMs: number) {
  const [text, setText] = useState(urlValue);
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue);
  // Values committed whose echo from the URL has not come back yet, oldest first.
  const [inFlight, setInFlight] = useState<string[]>([]);
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  }, [onCommit]);

  if (urlValue !== seenUrlValue) {
    setSeenUrlValue(urlValue);
    const echo = inFlight.indexOf(urlValue);
    if (echo >= 0) {
      setInFlight(inFlight.slice(echo + 1));
    } else {
      setInFlight([]);
      if (text.trim() !== urlValue) setText(urlValue);
    }
  }

  // What the URL will say once everything sent has landed.
  const committed = inFlight.at(-1) ?? urlValue;
  const commit = (value: string) => {
    setInFlight((pending) => [...pending, value]);
    onCommitRef.current(value);
  };

  useEffect(() => {
    const next = text.trim();
    if (next === committed.trim()) return;
    const timer = setTimeout(() => {
      setInFlight((pending) => [...pending, next]);
      onCommitRef.current(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, delayMs]);

  return {
    text,
    setText,
    /** Commit what is typed now (Enter), without waiting for the pause. */
    commitNow: () => {
      const next = text.trim();
      if (next !== committed.trim()) commit(next);
    },
  };
}
