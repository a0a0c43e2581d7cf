import { z } from 'zod';
import {
  ANNUALIZED_RETURN_MAX,
  type FreqtradeImport,
  isIsoDate,
  QUANT_LIMITS,
  type QuantParameter,
  quantResultsInput,
} from '#shared/schemas/quant.ts';
import { DomainError } from '../services/errors.ts';

// Reads the backtest result file freqtrade writes (`freqtrade backtesting --export trades`:
// user_data/backtest_results/backtest-result-<time>.json): a top-level "strategy" object keyed by strategy
// name (and "strategy_comparison", a summary row per strategy). Only the figures we show are read; the rest
// (trades, per-pair tables, locks...) is left alone. How its fields map to ours: docs/decisions.md.

/** What a strategy's figures must look like; anything else of the file may be there or not. */
const strategyStats = z.object({
  total_trades: z.number().int().min(0),
  profit_total: z.number(),
  starting_balance: z.number(),
  final_balance: z.number(),
  backtest_start: z.string(),
  backtest_end: z.string(),
  cagr: z.number().nullish(),
  // Older files have only max_drawdown_account; newer ones also max_relative_drawdown.
  max_relative_drawdown: z.number().nullish(),
  max_drawdown_account: z.number().nullish(),
  // Older files have no sharpe, sortino, calmar or winrate.
  sharpe: z.number().nullish(),
  sortino: z.number().nullish(),
  calmar: z.number().nullish(),
  wins: z.number().int().min(0).nullish(),
  losses: z.number().int().min(0).nullish(),
  winrate: z.number().nullish(),
  profit_factor: z.number().nullish(),
  stake_currency: z.string().nullish(),
  /** [date (YYYY-MM-DD), the day's profit in the stake currency], every day from the first close to the last. */
  daily_profit: z.array(z.tuple([z.string(), z.number()])).nullish(),
  timeframe: z.string().nullish(),
  pairlist: z.array(z.string()).nullish(),
  // Settings worth showing as parameters.
  stake_amount: z.union([z.number(), z.string()]).nullish(),
  max_open_trades: z.number().nullish(),
  stoploss: z.number().nullish(),
  trailing_stop: z.boolean().nullish(),
  minimal_roi: z.record(z.string(), z.number()).nullish(),
  trading_mode: z.string().nullish(),
  margin_mode: z.string().nullish(),
  timerange: z.string().nullish(),
});
type StrategyStats = z.infer<typeof strategyStats>;

/** The settings offered as parameters, in this order. */
const SETTINGS = [
  'stake_currency',
  'stake_amount',
  'max_open_trades',
  'stoploss',
  'trailing_stop',
  'minimal_roi',
  'trading_mode',
  'margin_mode',
  'timerange',
] as const satisfies ReadonlyArray<keyof StrategyStats>;

const refuse = (key: string, extensions: Record<string, unknown> = {}) =>
  new DomainError('invalid', key, { file: [key] }, extensions);

const isZip = (data: Buffer) =>
  data.length >= 4 &&
  data[0] === 0x50 &&
  data[1] === 0x4b &&
  (data[2] === 3 || data[2] === 5 || data[2] === 7);
const isGzip = (data: Buffer) => data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The results of one strategy of a freqtrade backtest result file (`strategy`, else the file's first), with
 * the names of all its strategies. Throws DomainError (400) for anything that is not such a file, naming the
 * field at fault (`field`) when a strategy's figures are missing or of the wrong type.
 */
export function readFreqtradeResult(data: Buffer, strategy?: string): FreqtradeImport {
  if (data.length === 0) throw refuse('uploadEmpty');
  if (isZip(data) || isGzip(data)) throw refuse('freqtradeArchive');
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw refuse('freqtradeNotJson');
  }
  if (!isRecord(parsed) || !isRecord(parsed.strategy)) throw refuse('freqtradeNotResult');
  const strategies = Object.keys(parsed.strategy);
  if (strategies.length === 0) throw refuse('freqtradeNoStrategy');
  const name = strategy ?? strategies[0]!;
  if (!Object.hasOwn(parsed.strategy, name))
    throw new DomainError('invalid', 'freqtradeStrategyUnknown', { strategy: ['freqtradeStrategyUnknown'] });

  const stats = strategyStats.safeParse(parsed.strategy[name]);
  if (!stats.success) {
    const path = stats.error.issues[0]?.path.join('.') ?? '';
    throw refuse('freqtradeFieldInvalid', { field: `strategy.${name}${path ? `.${path}` : ''}` });
  }
  return {
    strategies,
    strategy: name,
    results: resultsOf(stats.data, name),
    suggested: {
      timeframe: stats.data.timeframe?.slice(0, QUANT_LIMITS.timeframe) || null,
      symbols: symbolsOf(stats.data.pairlist ?? []),
      parameters: parametersOf(stats.data),
    },
  };
}

