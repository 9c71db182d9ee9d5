/**
 * Values loaded from the database and kept in process memory until invalidated, or at the latest
 * `ttlMs` after they were loaded (the safety net for a lost notification).
 *
 * Concurrent misses of one key share a single load. A load that began before an invalidation is
 * answered to its callers but not kept: its rows may predate the change that invalidated it, and
 * keeping them would serve the old state until the next change or the TTL.
 */
export class KeyedCache<K, V> {
  private entries = new Map<K, { value: V; loadedAt: number }>();
  private loading = new Map<K, { generation: number; promise: Promise<V> }>();
  /** Bumped by every invalidation; a load keeps its value only if this did not move meanwhile. */
  private generation = 0;

  constructor(private ttlMs: number, private clock: () => number = () => performance.now()) {}

  /** The value of `key`: from memory while fresh, otherwise from `load` (one load per key at a time). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && this.clock() - entry.loadedAt < this.ttlMs) return Promise.resolve(entry.value);
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.promise;
    const generation = this.generation;
    const loadedAt = this.clock();
    const promise = load().then(
      (value) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
        if (generation === this.generation) this.entries.set(key, { value, loadedAt });
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, { generation, promise });
    return promise;
  }

  /** Drops every value; loads under way are not kept (see the class comment). */
  invalidate() {
    this.generation += 1;
    this.entries.clear();
  }
}
