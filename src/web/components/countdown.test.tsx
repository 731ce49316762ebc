import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, formatRemaining } from './countdown';

/*
 * The order page's countdown to the payment (or deposit) deadline: it ticks every second, uses the
 * server's clock when the device's is off, and says once when the time has run out.
 */

const START = Date.parse('2026-11-24T10:00:00.000Z');

describe('formatRemaining', () => {
  it('writes minutes and seconds, hours only when there are some, and never below zero', () => {
    expect(formatRemaining(30 * 60_000)).toBe('30:00');
    expect(formatRemaining(4 * 60_000 + 5_000)).toBe('4:05');
    // A part of a second still left counts as a second.
    expect(formatRemaining(59_001)).toBe('1:00');
    expect(formatRemaining(60 * 60_000)).toBe('1:00:00');
    expect(formatRemaining(90 * 60_000 + 9_000)).toBe('1:30:09');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(-5_000)).toBe('0:00');
  });
});

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks down every second, then says the time ran out and calls onExpire once', () => {
    const onExpire = vi.fn();
    render(
      <Countdown
        deadlineAt={new Date(START + 62_000).toISOString()}
        label="Time left to pay"
        expiredText="The time to pay has run out."
        onExpire={onExpire}
      />,
    );
    const timer = screen.getByRole('timer', { name: 'Time left to pay' });
    expect(timer.textContent).toBe('1:02');

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(timer.textContent).toBe('1:01');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('timer', { name: 'Time left to pay' }).textContent).toBe('0:01');
    expect(onExpire).not.toHaveBeenCalled();
    expect(screen.queryByText('The time to pay has run out.')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('The time to pay has run out.')).toBeTruthy();
    expect(onExpire).toHaveBeenCalledTimes(1);

    // Later ticks do not report it again.
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("counts on the server's clock: a phone 5 minutes slow still shows the real time left", () => {
    render(
      <Countdown
        deadlineAt={new Date(START + 10 * 60_000).toISOString()}
        // The server is 5 minutes ahead of this device.
        clockOffsetMs={5 * 60_000}
        label="Time left to send"
        expiredText="The time to send has run out."
      />,
    );
    expect(screen.getByRole('timer', { name: 'Time left to send' }).textContent).toBe('5:00');
  });

  it('says at once that the time ran out when the deadline has already passed', () => {
    const onExpire = vi.fn();
    render(
      <Countdown
        deadlineAt={new Date(START - 1_000).toISOString()}
        label="Time left to pay"
        expiredText="The time to pay has run out."
        onExpire={onExpire}
      />,
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('The time to pay has run out.')).toBeTruthy();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
