// Support and resistance levels read against the market (the /pressure cards and the crossing alerts): pure
// functions both sides use, on candles as the market API answers them.

export type LevelKind = 'support' | 'resistance';
export type LevelState = 'untested' | 'tested' | 'broken';

/** How near (a fraction of the level's price) a candle's low or high must come for the level to count as tested. */
export const TESTED_WITHIN = 0.001;

type Bar = { high: number; low: number; close: number };

/**
 * A level's state over the candles since it was published, oldest first: broken once a candle closed beyond
 * it (a support below, a resistance above); else tested once a candle's low (support) or high (resistance)
 * came within TESTED_WITHIN of it; else untested. The candle still open counts with its close so far.
 */
export function levelState(kind: LevelKind, price: number, candles: readonly Bar[]): LevelState {
  let tested = false;
  for (const candle of candles) {
    if (kind === 'support') {
      if (candle.close < price) return 'broken';
      if (candle.low <= price * (1 + TESTED_WITHIN)) tested = true;
    } else {
      if (candle.close > price) return 'broken';
      if (candle.high >= price * (1 - TESTED_WITHIN)) tested = true;
    }
  }
  return tested ? 'tested' : 'untested';
}

/** How far the level is from the last price, in % of the last price (negative: below it). */
export function distancePercent(level: number, lastPrice: number): number {
  return ((level - lastPrice) / lastPrice) * 100;
}

/** The side of a level a price is on; a price exactly at the level has not crossed it yet (`previous` kept). */
export function sideOf(level: number, price: number, previous: 'above' | 'below'): 'above' | 'below' {
  if (price > level) return 'above';
  if (price < level) return 'below';
  return previous;
}
