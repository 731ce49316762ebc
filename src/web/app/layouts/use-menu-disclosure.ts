import { useEffect, useRef, useState } from 'react';

/**
 * The back-office menu button below the wide layout (a disclosure: the button says
 * aria-expanded and names its panel with aria-controls). Opening it moves focus to the first
 * link; Escape closes it and gives focus back to the button; choosing a link, a page change, a
 * click or focus outside the header close it.
 */
export function useMenuDisclosure(pathname: string) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /** The header holding the button and the panel: a click or focus outside it closes the menu. */
  const containerRef = useRef<HTMLElement>(null);
  const isFocusWanted = useRef(false);

  // A page change closes it (state adjusted while rendering, not in an effect: no flash of the old state).
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setIsOpen(false);
  }

  useEffect(() => {
    if (!isOpen || !isFocusWanted.current) return;
    isFocusWanted.current = false;
    panelRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const isInside = (target: EventTarget | null) => target instanceof Node && (containerRef.current?.contains(target) ?? false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // A dialog over the page closes itself; the menu behind it stays as it is.
      if (!isInside(document.activeElement) && document.activeElement !== document.body) return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (!isInside(event.target)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [isOpen]);

  return {
    isOpen,
    buttonRef,
    panelRef,
    containerRef,
    toggle: () => {
      if (!isOpen) isFocusWanted.current = true;
      setIsOpen(!isOpen);
    },
    /** For the panel's links: a chosen link closes it, also the link of the page already open. */
    close: () => setIsOpen(false),
  };
}
