import { useEffect } from 'react';

/** The '(3) ' a count puts in front of the tab title. */
const COUNT_PREFIX = /^\(\d+\) /;

/**
 * Puts '(count) ' in front of whatever the tab title is while `count` > 0 ('(3) Order Management
 * · CediCrypto'), and keeps it there when a page sets its own title later. `isActive` false
 * leaves the title alone (the Live Chat page writes its own count there).
 */
export function useCountInTitle(count: number, isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const apply = () => {
      const base = document.title.replace(COUNT_PREFIX, '');
      const wanted = count > 0 ? `(${count}) ${base}` : base;
      // Only when it differs: our own write is observed too, and must not loop.
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const titleElement = document.querySelector('head > title');
    const observer = new MutationObserver(apply);
    if (titleElement) observer.observe(titleElement, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(COUNT_PREFIX, '');
    };
  }, [count, isActive]);
}
