import type { EquitySnapshot, Fill, IncomeEntry, TradingHistory } from '../server/trading/statistics.ts';
import { computeAllPeriods } from '../server/trading/statistics.ts';
import { median } from './harness.ts';

// A trader's statistics (server/trading/statistics.ts: closed positions rebuilt from the fills, the
// unit-value curve, every period's figures) over 100,000 fills with their income entries and 180 days of
// hourly equity snapshots, against a plain pass summing the same history, in the same process and run.
// The ratio is the figure. One history against ten of a tenth of its size (the same number of fills) shows
// how the cost grows: 1 is linear, n log n about 1.25, the target 2; shuffled input adds the sort.

const FILLS = Number(process.env.BENCH_FILLS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const GROWTH_TARGET = 2;
const DAY = 86_400_000;
const DAYS = 180;
const NOW = Date.UTC(2025, 6, 1);

/** A small seeded generator, so every run measures the same history. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Book = { price: number; size: number; entry: number };

/**
 * Fills on 40 symbols (every fourth in hedge mode): opens, adds, partial and full closes and flips, with
 * realized PnL as the exchange would report it.
 */
export function syntheticHistory(count: number, seed = 1): TradingHistory {
  const next = random(seed);
  const start = NOW - DAYS * DAY;
  const step = (DAYS * DAY) / count;
  const books = new Map<string, Book>();
  const fills: Fill[] = [];
  const income: IncomeEntry[] = [{ type: 'TRANSFER', amount: 10_000, time: start - 1 }];
  for (let i = 0; i < count; i++) {
    const s = Math.floor(next() * 40);
    const symbol = `SYM${s}USDT`;
    const hedge = s % 4 === 0;
    const positionSide = hedge ? (next() < 0.5 ? 'LONG' : 'SHORT') : 'BOTH';
    const key = `${symbol}${positionSide}`;
    const book = books.get(key) ?? { price: 10 + s, size: 0, entry: 0 };
    books.set(key, book);
    book.price *= 1 + (next() - 0.5) * 0.01;
    const price = book.price;
    let qty = Math.ceil(next() * 5000) / 1000;
    let buy = next() < 0.5;
    let realizedPnl = 0;
    if (!hedge && book.size !== 0 && next() < 0.3) {
      // Close the position exactly, as most round trips end.
      qty = Math.abs(book.size);
      buy = book.size < 0;
    }
    if (hedge) {
      // book.size >= 0 on each side; a reduction never exceeds it.
      const reduce = book.size > 0 && next() < 0.45;
      buy = (positionSide === 'LONG') !== reduce;
      if (reduce) {
        qty = next() < 0.5 ? book.size : Math.min(qty, book.size);
        realizedPnl = qty * (price - book.entry) * (positionSide === 'LONG' ? 1 : -1);
        book.size -= qty;
      } else {
        book.entry = (book.entry * book.size + price * qty) / (book.size + qty);
        book.size += qty;
      }
    } else {
      const signed = buy ? qty : -qty;
      if (book.size === 0 || Math.sign(book.size) === Math.sign(signed)) {
        book.entry = (book.entry * Math.abs(book.size) + price * qty) / (Math.abs(book.size) + qty);
      } else {
        const closing = Math.min(qty, Math.abs(book.size));
        realizedPnl = closing * (price - book.entry) * Math.sign(book.size);
        if (qty > Math.abs(book.size)) book.entry = price;
      }
      book.size = Math.round((book.size + signed) * 1000) / 1000;
    }
    const time = Math.floor(start + i * step);
    const commission = price * qty * 0.0004;
    fills.push({
      tradeId: i + 1,
      symbol,
      side: buy ? 'BUY' : 'SELL',
      positionSide,
      price,
      qty,
      realizedPnl,
      commission,
      time,
    });
    if (realizedPnl !== 0) income.push({ type: 'REALIZED_PNL', amount: realizedPnl, time });
    income.push({ type: 'COMMISSION', amount: -commission, time });
  }
  const snapshots: EquitySnapshot[] = [];
  let equity = 10_000;
  for (let t = start; t <= NOW; t += DAY / 24) {
    if ((t - start) % (8 * 3_600_000) === 0) income.push({ type: 'FUNDING_FEE', amount: -1, time: t });
    if ((t - start) % (30 * DAY) === 0 && t > start)
      income.push({ type: 'TRANSFER', amount: 1000, time: t - 1 });
    equity = Math.max(100, equity * (1 + (next() - 0.5) * 0.01));
    snapshots.push({ time: t, equity });
  }
  income.sort((a, b) => a.time - b.time);
  return { fills, income, snapshots, unrealizedPnl: 12.5 };
}

/** The baseline: one plain pass over the same history, summing it. */
function plainPass(history: TradingHistory): number {
  let sum = 0;
  for (const f of history.fills) sum += f.realizedPnl - f.commission;
  for (const e of history.income) sum += e.amount;
  for (const s of history.snapshots) sum += s.equity;
  return sum;
}

function shuffled<T>(items: readonly T[]): T[] {
  const next = random(7);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function measure(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/** Median milliseconds of each function over the rounds, the two alternating so drift hits both alike. */
function medians(a: () => unknown, b: () => unknown): [number, number] {
  for (let i = 0; i < 3; i++) {
    a();
    b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    as.push(measure(a));
    bs.push(measure(b));
  }
  return [median(as), median(bs)];
}

export function runTradingStatisticsBench(): { ratio: number; growth: number; pass: boolean } {
  const history = syntheticHistory(FILLS);
  // Ten different histories of a tenth of the size: the same number of fills in all.
  const tenths = Array.from({ length: 10 }, (_, i) => syntheticHistory(Math.round(FILLS / 10), i + 2));
  const statistics = (hs: TradingHistory[]) => () => hs.map((h) => computeAllPeriods(h, NOW));
  const baseline = (hs: TradingHistory[]) => () => hs.map(plainPass);

  const [statsMs, plainMs] = medians(statistics([history]), baseline([history]));
  const [tenthsMs] = medians(statistics(tenths), baseline(tenths));
  const unsorted = { ...history, fills: shuffled(history.fills), income: shuffled(history.income) };
  const [unsortedMs] = medians(statistics([unsorted]), baseline([unsorted]));

  const figures = computeAllPeriods(history, NOW).all;
  const ratio = statsMs / plainMs;
  const growth = statsMs / tenthsMs;
  const pass = growth <= GROWTH_TARGET;
  const n = history.fills.length.toLocaleString('en');
  const tenth = tenths[0]!.fills.length.toLocaleString('en');
  console.log(
    `  history: ${n} fills, ${history.income.length.toLocaleString('en')} income entries, ${history.snapshots.length.toLocaleString('en')} snapshots; ${figures.trades.toLocaleString('en')} closed positions`,
  );
  console.log(`  ten histories of ${tenth} fills: ${tenthsMs.toFixed(2)} ms in all`);
  console.log(`  ${n} fills, shuffled (the sort included): ${unsortedMs.toFixed(2)} ms`);
  console.log(
    `trading statistics: all five periods over ${n} fills ${statsMs.toFixed(2)} ms vs a plain pass summing the same history ${plainMs.toFixed(2)} ms, ratio ${ratio.toFixed(1)}; one ${n}-fill history vs ten of ${tenth}: x${growth.toFixed(2)} (linear 1, target <= ${GROWTH_TARGET}) ${pass ? 'PASS' : 'BELOW TARGET'}`,
  );
  return { ratio, growth, pass };
}

if (import.meta.main) {
  runTradingStatisticsBench();
}
