import { distancePercent, type LevelKind, levelState } from '#shared/levels.ts';
import type { LevelSetView, LevelView } from '#shared/schemas/levels.ts';
import type { Candle } from '../exchange/exchange-reader.ts';
import type { LevelRow, LevelSetRecord } from '../services/level-sets.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

// Level sets as members (and admins) read them: each level with its state since publication and its distance
// from the last price, when the market data could be read.

/** What the market says of a set's symbol and timeframe: candles since publication and the last price. */
export type LevelMarket = { candles: Candle[]; lastPrice: number; stale: boolean } | null;

function presentLevel(level: LevelRow, market: LevelMarket): LevelView {
  return {
    id: level.id,
    price: level.price,
    reason: level.reason,
    strength: level.strength,
    state: market ? levelState(level.kind as LevelKind, level.price, market.candles) : null,
    distancePercent: market ? distancePercent(level.price, market.lastPrice) : null,
  };
}

export function presentLevelSet(
  record: LevelSetRecord,
  market: LevelMarket,
  options: { admin: boolean; now: number },
): LevelSetView {
  const { set } = record;
  const of = (kind: LevelKind) =>
    record.levels.filter((l) => l.kind === kind).map((l) => presentLevel(l, market));
  return {
    id: set.id,
    symbol: set.symbol,
    timeframe: set.timeframe as LevelSetView['timeframe'],
    bias: set.bias as LevelSetView['bias'],
    supports: of('support'),
    resistances: of('resistance'),
    invalidationPrice: set.invalidation_price,
    targets: JSON.parse(set.targets) as number[],
    notes: set.notes,
    publishedAt: isoTime(set.published_at),
    updatedAt: isoTime(set.updated_at),
    expiresAt: isoTimeOrNull(set.expires_at),
    expired: set.expires_at !== null && set.expires_at <= options.now,
    watched: record.watched,
    roleIds: options.admin ? record.roleIds : [],
    lastPrice: market?.lastPrice ?? null,
    stale: market?.stale ?? false,
  };
}
