import type { Kysely } from 'kysely';
import { STATISTICS_PERIODS, type StatisticsPeriod } from '#shared/trading-statistics.ts';
import type { DB } from '../db/schema.ts';
import { inOrder, utcDay } from '../trading/ordering.ts';
import { applyFill, compareFills, createPositionBook, type PositionBook } from '../trading/positions.ts';
import {
  type ClosedPosition,
  type EquitySnapshot,
  type Fill,
  type IncomeEntry,
  periodFigures,
  prepareHistory,
  type StatisticsFigures,
} from '../trading/statistics.ts';
import {
  type HistoryVersion,
  loadFills,
  loadIncome,
  loadSnapshots,
  recentClosed,
  type Tally,
} from './trading-read-history.ts';

// A key's stored history kept in memory per process, with what was computed from it: the position book and
// every closed position (the live snapshot's), and every period's figures. A request brings it up to the
// version it read in its own transaction: when only newer rows were added (the usual case: the sync worker
// appends what the exchange reports) it reads just those and applies the new fills to the book; otherwise
// (a backfill of the past, a first read) it reads the part again. The figures are computed again only when
// something changed, or the UTC day turned (periods count days back from today). So a trader with 100,000
// fills costs one full read; later requests read a few aggregates and, after a new fill, that fill.
//
// One request per key at a time works on its history (`withKey`), so two never apply the same new rows.
// A request whose transaction saw an older version than the one kept (it began just before a newer sync
// committed) reads its own copy instead: what it answers must match its snapshot's `seq`.

/** Every period's figures of a key, computed with no unrealized PnL (added per request: it moves). */
export type ComputedFigures = Record<StatisticsPeriod, StatisticsFigures>;

type Part<T> = Tally & { items: T[] };

export type KeyHistory = {
  fills: Part<Fill>;
  book: PositionBook;
  /** In closing order. */
  closed: ClosedPosition[];
  /** Read with the first statistics request. */
  income?: Part<IncomeEntry>;
  equity?: Part<EquitySnapshot> & { value: number | null };
  figures?: { day: number; figures: ComputedFigures };
};

/** Rows kept over every key before the least recently used keys' histories are dropped. */
const MAX_ROWS = 2_000_000;

const same = (part: Tally, version: Tally) => part.count === version.count && part.last === version.last;
/** The version has more rows than the part and none older than its latest (or the part is empty). */
const ahead = (part: Tally, version: Tally) =>
  version.count > part.count && (part.last === null || (version.last !== null && version.last >= part.last));
const behind = (part: Tally, version: Tally) => version.count < part.count;

function emptyHistory(): KeyHistory {
  return { fills: { count: 0, last: null, items: [] }, book: createPositionBook(), closed: [] };
}

async function readAllFills(db: Kysely<DB>, keyId: number, version: Tally, history: KeyHistory) {
  const items = [...inOrder(await loadFills(db, keyId), compareFills)];
  history.book = createPositionBook();
  history.closed = [];
  for (const fill of items) applyFill(history.book, fill, history.closed);
  history.fills = { ...version, items };
}

/** Brings the fills (and the book and closed positions built from them) to `version`. */
async function refreshFills(db: Kysely<DB>, keyId: number, version: Tally, history: KeyHistory) {
  const part = history.fills;
  if (same(part, version)) return;
  history.figures = undefined;
  if (ahead(part, version)) {
    const added = await loadFills(db, keyId, part.last ?? undefined);
    if (part.count + added.length === version.count) {
      for (const fill of inOrder(added, compareFills)) {
        applyFill(history.book, fill, history.closed);
        part.items.push(fill);
      }
      history.fills = { ...version, items: part.items };
      return;
    }
  }
  await readAllFills(db, keyId, version, history);
}

async function refreshIncome(db: Kysely<DB>, keyId: number, version: Tally, history: KeyHistory) {
  const part = history.income;
  if (part && same(part, version)) return;
  history.figures = undefined;
  if (part && ahead(part, version)) {
    const added = await loadIncome(db, keyId, part.last ?? undefined);
    if (part.count + added.read === version.count) {
      part.items.push(...added.entries);
      history.income = { ...version, items: part.items };
      return;
    }
  }
  history.income = { ...version, items: (await loadIncome(db, keyId)).entries };
}

const HOUR_MS = 3_600_000;

