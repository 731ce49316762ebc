import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCountInTitle } from './use-count-in-title';

/** MutationObserver callbacks run as microtasks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the "Needs action" count in the tab title', () => {
  it("puts the count in front of the page's own title, keeps it there when the page changes it, and takes it away at 0", async () => {
    document.title = 'CediCrypto';
    const { rerender, unmount } = renderHook(({ count, isActive }) => useCountInTitle(count, isActive), {
      initialProps: { count: 3, isActive: true },
    });
    expect(document.title).toBe('(3) CediCrypto');

    // A page sets its own title later (Order Management): the count stays in front.
    document.title = 'Order Management · CediCrypto';
    await settle();
    expect(document.title).toBe('(3) Order Management · CediCrypto');

    rerender({ count: 12, isActive: true });
    expect(document.title).toBe('(12) Order Management · CediCrypto');
    rerender({ count: 0, isActive: true });
    expect(document.title).toBe('Order Management · CediCrypto');

    rerender({ count: 2, isActive: true });
    unmount();
    expect(document.title).toBe('Order Management · CediCrypto');
  });

  it('leaves the title alone where a page writes its own count (Live Chat)', async () => {
    document.title = '(4) Live Chat Support · CediCrypto';
    const { rerender } = renderHook(({ count, isActive }) => useCountInTitle(count, isActive), {
      initialProps: { count: 1, isActive: false },
    });
    document.title = '(5) Live Chat Support · CediCrypto';
    await settle();
    expect(document.title).toBe('(5) Live Chat Support · CediCrypto');

    // Back on another page, whose title is restored: the orders count again.
    document.title = 'CediCrypto';
    rerender({ count: 1, isActive: true });
    expect(document.title).toBe('(1) CediCrypto');
  });
});
