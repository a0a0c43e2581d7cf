// Answers of a public list kept between calls, as the bytes sent (so a repeated call costs a lookup, not
// queries, validation, serialization and encoding: a page of Chinese titles is slow to encode). Each answer is kept for `ttlMs` at most, so what changes without a
// write through this process (view counts, another process's writes, an author's new nickname) shows within
// that time; a write through this process forgets the answers at once (`forget`). At most `maxEntries`
// answers are held; the oldest goes first.

export type AnswerCacheOptions = { ttlMs: number; maxEntries: number; now?: () => number };

export class AnswerCache {
  readonly #entries = new Map<string, { body: Buffer; until: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: AnswerCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The answer kept for `key` if it is still fresh. */
  get(key: string): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.#now()) return entry.body;
    this.#entries.delete(key);
    return undefined;
  }

  set(key: string, body: Buffer): void {
    if (this.#ttlMs <= 0 || this.#maxEntries <= 0) return;
    this.#entries.delete(key);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, { body, until: this.#now() + this.#ttlMs });
  }

  /** Forgets every answer (something they were made of changed). */
  forget(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
