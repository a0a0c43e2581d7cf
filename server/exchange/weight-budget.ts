import { ExchangeError } from './exchange-errors.ts';

// Binance counts request weight per IP address in fixed one-minute windows, answers every call with the
// weight used so far (X-MBX-USED-WEIGHT-1M on the futures host, X-SAPI-USED-IP-WEIGHT-1M on the spot host),
// answers 429 past the limit and bans the address (418, from 2 minutes to 3 days) when calls keep coming.
// One budget per host is shared by every key the process follows, since the limit is the address's.
//
// A call is sent only when it fits: its weight is counted before it leaves in every window it may land in
// (our idea of the server's clock can be off by `marginMs`, so near a boundary it counts in both), a call still
// in flight counts in every window until its answer is in (the exchange may count it at any moment before),
// the header's count replaces ours when it is higher (other processes on the same address), a share of the
// limit (`headroom`) is never used, and after a 429 or 418 nothing is sent until Retry-After has passed.

export interface WeightBudgetOptions {
  /** The exchange's limit per window (Binance futures: 2400 a minute; the spot host: 6000). */
  limit: number;
  windowMs?: number;
  /** Fraction of the limit kept free for other clients of the address and for counting errors. */
  headroom?: number;
  /** How far our estimate of the exchange's clock may be off, network time included. */
  marginMs?: number;
  /** The response header that carries the used weight (lower case). */
  header: string;
  /** The exchange's clock as this process estimates it. */
  now?: () => number;
}

export class WeightBudget {
  readonly header: string;
  readonly windowMs: number;
  private limit: number;
  private readonly headroom: number;
  private readonly marginMs: number;
  private readonly now: () => number;
  /** Weight counted per window index (floor(time / windowMs)). */
  private readonly used = new Map<number, number>();
  /** Calls sent and not answered yet: the exchange may count them in any window until they are. */
  private readonly inFlight = new Set<{ weight: number; windows: Set<number> }>();
  private waiting: (() => void)[] = [];
  private blockedUntilMs = 0;

  constructor(options: WeightBudgetOptions) {
    this.header = options.header.toLowerCase();
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 60_000;
    this.headroom = options.headroom ?? 0.1;
    this.marginMs = options.marginMs ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** The most this process lets itself use in one window. */
  get cap(): number {
    return Math.max(1, Math.floor(this.limit * (1 - this.headroom)));
  }

  get blockedUntil(): number {
    return this.blockedUntilMs;
  }

  /** The exchange announced its limit (exchange information). */
  setLimit(limit: number): void {
    if (Number.isFinite(limit) && limit > 0) this.limit = limit;
  }

  /** Weight this process believes is used in the current window (calls still in flight included). */
  usedNow(): number {
    return this.usedIn(Math.floor(this.now() / this.windowMs));
  }

  /**
   * Waits until `weight` fits in the budget and counts it; the returned function is called once the answer
   * (or the failure) is in. Throws `rateLimited` at once while a 429 or 418 holds (the caller decides when to
   * come back), and for a weight that can never fit. An aborted `signal` (the caller stops) ends the wait with
   * the signal's reason.
   */
  /** How many calls wait for room in the budget now. */
  get waitingCalls(): number {
    return this.waiting.length;
  }

  async reserve(weight: number, signal?: AbortSignal): Promise<() => void> {
    if (weight > this.cap) {
      throw new ExchangeError('rateLimited', `A call of weight ${weight} exceeds the budget of ${this.cap}`);
    }
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      if (now < this.blockedUntilMs) {
        throw new ExchangeError('rateLimited', 'The exchange asked to pause calls', {
          retryAfterMs: this.blockedUntilMs - now,
        });
      }
      const windows = this.windowsAround(now);
      const full = windows.filter((w) => this.usedIn(w) + weight > this.cap);
      if (full.length === 0) {
        for (const w of windows) this.used.set(w, (this.used.get(w) ?? 0) + weight);
        this.forgetBefore(windows[0]! - 1);
        const call = { weight, windows: new Set(windows) };
        this.inFlight.add(call);
        return () => this.settle(call);
      }
      // Wait until the last full window can no longer be where the call lands, or a call in flight ends.
      const until = (Math.max(...full) + 1) * this.windowMs + this.marginMs;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          const at = this.waiting.indexOf(done);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, until - now));
        signal?.addEventListener('abort', done, { once: true });
        this.waiting.push(done);
      });
    }
  }

  /**
   * A call is over: the exchange counted it at some moment between its reservation and now, so it counts in
   * every window of that span.
   */
  private settle(call: { weight: number; windows: Set<number> }): void {
    if (!this.inFlight.delete(call)) return;
    const first = Math.min(...call.windows);
    const last = this.windowsAround(this.now()).at(-1)!;
    for (let w = first; w <= last; w++) {
      if (!call.windows.has(w)) this.used.set(w, (this.used.get(w) ?? 0) + call.weight);
    }
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Counted weight of a window, plus the calls in flight that may still land in it. */
  private usedIn(window: number): number {
    let used = this.used.get(window) ?? 0;
    for (const call of this.inFlight) if (!call.windows.has(window)) used += call.weight;
    return used;
  }

  /** Reads the used weight the exchange reports; it replaces our count when higher. */
  observe(headers: Headers): void {
    const value = Number(headers.get(this.header));
    if (!headers.has(this.header) || !Number.isFinite(value)) return;
    const windows = this.windowsAround(this.now());
    // Near a boundary the header may belong to either window: it can only raise the later one's count
    // safely when it is the only candidate.
    if (windows.length !== 1) return;
    const w = windows[0]!;
    this.used.set(w, Math.max(this.used.get(w) ?? 0, value));
  }

  /**
   * Our estimate of the exchange's clock moved (from `before` to now): the calls just counted in what we took
   * for the current window were counted by the exchange in its current one, so that count comes along.
   */
  clockMoved(before: number): void {
    const carried = Math.max(...this.windowsAround(before).map((w) => this.used.get(w) ?? 0));
    for (const w of this.windowsAround(this.now()))
      this.used.set(w, Math.max(this.used.get(w) ?? 0, carried));
  }

  /** A 429 or 418 answer: nothing is sent before `retryAfterMs` has passed. */
  block(retryAfterMs: number): void {
    this.blockedUntilMs = Math.max(this.blockedUntilMs, this.now() + retryAfterMs);
  }

  private windowsAround(time: number): number[] {
    const first = Math.floor((time - this.marginMs) / this.windowMs);
    const last = Math.floor((time + this.marginMs) / this.windowMs);
    return first === last ? [first] : [first, last];
  }

  private forgetBefore(window: number): void {
    for (const w of this.used.keys()) if (w < window) this.used.delete(w);
  }
}
