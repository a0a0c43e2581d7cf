import { describe, expect, it } from 'vitest';
import { distancePercent, levelState, sideOf } from './levels.ts';

// Hand-made candles around a support at 100 and a resistance at 110.
const bar = (low: number, high: number, close: number) => ({ low, high, close });

describe('levelState', () => {
  it('reads a support as untested, tested when a low comes within 0.1 %, broken when a close is below', () => {
    expect(levelState('support', 100, [])).toBe('untested');
    expect(levelState('support', 100, [bar(101, 105, 104), bar(100.2, 104, 103)])).toBe('untested');
    // 100.1 is within 0.1 % of 100.
    expect(levelState('support', 100, [bar(101, 105, 104), bar(100.1, 104, 103)])).toBe('tested');
    // A wick below that closes above is a test, not a break.
    expect(levelState('support', 100, [bar(98, 104, 100.5)])).toBe('tested');
    expect(levelState('support', 100, [bar(100.1, 104, 103), bar(97, 103, 99.9)])).toBe('broken');
  });

  it('reads a resistance the other way round', () => {
    expect(levelState('resistance', 110, [bar(100, 109.8, 105)])).toBe('untested');
    expect(levelState('resistance', 110, [bar(100, 109.9, 105)])).toBe('tested');
    expect(levelState('resistance', 110, [bar(100, 112, 109)])).toBe('tested');
    expect(levelState('resistance', 110, [bar(100, 112, 110.5)])).toBe('broken');
  });
});

describe('distancePercent and sideOf', () => {
  it('gives the distance in % of the last price, negative below it', () => {
    expect(distancePercent(110, 100)).toBeCloseTo(10, 10);
    expect(distancePercent(95, 100)).toBeCloseTo(-5, 10);
  });

  it('keeps the previous side at exactly the level', () => {
    expect(sideOf(100, 101, 'below')).toBe('above');
    expect(sideOf(100, 99, 'above')).toBe('below');
    expect(sideOf(100, 100, 'above')).toBe('above');
    expect(sideOf(100, 100, 'below')).toBe('below');
  });
});
