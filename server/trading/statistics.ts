import {
  STATISTICS_PERIOD_DAYS,
  STATISTICS_PERIODS,
  type StatisticsPeriod,
} from '#shared/trading-statistics.ts';
import {
  type DailyPoint,
  dailyPoints,
  type EquitySnapshot,
  type IncomeEntry,
  netValueCurve,
  RESTART_NET_VALUE,
  type Valuation,
} from './net-value.ts';
import { byTime, DAY_MS, inOrder, lowerBound, upperBound, utcDay } from './ordering.ts';
import {
  applyFill,
  type ClosedPosition,
  compareFills,
  createPositionBook,
  type Fill,
  type OpenPosition,
  openPositions,
} from './positions.ts';

// A trader's performance figures (live trading, DESIGN §8) from the stored history: pure, no database or
// network. The definitions are those of shared/trading-statistics.ts (shown on the page). Days are UTC days.
//
// Large histories: prepareHistory does the O(n log n) work once (sorting, unless the history already is in
// time order, and one pass over the fills, income and snapshots); each period's figures are then binary
// searches plus a pass over that period's closed positions, income and days. The positions and net-value
// steps underneath (positions.ts, net-value.ts) also work one fill / snapshot at a time for a caller that
// keeps their state between syncs.
//
// Empty cases: figures that need something to count are null without it (ROI, max drawdown and Sharpe
// without snapshots in the period, win rate and average holding time without closed positions); counts
// and sums are 0. Profit factor is null without closed positions or when all closed at exactly 0, 0 when
// none won, and Infinity when some won and none lost (JSON has no Infinity: present it as "∞").

export type { EquitySnapshot, IncomeEntry, IncomeType } from './net-value.ts';
export { TRANSFER_INCOME_TYPES } from './net-value.ts';
export type { ClosedPosition, Fill, FillSide, OpenPosition, PositionSide } from './positions.ts';
export { closedPositions, rebuildPositions } from './positions.ts';
export type { StatisticsPeriod };

export interface TradingHistory {
  fills: readonly Fill[];
  income: readonly IncomeEntry[];
  /** Hourly equity snapshots. */
  snapshots: readonly EquitySnapshot[];
  /** Unrealized PnL of the positions open now. */
  unrealizedPnl: number;
}

export interface SideFigures {
  trades: number;
  wins: number;
  /** Sum of the closed positions' PnL net of commission. */
  pnl: number;
}

export interface PnlFigures {
  /** REALIZED_PNL income (gross of commission). */
  realized: number;
  /** FUNDING_FEE income. */
  funding: number;
  /** COMMISSION income (negative: a cost). */
  commission: number;
  /** realized + funding + commission. */
  netRealized: number;
  /** Unrealized PnL of the positions open now, whatever the period. */
  unrealized: number;
  /** netRealized + unrealized. */
  total: number;
}

export interface NetValuePoint {
  /** Start of the UTC day (epoch ms). */
  day: number;
  /** Unit value at the day's close. */
  netValue: number;
}

export interface DailyPnlBar {
  day: number;
  /** Close-to-close equity change minus the day's net transfers (mark-to-market). */
  pnl: number;
  /** The day's REALIZED_PNL + FUNDING_FEE + COMMISSION income. */
  realized: number;
}

export interface StatisticsFigures {
  period: StatisticsPeriod;
  /** Start of the period's first UTC day (epoch ms); null for 'all'. */
  from: number | null;
  /** The moment the figures are computed at; later history is left out. */
  to: number;
  /** Unit value at the period's last snapshot / unit value before the period − 1; −1 after a wipe-out. */
  roi: number | null;
  pnl: PnlFigures;
  /** Largest fall of the unit value from a previous peak, as a fraction (0.25 = 25 %). */
  maxDrawdown: number | null;
  /** Closed positions with net PnL > 0 / closed positions. */
  winRate: number | null;
  /** grossProfit / grossLoss; see the header for null, 0 and Infinity. */
  profitFactor: number | null;
  /** Sum of the net PnL of the winning closed positions. */
  grossProfit: number;
  /** Sum of the net losses of the losing closed positions, as a positive number. */
  grossLoss: number;
  /** Closed positions. */
  trades: number;
  wins: number;
  losses: number;
  averageHoldingMs: number | null;
  long: SideFigures;
  short: SideFigures;
  /** UTC days with at least one fill. */
  tradingDays: number;
  /** Mean / sample standard deviation of the daily unit-value returns × √365, risk-free rate 0. */
  sharpe: number | null;
  netValueCurve: NetValuePoint[];
  dailyPnl: DailyPnlBar[];
}

