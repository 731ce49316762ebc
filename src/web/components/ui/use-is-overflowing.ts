import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's content is larger than the element along `axis` (it scrolls), kept up
 * to date as the element, its children or their content change. A region that scrolls must be
 * reachable by keyboard (axe: scrollable-region-focusable), so callers make it focusable then.
 */
export function useIsOverflowing(ref: RefObject<HTMLElement | null>, axis: 'x' | 'y'): boolean {
  const [isOverflowing, setIsOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setIsOverflowing(axis === 'x' ? element.scrollWidth > element.clientWidth + 1 : element.scrollHeight > element.clientHeight + 1);
    const resizes = new ResizeObserver(measure);
    const watchChildren = () => {
      resizes.disconnect();
      resizes.observe(element);
      for (const child of element.children) resizes.observe(child);
      measure();
    };
    const mutations = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(watchChildren);
    mutations?.observe(element, { childList: true, subtree: true, characterData: true });
    watchChildren();
    return () => {
      resizes.disconnect();
      mutations?.disconnect();
    };
  }, [ref, axis]);
  return isOverflowing;
}