/** A freqtrade date-time ("2024-01-28 00:00:00") as its UTC date. */
function dateOf(value: string, field: string, name: string): string {
  const date = value.slice(0, 10);
  if (!isIsoDate(date)) throw refuse('freqtradeFieldInvalid', { field: `strategy.${name}.${field}` });
  return date;
}

function resultsOf(s: StrategyStats, name: string) {
  const input = {
    source: 'freqtrade',
    totalReturn: s.profit_total,
    // A backtest of a few days annualizes to figures that say nothing: left out rather than refused.
    annualizedReturn: s.cagr != null && s.cagr <= ANNUALIZED_RETURN_MAX ? s.cagr : null,
    maxDrawdown: s.max_relative_drawdown ?? s.max_drawdown_account ?? null,
    sharpe: s.sharpe ?? null,
    sortino: s.sortino ?? null,
    calmar: s.calmar ?? null,
    winRate: s.winrate ?? (s.wins != null && s.total_trades > 0 ? s.wins / s.total_trades : null),
    // freqtrade writes 0 when nothing was lost (nothing to divide by): that is no figure, not a zero.
    profitFactor: s.profit_factor == null || s.losses === 0 ? null : s.profit_factor,
    trades: s.total_trades,
    periodStart: dateOf(s.backtest_start, 'backtest_start', name),
    periodEnd: dateOf(s.backtest_end, 'backtest_end', name),
    startingBalance: s.starting_balance,
    finalBalance: s.final_balance,
    currency: s.stake_currency?.slice(0, QUANT_LIMITS.currency) ?? null,
    daily: s.daily_profit?.length
      ? { kind: 'profit', points: s.daily_profit.map(([date, value]) => ({ date, value })) }
      : null,
  };
  // Held to the same rules as results entered by hand, so that what is proposed can be saved.
  const checked = quantResultsInput.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new DomainError(
      'invalid',
      'freqtradeFieldInvalid',
      { file: [issue.message] },
      { field: `results.${issue.path.join('.')}` },
    );
  }
  const results = checked.data;
  return {
    ...results,
    currency: results.currency || null,
    daily: results.daily
      ? {
          kind: results.daily.kind,
          points: [...results.daily.points].sort((a, b) => a.date.localeCompare(b.date)),
        }
      : null,
  };
}

/** freqtrade pairs ("BTC/USDT:USDT", "ETH/BTC") as exchange symbols (BTCUSDT, ETHBTC), once each. */
function symbolsOf(pairs: string[]): string[] {
  const symbols = new Set<string>();
  for (const pair of pairs) {
    const symbol = (pair.split(':')[0] ?? '').replace('/', '').toUpperCase();
    if (/^[A-Z0-9]{2,30}$/.test(symbol)) symbols.add(symbol);
  }
  return [...symbols].slice(0, QUANT_LIMITS.symbols);
}

function parametersOf(s: StrategyStats): QuantParameter[] {
  const parameters: QuantParameter[] = [];
  for (const key of SETTINGS) {
    const value = s[key];
    if (value === null || value === undefined || value === '') continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    parameters.push({ key, value: text.slice(0, QUANT_LIMITS.parameterValue) });
  }
  return parameters;
}
