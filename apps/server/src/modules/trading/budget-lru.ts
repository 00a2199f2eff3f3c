/**
 * A map that keeps its entries' estimated sizes under a budget of bytes, dropping the least
 * recently used first. The entry just stored is never the one dropped: one entry larger than
 * the whole budget is kept alone until the next one comes.
 */
export class BudgetLru<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private used = 0;

  constructor(private readonly budgetBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // The map's order is the eviction order: most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [old] of this.entries) {
      if (this.used <= this.budgetBytes || old === key) break;
      this.delete(old);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
