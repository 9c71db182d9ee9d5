/**
 * Pure rules of the page cache behind the tab bar (SPEC.md section 2: "pages flagged as cacheable
 * keep their state"). One entry per cacheable page kept alive. Entries keep their first-shown order
 * (moving a page's DOM would lose its scroll positions); `seq` says how recently each was shown.
 */
export interface CacheEntry<L> {
  /** The tab's key: pathname without the query. */
  key: string;
  /** Where the page was when last shown (a hidden page keeps seeing this location). */
  location: L;
  /** Larger is more recently shown. */
  seq: number;
}

/** How many pages stay alive at most; the least recently shown beyond that re-mounts when reopened. */
export const KEEP_ALIVE_MAX = 12;

export interface Visit<L> {
  key: string;
  location: L;
  /** The shown page is flagged cacheable in the route table. */
  cacheable: boolean;
  /** Keys of the opened tabs: a closed tab's page loses its state. */
  opened: ReadonlySet<string>;
  max?: number;
}

/**
 * The cache after showing a page: the shown page is recorded with its current location (if
 * cacheable), pages whose tab was closed are dropped, and beyond `max` the least recently shown go.
 * Returns the same array when nothing changed, so callers can compare by identity.
 */
export function visit<L>(entries: CacheEntry<L>[], { key, location, cacheable, opened, max = KEEP_ALIVE_MAX }: Visit<L>): CacheEntry<L>[] {
  let next = entries.filter((entry) => entry.key === key || opened.has(entry.key));
  if (cacheable) {
    const top = Math.max(0, ...next.map((entry) => entry.seq));
    const index = next.findIndex((entry) => entry.key === key);
    const current = next[index];
    if (!current) next = [...next, { key, location, seq: top + 1 }];
    else if (current.location !== location || current.seq !== top) {
      next = next.map((entry, i) => (i === index ? { key, location, seq: top + (current.seq === top ? 0 : 1) } : entry));
    }
  } else {
    next = next.filter((entry) => entry.key !== key);
  }
  if (next.length > max) {
    const keepFrom = [...next].map((entry) => entry.seq).sort((a, b) => b - a)[max - 1];
    next = next.filter((entry) => entry.seq >= keepFrom);
  }
  const same = next.length === entries.length && next.every((entry, i) => entry === entries[i]);
  return same ? entries : next;
}

/** The cache without one page (it re-mounts next time it is shown). */
export const evict = <L>(entries: CacheEntry<L>[], key: string) =>
  entries.some((entry) => entry.key === key) ? entries.filter((entry) => entry.key !== key) : entries;
