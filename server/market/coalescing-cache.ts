// One value per key, read from upstream at most once per refresh however many callers ask: callers within
// `freshMs` of the last read get it as it is; the first caller after that starts one read and every caller
// arriving meanwhile waits for that same read. With `answerWhileRefreshing`, a value younger than two refreshes
// is answered at once while that read runs (members arriving as a refresh falls due do not wait for the
// exchange); an older one, or none, is waited for. When upstream fails, the last value is answered marked
// stale, and upstream is not asked again for `retryMs` (an outage does not turn every request into a call).

export type Cached<T> = { value: T; readAt: number; stale: boolean };

type Entry<T> = {
  value?: T;
  readAt: number;
  /** Upstream failed at this time: not asked again before retryMs has passed. */
  failedAt?: number;
  reading?: Promise<void>;
  /** What `fresh` answers for this read, made once. */
  answer?: Cached<T>;
};

/** Upstream failed and nothing was read before: there is nothing to show. */
export class NothingCached extends Error {
  override name = 'NothingCached';
}

export type CoalescingCacheOptions = {
  retryMs: number;
  /** A value read less than two refreshes ago is answered while the next read runs, not after it. */
  answerWhileRefreshing?: boolean;
  now?: () => number;
  /** Told about each failed read (the caller logs it). */
  onError?: (key: string, error: unknown) => void;
};

export class CoalescingCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly now: () => number;
  private readonly options: CoalescingCacheOptions;

  constructor(options: CoalescingCacheOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  async get(key: string, freshMs: number, read: () => Promise<T>): Promise<Cached<T>> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { readAt: 0 };
      this.entries.set(key, entry);
    }
    const now = this.now();
    const age = now - entry.readAt;
    const fresh = entry.value !== undefined && age < freshMs;
    const resting = entry.failedAt !== undefined && now - entry.failedAt < this.options.retryMs;
    if (!fresh && !resting && !entry.reading) entry.reading = this.read(key, entry, read);
    // The read's outcome is kept in the entry (a failure included): nobody has to wait for it.
    const answerNow =
      this.options.answerWhileRefreshing &&
      entry.value !== undefined &&
      entry.failedAt === undefined &&
      age < 2 * freshMs;
    if (entry.reading && !answerNow) await entry.reading;
    if (entry.value === undefined) throw new NothingCached(key);
    const stale = entry.failedAt !== undefined && entry.failedAt >= entry.readAt;
    return { value: entry.value, readAt: entry.readAt, stale };
  }

  /**
   * The value at once while it is fresh (what `get` would answer without waiting); undefined when `get`
   * has to read, wait for a read, or answer a stale value.
   */
  fresh(key: string, freshMs: number): Cached<T> | undefined {
    const entry = this.entries.get(key);
    if (entry?.value === undefined || entry.failedAt !== undefined) return undefined;
    if (this.now() - entry.readAt >= freshMs) return undefined;
    entry.answer ??= { value: entry.value, readAt: entry.readAt, stale: false };
    return entry.answer;
  }

  /** Forgets a key (a symbol left the allow-list). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  private async read(key: string, entry: Entry<T>, read: () => Promise<T>): Promise<void> {
    try {
      const value = await read();
      entry.value = value;
      entry.readAt = this.now();
      delete entry.failedAt;
      delete entry.answer;
    } catch (error) {
      entry.failedAt = this.now();
      this.options.onError?.(key, error);
    } finally {
      delete entry.reading;
    }
  }
}
