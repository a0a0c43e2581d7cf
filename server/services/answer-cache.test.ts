import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('the answer cache', () => {
  it('keeps an answer for its time, then lets it go', () => {
    let now = 1_000;
    const cache = new AnswerCache({ ttlMs: 2_000, maxEntries: 10, now: () => now });
    cache.set('a', Buffer.from('{"a":1}'));
    now += 1_999;
    expect(cache.get('a')?.toString()).toBe('{"a":1}');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its number of answers, dropping the oldest first', () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', Buffer.from('1'));
    cache.set('b', Buffer.from('2'));
    cache.set('a', Buffer.from('1 again'));
    cache.set('c', Buffer.from('3'));
    expect(['a', 'b', 'c'].map((key) => cache.get(key)?.toString())).toEqual(['1 again', undefined, '3']);
  });

  it('forgets everything at once, and keeps nothing when switched off', () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxEntries: 5 });
    cache.set('a', Buffer.from('1'));
    cache.forget();
    expect(cache.get('a')).toBeUndefined();
    const off = new AnswerCache({ ttlMs: 0, maxEntries: 5 });
    off.set('a', Buffer.from('1'));
    expect(off.get('a')).toBeUndefined();
  });
});
