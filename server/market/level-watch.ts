import type { Kysely } from 'kysely';
import { sideOf } from '#shared/levels.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB } from '../db/schema.ts';
import type { ExchangeLogger } from '../exchange/exchange-reader.ts';
import { inTransaction, recordHubEvent } from '../services/hub-events.ts';
import type { MarketData } from './market-data.ts';

// Crossing alerts for watched level sets: every `everyMs` the live price of each symbol with a watched,
// current set is read (through the market cache: at most once a second per symbol) and compared with where
// it stood against each of the set's levels (`level_marks`). A side that changed is a crossing: the mark
// moves and a `levels.crossed` hub event is recorded in the same transaction, on the condition that the
// mark still holds the old side, so that however many processes watch, each crossing is recorded once.
// The hub delivers it to the set's watchers who may still see it; one who is away gets it on reconnecting.
// A level seen for the first time only gets its mark.

export type LevelWatch = { start(): void; stop(): Promise<void>; tick(): Promise<void> };

export function createLevelWatch(options: {
  db: Kysely<DB>;
  market: Pick<MarketData, 'ticker'>;
  log: ExchangeLogger;
  everyMs?: number;
}): LevelWatch {
  const { db, market, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function tickOnce(): Promise<void> {
    const now = Date.now();
    const levels = await db
      .selectFrom('levels as l')
      .innerJoin('level_sets as s', 's.id', 'l.set_id')
      .select(['l.id', 'l.set_id', 'l.kind', 'l.price', 's.symbol'])
      .where((eb) => eb.or([eb('s.expires_at', 'is', null), eb('s.expires_at', '>', now)]))
      .where((eb) =>
        eb.exists(eb.selectFrom('level_watches as w').select('w.set_id').whereRef('w.set_id', '=', 's.id')),
      )
      .execute();
    if (levels.length === 0) return;
    const marks = new Map(
      (
        await db
          .selectFrom('level_marks')
          .selectAll()
          .where('level_id', 'in', idsOrNone(levels.map((l) => l.id)))
          .execute()
      ).map((m) => [m.level_id, m]),
    );
    const prices = new Map<string, number | undefined>();
    for (const symbol of new Set(levels.map((l) => l.symbol))) {
      // A symbol whose price cannot be read now (exchange down, taken off the list) waits for the next tick.
      const price = await market.ticker(symbol).then(
        (t) => (t.stale ? undefined : t.value.lastPrice),
        () => undefined,
      );
      prices.set(symbol, price);
    }
    for (const level of levels) {
      const price = prices.get(level.symbol);
      if (price === undefined || stopped) continue;
      const mark = marks.get(level.id);
      if (!mark) {
        await db
          .insertInto('level_marks')
          .values({ level_id: level.id, side: sideOf(level.price, price, 'above'), price, at: now })
          .onConflict((c) => c.column('level_id').doNothing())
          .execute();
        continue;
      }
      const previous = mark.side as 'above' | 'below';
      const side = sideOf(level.price, price, previous);
      if (side === previous) continue;
      await inTransaction(db, async (trx) => {
        const moved = await trx
          .updateTable('level_marks')
          .set({ side, price, at: now })
          .where('level_id', '=', level.id)
          .where('side', '=', previous)
          .executeTakeFirst();
        // Another process recorded this crossing first.
        if (Number(moved.numUpdatedRows) === 0) return;
        await recordHubEvent(trx, {
          name: 'levels.crossed',
          setId: level.set_id,
          levelId: level.id,
          symbol: level.symbol,
          kind: level.kind as 'support' | 'resistance',
          level: level.price,
          price,
          direction: side === 'above' ? 'up' : 'down',
          at: now,
        });
      });
    }
  }

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= tickOnce()
      .catch((error: unknown) => log.warn({ error: String(error) }, 'level watch: a tick failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), options.everyMs ?? 1_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    tick,
  };
}
