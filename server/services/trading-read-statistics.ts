import type { Kysely } from 'kysely';
import type { StatisticsPeriod } from '#shared/trading-statistics.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB } from '../db/schema.ts';
import type { StatisticsFigures } from '../trading/statistics.ts';
import { listTraders, traderKeyOf } from './trading-read.ts';
import { consistentRead, historyVersion } from './trading-read-history.ts';
import type { ComputedFigures, TradingReadCache } from './trading-read-store.ts';

// A trader's statistics (server/trading/statistics.ts) from the stored history, and the comparison of the
// traders a caller watches. The first computation reads every fill, income entry and snapshot of the key;
// the cache (trading-read-store.ts) keeps them with the figures, so a later request reads the history's
// version (a few aggregates) and answers from memory, or reads only the rows added since and computes
// again. The unrealized PnL of the open positions moves with every mark price: it is read fresh each time
// and added to the kept figures.

export type KeyFigures = { key: { id: number; key_name: string }; figures: StatisticsFigures };

/** Unrealized PnL of each key's open positions now (keys without any are left out). */
async function unrealizedByKey(db: Kysely<DB>, keyIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('trader_positions')
    .select((eb) => ['key_id', eb.fn.sum<number>('unrealized_pnl').as('pnl')])
    .where('key_id', 'in', idsOrNone(keyIds))
    .groupBy('key_id')
    .execute();
  return new Map(rows.map((row) => [row.key_id, Number(row.pnl)]));
}

/** A key's figures for every period, from what the cache keeps when its history has not changed since. */
function figuresOf(
  db: Kysely<DB>,
  cache: TradingReadCache,
  keyId: number,
  now: number,
): Promise<ComputedFigures> {
  return consistentRead(db, async (trx) => cache.figures(trx, keyId, await historyVersion(trx, keyId), now));
}

function withUnrealized(figures: StatisticsFigures, unrealized: number): StatisticsFigures {
  const pnl = { ...figures.pnl, unrealized, total: figures.pnl.netRealized + unrealized };
  return { ...figures, pnl };
}

/** One key's figures for a period (a notFound DomainError for a key that does not exist). */
export async function traderStatistics(
  db: Kysely<DB>,
  cache: TradingReadCache,
  keyId: number,
  period: StatisticsPeriod,
  now = Date.now(),
): Promise<KeyFigures> {
  const key = await traderKeyOf(db, keyId);
  const all = await figuresOf(db, cache, keyId, now);
  const unrealized = (await unrealizedByKey(db, [keyId])).get(keyId) ?? 0;
  return { key, figures: withUnrealized(all[period], unrealized) };
}

/** Every watched key's figures for a period, by key id (`'all'`: every key). */
export async function statisticsComparison(
  db: Kysely<DB>,
  cache: TradingReadCache,
  keys: 'all' | number[],
  period: StatisticsPeriod,
  now = Date.now(),
): Promise<KeyFigures[]> {
  const traders = await listTraders(db, keys);
  const unrealized = await unrealizedByKey(
    db,
    traders.map((t) => t.id),
  );
  const result: KeyFigures[] = [];
  // One key after another: a first computation reads a key's whole history, better not all at once.
  for (const trader of traders) {
    const all = await figuresOf(db, cache, trader.id, now);
    result.push({
      key: { id: trader.id, key_name: trader.key_name },
      figures: withUnrealized(all[period], unrealized.get(trader.id) ?? 0),
    });
  }
  return result;
}
