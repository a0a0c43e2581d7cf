// Small helpers shared by the statistics files: UTC days, sorting only when needed, binary search.

export const DAY_MS = 86_400_000;

/** The start (epoch ms) of the UTC day containing `time`. */
export function utcDay(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/**
 * `items` in the order of `compare`: the same array when it already is (one O(n) check: stored history
 * is normally read in time order), otherwise a sorted copy (O(n log n)). The input is never changed.
 */
export function inOrder<T>(items: readonly T[], compare: (a: T, b: T) => number): readonly T[] {
  for (let i = 1; i < items.length; i++) {
    if (compare(items[i - 1]!, items[i]!) > 0) return [...items].sort(compare);
  }
  return items;
}

export const byTime = (a: { time: number }, b: { time: number }): number => a.time - b.time;

/** The index of the first element whose key is >= `value` (items sorted by key), or items.length. */
export function lowerBound<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first element whose key is > `value` (items sorted by key), or items.length. */
export function upperBound<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