/** A history made ready for the figures of any period at `now`: build once, query per period. */
export interface PreparedHistory {
  now: number;
  /** In closing order. */
  closed: readonly ClosedPosition[];
  open: readonly OpenPosition[];
  ignoredFills: number;
  /** UTC days with at least one fill, ascending. */
  fillDays: readonly number[];
  /** REALIZED_PNL, FUNDING_FEE and COMMISSION income in time order. */
  pnlIncome: readonly IncomeEntry[];
  realizedByDay: ReadonlyMap<number, number>;
  valuations: readonly Valuation[];
  daily: readonly DailyPoint[];
  unrealizedPnl: number;
}

const PNL_INCOME_TYPES: ReadonlySet<string> = new Set(['REALIZED_PNL', 'FUNDING_FEE', 'COMMISSION']);
const ANNUALIZATION = Math.sqrt(365);
/** A standard deviation below this is treated as 0 (all daily returns equal but for rounding). */
const FLAT_RETURNS = 1e-12;

/** The items of a time-ordered list up to `now` included. */
function upTo<T extends { time: number }>(items: readonly T[], now: number): readonly T[] {
  const end = upperBound(items, now, (item) => item.time);
  return end === items.length ? items : items.slice(0, end);
}

export function prepareHistory(history: TradingHistory, now: number): PreparedHistory {
  const fills = upTo(inOrder(history.fills, compareFills), now);
  const book = createPositionBook();
  const closed: ClosedPosition[] = [];
  const fillDays: number[] = [];
  for (const fill of fills) {
    applyFill(book, fill, closed);
    const day = utcDay(fill.time);
    if (fillDays[fillDays.length - 1] !== day) fillDays.push(day);
  }

  const income = upTo(inOrder(history.income, byTime), now);
  const pnlIncome = income.filter((entry) => PNL_INCOME_TYPES.has(entry.type));
  const realizedByDay = new Map<number, number>();
  let day = Number.NaN;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const entry of pnlIncome) {
    // In time order: a day's entries are consecutive, summed without a lookup per entry.
    if (entry.time >= dayEnd) {
      if (!Number.isNaN(day)) realizedByDay.set(day, sum);
      day = utcDay(entry.time);
      dayEnd = day + DAY_MS;
      sum = 0;
    }
    sum += entry.amount;
  }
  if (pnlIncome.length) realizedByDay.set(day, sum);

  const valuations = netValueCurve(upTo(inOrder(history.snapshots, byTime), now), income);
  return {
    now,
    closed,
    open: openPositions(book),
    ignoredFills: book.ignoredFills,
    fillDays,
    pnlIncome,
    realizedByDay,
    valuations,
    daily: dailyPoints(valuations),
    unrealizedPnl: history.unrealizedPnl,
  };
}

function pnlFigures(prepared: PreparedHistory, from: number): PnlFigures {
  let realized = 0;
  let funding = 0;
  let commission = 0;
  const income = prepared.pnlIncome;
  for (let i = lowerBound(income, from, (e) => e.time); i < income.length; i++) {
    const entry = income[i]!;
    if (entry.type === 'REALIZED_PNL') realized += entry.amount;
    else if (entry.type === 'FUNDING_FEE') funding += entry.amount;
    else commission += entry.amount;
  }
  const netRealized = realized + funding + commission;
  const unrealized = prepared.unrealizedPnl;
  return { realized, funding, commission, netRealized, unrealized, total: netRealized + unrealized };
}

type PositionFigures = Pick<
  StatisticsFigures,
  | 'winRate'
  | 'profitFactor'
  | 'grossProfit'
  | 'grossLoss'
  | 'trades'
  | 'wins'
  | 'losses'
  | 'averageHoldingMs'
  | 'long'
  | 'short'
>;

function positionFigures(closed: readonly ClosedPosition[], from: number): PositionFigures {
  const long: SideFigures = { trades: 0, wins: 0, pnl: 0 };
  const short: SideFigures = { trades: 0, wins: 0, pnl: 0 };
  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let holding = 0;
  const start = lowerBound(closed, from, (p) => p.closeTime);
  for (let i = start; i < closed.length; i++) {
    const position = closed[i]!;
    const net = position.netPnl;
    const side = position.side === 'LONG' ? long : short;
    side.trades++;
    side.pnl += net;
    if (net > 0) {
      wins++;
      side.wins++;
      grossProfit += net;
    } else if (net < 0) {
      losses++;
      grossLoss -= net;
    }
    holding += position.holdingMs;
  }
  const trades = closed.length - start;
  let profitFactor: number | null = null;
  if (grossLoss > 0) profitFactor = grossProfit / grossLoss;
  else if (grossProfit > 0) profitFactor = Number.POSITIVE_INFINITY;
  return {
    winRate: trades ? wins / trades : null,
    profitFactor,
    grossProfit,
    grossLoss,
    trades,
    wins,
    losses,
    averageHoldingMs: trades ? holding / trades : null,
    long,
    short,
  };
}