async function refreshEquity(
  db: Kysely<DB>,
  keyId: number,
  version: HistoryVersion['equity'],
  history: KeyHistory,
) {
  const part = history.equity;
  if (part && same(part, version) && part.value === version.value) return;
  history.figures = undefined;
  if (part && part.last !== null && version.count >= part.count) {
    // The latest hour is read again: the sync replaces the current hour's snapshot with a later one.
    const hour = Math.floor(part.last / HOUR_MS) * HOUR_MS;
    const read = await loadSnapshots(db, keyId, hour);
    let kept = part.items.length;
    while (kept > 0 && part.items[kept - 1]!.time >= hour) kept--;
    if (kept + read.length === version.count) {
      part.items.length = kept;
      part.items.push(...read);
      history.equity = { ...version, items: part.items };
      return;
    }
  }
  history.equity = { ...version, items: await loadSnapshots(db, keyId) };
}

export class TradingReadCache {
  private readonly histories = new Map<number, KeyHistory>();
  private readonly turns = new Map<number, Promise<unknown>>();

  /** Runs `work` once every earlier call for the same key has finished. */
  private async withKey<T>(keyId: number, work: () => Promise<T>): Promise<T> {
    const before = this.turns.get(keyId) ?? Promise.resolve();
    const run = before.then(work, work);
    const turn = run.catch(() => {});
    this.turns.set(keyId, turn);
    try {
      return await run;
    } finally {
      if (this.turns.get(keyId) === turn) this.turns.delete(keyId);
    }
  }

  /** The kept history, or a fresh one to fill (kept unless `version` is older than what is kept). */
  private historyFor(keyId: number, fills: Tally): { history: KeyHistory; keep: boolean } {
    const kept = this.histories.get(keyId);
    if (kept && behind(kept.fills, fills)) return { history: emptyHistory(), keep: false };
    return { history: kept ?? emptyHistory(), keep: true };
  }

  private keep(keyId: number, history: KeyHistory): void {
    this.histories.delete(keyId);
    this.histories.set(keyId, history);
    let rows = 0;
    for (const h of this.histories.values())
      rows += h.fills.items.length + (h.income?.items.length ?? 0) + (h.equity?.items.length ?? 0);
    for (const [id, h] of this.histories) {
      if (rows <= MAX_ROWS || id === keyId) break;
      rows -= h.fills.items.length + (h.income?.items.length ?? 0) + (h.equity?.items.length ?? 0);
      this.histories.delete(id);
    }
  }

  /** The most recent closed positions as of `version` (read by the caller, in `db`'s transaction), newest first. */
  recentClosed(db: Kysely<DB>, keyId: number, version: Tally): Promise<ClosedPosition[]> {
    return this.withKey(keyId, async () => {
      const { history, keep } = this.historyFor(keyId, version);
      await refreshFills(db, keyId, version, history);
      if (keep) this.keep(keyId, history);
      return recentClosed(history.closed);
    });
  }

  /** Every period's figures as of `version` at `now` (the history read in `db`'s transaction). */
  figures(db: Kysely<DB>, keyId: number, version: HistoryVersion, now: number): Promise<ComputedFigures> {
    return this.withKey(keyId, async () => {
      const { history, keep } = this.historyFor(keyId, version.fills);
      if (!keep || olderThanKept(history, version))
        return computeFigures(await readHistory(db, keyId, version, emptyHistory()), now);
      await readHistory(db, keyId, version, history);
      this.keep(keyId, history);
      const day = utcDay(now);
      if (history.figures?.day === day) return history.figures.figures;
      const figures = computeFigures(history, now);
      // Rows stamped after `now` (an exchange clock a little ahead) are left out of these figures: not kept.
      const latest = [version.fills.last, version.income.last, version.equity.last];
      if (latest.every((time) => time === null || time <= now)) history.figures = { day, figures };
      return figures;
    });
  }
}

/** The transaction saw fewer rows than the kept history holds: it began before a newer sync committed. */
function olderThanKept(history: KeyHistory, version: HistoryVersion): boolean {
  return (
    (history.income !== undefined && behind(history.income, version.income)) ||
    (history.equity !== undefined && behind(history.equity, version.equity))
  );
}

async function readHistory(db: Kysely<DB>, keyId: number, version: HistoryVersion, history: KeyHistory) {
  await refreshFills(db, keyId, version.fills, history);
  await refreshIncome(db, keyId, version.income, history);
  await refreshEquity(db, keyId, version.equity, history);
  return history;
}

function computeFigures(history: KeyHistory, now: number): ComputedFigures {
  const prepared = prepareHistory(
    {
      fills: history.fills.items,
      income: history.income?.items ?? [],
      snapshots: history.equity?.items ?? [],
      unrealizedPnl: 0,
    },
    now,
  );
  return Object.fromEntries(
    STATISTICS_PERIODS.map((period) => [period, periodFigures(prepared, period)]),
  ) as ComputedFigures;
}
