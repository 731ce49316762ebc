/**
 * Staff reads of the order lists, shared while no order has changed. Every staff member with the
 * order queue open reads it again when an order changes (web: use-admin-order-events.ts), so five
 * of them make five identical reads of one moment; bench:peak measured those reads as the largest
 * share of the server's time after the orders themselves. A read is shared by the requests that
 * ask for the same list until this process hears of an order change (RealtimeHub.onOrderChange,
 * told before any screen is) or `maxAgeMs` pass (changes that announce no order change, such as a
 * customer's new name, show within that time). The answers hold nothing of the staff member who
 * asks: every reader may see the same.
 */
export class SharedReads {
  private version = 0;
  private readonly entries = new Map<string, { version: number; expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly maxAgeMs = 1_000,
    private readonly maxEntries = 200,
  ) {}

  /** An order changed, or changes may have been missed: no read from before is shared again. */
  invalidate(): void {
    this.version += 1;
    this.entries.clear();
  }

  /** The answer of `load` for `key`: the one being read or read since the last change, else a new read. */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.version === this.version && kept.expiresAt > now) return kept.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const entry = { version: this.version, expiresAt: now + this.maxAgeMs, value };
    this.entries.set(key, entry);
    // A failed read is not shared with later requests.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
