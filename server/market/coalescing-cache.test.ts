import { describe, expect, it } from 'vitest';
import { CoalescingCache, NothingCached } from './coalescing-cache.ts';

// The cache's promises: one upstream read per refresh however many ask, the last value (stale) when upstream
// fails, and a rest after a failure. Time is the test's clock.

function setup(options: { answerWhileRefreshing?: boolean } = {}) {
  let time = 1_000_000;
  const errors: string[] = [];
  const cache = new CoalescingCache<number>({
    ...options,
    retryMs: 5_000,
    now: () => time,
    onError: (key, error) => errors.push(`${key}: ${String(error)}`),
  });
  let reads = 0;
  let fail = false;
  let release: () => void = () => {};
  const read = async () => {
    reads++;
    // Held until released, so that the test can pile callers up on one read.
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    if (fail) throw new Error('exchange down');
    return reads;
  };
  return {
    cache,
    errors,
    read,
    reads: () => reads,
    release: () => release(),
    fail: (value: boolean) => {
      fail = value;
    },
    advance: (ms: number) => {
      time += ms;
    },
    get: () => cache.get('BTCUSDT 1h', 10_000, read),
  };
}

/** Once the microtasks queued so far have run: a read released has stored its outcome. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('CoalescingCache', () => {
  it('makes one read for every caller that asks while it runs, and none while the value is fresh', async () => {
    const t = setup();
    const callers = Array.from({ length: 100 }, () => t.get());
    expect(t.reads()).toBe(1);
    t.release();
    const answers = await Promise.all(callers);
    expect(new Set(answers.map((a) => a.value))).toEqual(new Set([1]));
    expect(answers.every((a) => !a.stale && a.readAt === 1_000_000)).toBe(true);

    t.advance(9_999);
    expect((await t.get()).value).toBe(1);
    expect(t.reads()).toBe(1);

    // Past the refresh: the next caller starts one new read, and those arriving meanwhile share it.
    t.advance(1);
    const next = [t.get(), t.get(), t.get()];
    expect(t.reads()).toBe(2);
    t.release();
    expect((await Promise.all(next)).map((a) => a.value)).toEqual([2, 2, 2]);
  });

  it('answers the last value marked stale when upstream fails, and rests before asking again', async () => {
    const t = setup();
    const first = t.get();
    t.release();
    await first;
    t.advance(10_000);
    t.fail(true);
    const failing = t.get();
    t.release();
    expect(await failing).toEqual({ value: 1, readAt: 1_000_000, stale: true });
    expect(t.errors).toEqual(['BTCUSDT 1h: Error: exchange down']);

    // Within the rest, no read; the stale value again.
    t.advance(4_999);
    expect(await t.get()).toMatchObject({ value: 1, stale: true });
    expect(t.reads()).toBe(2);

    // After it, a read that succeeds makes the value fresh again.
    t.advance(1);
    t.fail(false);
    const recovered = t.get();
    expect(t.reads()).toBe(3);
    t.release();
    expect(await recovered).toEqual({ value: 3, readAt: 1_015_000, stale: false });
  });

  it('throws NothingCached when the first read fails, and reads again after the rest', async () => {
    const t = setup();
    t.fail(true);
    const first = t.get();
    t.release();
    await expect(first).rejects.toThrow(NothingCached);
    await expect(t.get()).rejects.toThrow(NothingCached);
    expect(t.reads()).toBe(1);
    t.advance(5_000);
    t.fail(false);
    const again = t.get();
    t.release();
    expect((await again).value).toBe(2);
  });

  it('answers at once only what get would answer without waiting: a fresh value, never a stale one', async () => {
    const t = setup();
    const fresh = () => t.cache.fresh('BTCUSDT 1h', 10_000);
    expect(fresh()).toBeUndefined();
    const first = t.get();
    // A read under way: nothing to answer at once.
    expect(fresh()).toBeUndefined();
    t.release();
    await first;
    expect(fresh()).toEqual({ value: 1, readAt: 1_000_000, stale: false });
    expect(fresh()).toBe(fresh());
    t.advance(9_999);
    expect(fresh()?.value).toBe(1);
    // Due for a read: get reads, fresh does not.
    t.advance(1);
    expect(fresh()).toBeUndefined();
    expect(t.reads()).toBe(1);

    // Upstream fails: get answers the last value marked stale, fresh nothing.
    t.fail(true);
    const failing = t.get();
    t.release();
    expect((await failing).stale).toBe(true);
    expect(fresh()).toBeUndefined();

    // A read that succeeds again: the new value, not the one answered before it.
    t.advance(5_000);
    t.fail(false);
    const recovered = t.get();
    t.release();
    await recovered;
    expect(fresh()).toEqual({ value: 3, readAt: 1_015_000, stale: false });
  });

  it('answers a value younger than two refreshes while the next read runs, and waits for an older one', async () => {
    const t = setup({ answerWhileRefreshing: true });
    const first = t.get();
    t.release();
    await first;

    // Due for a read: it starts, and every caller meanwhile is answered the last value at once.
    t.advance(10_000);
    expect(await t.get()).toEqual({ value: 1, readAt: 1_000_000, stale: false });
    expect(await t.get()).toEqual({ value: 1, readAt: 1_000_000, stale: false });
    expect(t.reads()).toBe(2);
    t.release();
    await settled();
    expect(await t.get()).toEqual({ value: 2, readAt: 1_010_000, stale: false });

    // Two refreshes old: callers wait for the read, as without the option.
    t.advance(20_000);
    const waiting = t.get();
    expect(t.reads()).toBe(3);
    t.release();
    // The new read's value: an answer at once would have been the last one (2).
    expect((await waiting).value).toBe(3);

    // A refresh that fails while members are answered the last value: the next caller gets it marked stale.
    t.advance(10_000);
    t.fail(true);
    expect(await t.get()).toMatchObject({ value: 3, stale: false });
    t.release();
    await settled();
    expect(await t.get()).toMatchObject({ value: 3, stale: true });
    expect(t.errors).toEqual(['BTCUSDT 1h: Error: exchange down']);
  });
});
