import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('the answer cache', () => {
  it('keeps an answer for its time, then lets it go', () => {
    let now = 1_000;
    const cache = new AnswerCache({ ttlMs: 2_000, maxEntries: 10, now: () => now });
    cache.set('a', '{"a":1}');
    now += 1_999;
    expect(cache.get('a')).toBe('{"a":1}');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its number of answers, dropping the oldest first', () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', '1');
    cache.set('b', '2');
    cache.set('a', '1 again');
    cache.set('c', '3');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['1 again', undefined, '3']);
  });

  it('forgets everything at once, and keeps nothing when switched off', () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxEntries: 5 });
    cache.set('a', '1');
    cache.forget();
    expect(cache.get('a')).toBeUndefined();
    const off = new AnswerCache({ ttlMs: 0, maxEntries: 5 });
    off.set('a', '1');
    expect(off.get('a')).toBeUndefined();
  });
});
