import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast';

/*
 * Toasts (issue 16 point 6): a failure is an alert, announced at once, a success a polite status;
 * the 5 seconds stop while the pointer is over a toast or focus is in it.
 */

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.error('It failed.')}>
        Fail
      </button>
      <button type="button" onClick={() => toast.success('It worked.')}>
        Succeed
      </button>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announce a failure as an alert and a success as a status', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(screen.getByRole('alert').textContent).toContain('It failed.');
    expect(screen.getByRole('status').textContent).toContain('It worked.');
  });

  it('wait while hovered or focused, then go after the time that was left', async () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    const toast = screen.getByRole('alert');
    await act(async () => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1_000);
    });
    fireEvent.mouseEnter(toast);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    // Focus on its Dismiss button holds it too.
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss notification' }));
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    fireEvent.blur(screen.getByRole('button', { name: 'Dismiss notification' }));
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