type CurveFigures = Pick<StatisticsFigures, 'roi' | 'maxDrawdown' | 'sharpe' | 'netValueCurve' | 'dailyPnl'>;

function curveFigures(prepared: PreparedHistory, from: number): CurveFigures {
  const { valuations, daily, realizedByDay } = prepared;
  const first = lowerBound(valuations, from, (v) => v.time);
  // The unit value just before the period, or the opening value when the history starts within it.
  const before = valuations[first - 1]?.netValue;
  const base = before && before > 0 ? before : RESTART_NET_VALUE;
  let roi: number | null = null;
  let maxDrawdown: number | null = null;
  if (first < valuations.length) {
    let peak = base;
    let wiped = false;
    maxDrawdown = 0;
    for (let i = first; i < valuations.length; i++) {
      const value = valuations[i]!.netValue;
      if (value <= 0) wiped = true;
      if (value > peak) peak = value;
      else maxDrawdown = Math.max(maxDrawdown, (peak - value) / peak);
    }
    roi = wiped ? -1 : valuations[valuations.length - 1]!.netValue / base - 1;
  }

  const firstDay = lowerBound(daily, from, (d) => d.day);
  const returns: number[] = [];
  const netValues: NetValuePoint[] = [];
  const bars: DailyPnlBar[] = [];
  let previous = daily[firstDay - 1]?.netValue ?? RESTART_NET_VALUE;
  for (let i = firstDay; i < daily.length; i++) {
    const point = daily[i]!;
    if (previous > 0) returns.push(point.netValue / previous - 1);
    previous = point.netValue;
    netValues.push({ day: point.day, netValue: point.netValue });
    bars.push({ day: point.day, pnl: point.pnl, realized: realizedByDay.get(point.day) ?? 0 });
  }
  return { roi, maxDrawdown, sharpe: sharpeRatio(returns), netValueCurve: netValues, dailyPnl: bars };
}

/** Annualized Sharpe ratio of daily returns (risk-free 0): null with fewer than 2 or all equal. */
export function sharpeRatio(dailyReturns: readonly number[]): number | null {
  const n = dailyReturns.length;
  if (n < 2) return null;
  let sum = 0;
  for (const r of dailyReturns) sum += r;
  const mean = sum / n;
  let squares = 0;
  for (const r of dailyReturns) squares += (r - mean) ** 2;
  const deviation = Math.sqrt(squares / (n - 1));
  return deviation < FLAT_RETURNS ? null : (mean / deviation) * ANNUALIZATION;
}

/** The start of a period's first UTC day, or -Infinity for 'all'. */
export function periodStart(period: StatisticsPeriod, now: number): number {
  if (period === 'all') return Number.NEGATIVE_INFINITY;
  return utcDay(now) - (STATISTICS_PERIOD_DAYS[period] - 1) * DAY_MS;
}

export function periodFigures(prepared: PreparedHistory, period: StatisticsPeriod): StatisticsFigures {
  const from = periodStart(period, prepared.now);
  const { fillDays } = prepared;
  return {
    period,
    from: Number.isFinite(from) ? from : null,
    to: prepared.now,
    ...curveFigures(prepared, from),
    pnl: pnlFigures(prepared, from),
    ...positionFigures(prepared.closed, from),
    tradingDays: fillDays.length - lowerBound(fillDays, from, (day) => day),
  };
}

/** One period's figures at `now` (epoch ms). */
export function computeStatistics(
  history: TradingHistory,
  period: StatisticsPeriod,
  now: number,
): StatisticsFigures {
  return periodFigures(prepareHistory(history, now), period);
}

/** Every period's figures at `now`, sharing one preparation of the history. */
export function computeAllPeriods(
  history: TradingHistory,
  now: number,
): Record<StatisticsPeriod, StatisticsFigures> {
  const prepared = prepareHistory(history, now);
  return Object.fromEntries(
    STATISTICS_PERIODS.map((period) => [period, periodFigures(prepared, period)]),
  ) as Record<StatisticsPeriod, StatisticsFigures>;
}
