/**
 * The time the order lifecycle runs on (deadlines, expiry, quote validity). It is the system
 * clock, moved forward only in browser tests that switch TEST_CLOCK on (docs/decisions/014):
 * they see an order expire without waiting half an hour.
 */
export class ServerClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}
