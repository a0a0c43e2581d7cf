// A quantitative strategy's daily series turned into what its page draws: the equity curve with its drawdown
// below the running peak, and the monthly returns table (year × month, compounded from the days). Pure: the
// member page computes it from GET /api/Quant/Get's `daily` and `results.startingBalance`.

/** `profit`: each day's profit in the balance's currency; `equity`: each day's closing balance. */
export type DailySeriesKind = 'profit' | 'equity';
/** A day of the series: `date` is a UTC calendar date, YYYY-MM-DD. */
export type DailyPoint = { date: string; value: number };

export type CurvePoint = {
  date: string;
  equity: number;
  /** Below the highest equity so far (the starting balance included), as a fraction: 0 or negative, at least −1. */
  drawdown: number;
};

/** One year of the table: `months[0]` is January; null where the series does not reach. */
export type MonthlyReturnsRow = { year: number; months: Array<number | null>; total: number | null };

export type QuantReturns = {
  /** The equity the returns are measured from: the starting balance, else the first day's equity. */
  base: number;
  curve: CurvePoint[];
  /** The largest drawdown as a positive fraction (0.25: a fall of 25 % from a peak); 0 without any. */
  maxDrawdown: number;
  monthly: MonthlyReturnsRow[];
};

const monthKey = (date: string) => date.slice(0, 7);

/**
 * The curve, drawdowns and monthly returns of a daily series, days in date order whatever the input order.
 * A profit series adds up from the starting balance; an equity series is read as it is, from the starting
 * balance if given, else from its first day. A month's return is its last equity over the previous month's
 * last (the base for the first month), minus 1, so the months of a year compound to its total; a month inside
 * the series without a day of its own kept its equity (0). Null when there is nothing to measure from: no
 * days, a profit series without a starting balance, or a base at or below zero (and for a month, after the
 * equity reached zero).
 */
export function quantReturns(
  kind: DailySeriesKind,
  points: readonly DailyPoint[],
  startingBalance: number | null,
): QuantReturns | null {
  if (points.length === 0) return null;
  const days = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const base = kind === 'profit' ? startingBalance : (startingBalance ?? days[0]!.value);
  if (base === null || !(base > 0)) return null;

  const curve: CurvePoint[] = [];
  let equity = base;
  let peak = base;
  let maxDrawdown = 0;
  const monthEnd = new Map<string, number>();
  for (const day of days) {
    equity = kind === 'profit' ? equity + day.value : day.value;
    peak = Math.max(peak, equity);
    const drawdown = Math.max(-1, equity / peak - 1);
    maxDrawdown = Math.max(maxDrawdown, -drawdown);
    curve.push({ date: day.date, equity, drawdown });
    monthEnd.set(monthKey(day.date), equity);
  }

  const first = monthKey(days[0]!.date);
  const last = monthKey(days.at(-1)!.date);
  const firstYear = Number(first.slice(0, 4));
  const lastYear = Number(last.slice(0, 4));
  const monthly: MonthlyReturnsRow[] = [];
  const ratio = (end: number, start: number) => (start > 0 ? end / start - 1 : null);
  let previous = base;
  for (let year = firstYear; year <= lastYear; year++) {
    const yearStart = previous;
    const months: Array<number | null> = [];
    for (let month = 1; month <= 12; month++) {
      const key = `${year}-${String(month).padStart(2, '0')}`;
      if (key < first || key > last) {
        months.push(null);
        continue;
      }
      const end = monthEnd.get(key) ?? previous;
      months.push(ratio(end, previous));
      previous = end;
    }
    monthly.push({ year, months, total: ratio(previous, yearStart) });
  }
  return { base, curve, maxDrawdown, monthly };
}
