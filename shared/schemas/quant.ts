import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { symbolField } from './market.ts';

// Quantitative strategies (/api/Quant/...): admins publish them with their backtest or live results, members
// see those their roles admit. Returns, drawdown and win rate are fractions (0.12 = 12 %), as freqtrade and
// the live trading statistics give them; balances and daily profits are amounts in `currency`. Dates are UTC
// calendar dates, YYYY-MM-DD. shared/quant-returns.ts turns the daily series into the curve and the monthly
// table.

export const QUANT_TYPES = [
  'grid',
  'trend',
  'meanReversion',
  'arbitrage',
  'dca',
  'marketMaking',
  'other',
] as const;
export type QuantType = (typeof QUANT_TYPES)[number];
export const QUANT_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const QUANT_STATUSES = ['backtest', 'paper', 'live'] as const;
export const QUANT_DAILY_KINDS = ['profit', 'equity'] as const;
export const QUANT_RESULT_SOURCES = ['manual', 'freqtrade'] as const;
/** The list's orders: total return (highest first), max drawdown (smallest first), Sharpe (highest first), newest. */
export const QUANT_SORTS = ['return', 'drawdown', 'sharpe', 'newest'] as const;

export const QUANT_LIMITS = {
  name: 100,
  market: 60,
  timeframe: 20,
  symbols: 20,
  parameters: 50,
  parameterKey: 60,
  parameterValue: 200,
  description: 200_000,
  currency: 12,
  dailyPoints: 10_000,
  roles: 100,
} as const;

export const quantType = z.enum(QUANT_TYPES, { message: 'quantTypeInvalid' });
export const quantRiskLevel = z.enum(QUANT_RISK_LEVELS, { message: 'quantRiskLevelInvalid' });
export const quantStatus = z.enum(QUANT_STATUSES, { message: 'quantStatusInvalid' });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
export const quantDate = z.string({ message: 'quantDateInvalid' }).refine(isIsoDate, 'quantDateInvalid');

const number = () => z.number({ message: 'quantNumberInvalid' });
/** A figure that may be left out (null), within [min, max]. */
const figure = (min: number, max: number, key: MessageKey) =>
  number().min(min, key).max(max, key).nullable().default(null);

export const dailyPoint = z.object({ date: quantDate, value: number().min(-1e15).max(1e15) });
export type QuantDailyPoint = z.infer<typeof dailyPoint>;

export const dailySeriesInput = z
  .object({
    kind: z.enum(QUANT_DAILY_KINDS, { message: 'quantDailyKindInvalid' }),
    points: z.array(dailyPoint).max(QUANT_LIMITS.dailyPoints, 'quantDailyTooMany'),
  })
  .superRefine((series, ctx) => {
    const seen = new Set<string>();
    for (const [index, point] of series.points.entries()) {
      if (seen.has(point.date))
        ctx.addIssue({ code: 'custom', path: ['points', index, 'date'], message: 'quantDailyDuplicate' });
      seen.add(point.date);
    }
  });

/** The largest annualized return kept: a few days' backtest annualizes to absurd figures (freqtrade's cagr). */
export const ANNUALIZED_RETURN_MAX = 1e9;

/** Results as admins enter or import them: every figure optional (null). */
export const quantResultsInput = z
  .object({
    source: z.enum(QUANT_RESULT_SOURCES).default('manual'),
    totalReturn: figure(-1, 1e6, 'quantReturnRange'),
    annualizedReturn: figure(-1, ANNUALIZED_RETURN_MAX, 'quantReturnRange'),
    maxDrawdown: figure(0, 1, 'quantDrawdownRange'),
    sharpe: figure(-1e6, 1e6, 'quantRatioRange'),
    sortino: figure(-1e6, 1e6, 'quantRatioRange'),
    calmar: figure(-1e6, 1e6, 'quantRatioRange'),
    winRate: figure(0, 1, 'quantWinRateRange'),
    profitFactor: figure(0, 1e6, 'quantRatioRange'),
    trades: number()
      .int('quantTradesInvalid')
      .min(0, 'quantTradesInvalid')
      .max(1e9, 'quantTradesInvalid')
      .nullable()
      .default(null),
    periodStart: quantDate.nullable().default(null),
    periodEnd: quantDate.nullable().default(null),
    startingBalance: number()
      .gt(0, 'quantBalanceRange')
      .max(1e15, 'quantBalanceRange')
      .nullable()
      .default(null),
    finalBalance: figure(0, 1e15, 'quantBalanceRange'),
    /** The balances' and daily amounts' currency, e.g. USDT (blank: none). */
    currency: z.string().trim().max(QUANT_LIMITS.currency, 'quantCurrencyTooLong').nullable().default(null),
    daily: dailySeriesInput.nullable().default(null),
  })
  .superRefine((results, ctx) => {
    if (results.periodStart && results.periodEnd && results.periodEnd < results.periodStart)
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'quantPeriodOrder' });
    if (
      results.daily?.kind === 'profit' &&
      results.daily.points.length > 0 &&
      results.startingBalance === null
    )
      ctx.addIssue({ code: 'custom', path: ['startingBalance'], message: 'quantStartingBalanceRequired' });
  });
export type QuantResultsInput = z.input<typeof quantResultsInput>;

export const quantParameter = z.object({
  key: z
    .string({ message: 'quantParameterKeyRequired' })
    .trim()
    .min(1, { message: 'quantParameterKeyRequired', abort: true })
    .max(QUANT_LIMITS.parameterKey, 'quantParameterKeyTooLong'),
  value: z.string().trim().max(QUANT_LIMITS.parameterValue, 'quantParameterValueTooLong'),
});
export type QuantParameter = z.infer<typeof quantParameter>;

const strategyFields = {
  name: z
    .string({ message: 'quantNameRequired' })
    .trim()
    .min(1, { message: 'quantNameRequired', abort: true })
    .max(QUANT_LIMITS.name, 'quantNameTooLong'),
  type: quantType,
  /** Free text, e.g. "USDⓈ-M futures". */
  market: z.string().trim().max(QUANT_LIMITS.market, 'quantMarketTooLong').default(''),
  /** Upper-cased; repeats are dropped. */
  symbols: z.array(symbolField).max(QUANT_LIMITS.symbols, 'quantSymbolsTooMany').default([]),
  /** Free text, e.g. 1h. */
  timeframe: z.string().trim().max(QUANT_LIMITS.timeframe, 'quantTimeframeTooLong').default(''),
  riskLevel: quantRiskLevel,
  status: quantStatus,
  /** Rich text HTML, cleaned when saved as strategies and articles are. */
  description: z.string().max(QUANT_LIMITS.description, 'contentTooLong').default(''),
  parameters: z
    .array(quantParameter)
    .max(QUANT_LIMITS.parameters, 'quantParametersTooMany')
    .default([])
    .superRefine((parameters, ctx) => {
      const seen = new Set<string>();
      for (const [index, parameter] of parameters.entries()) {
        if (seen.has(parameter.key))
          ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'quantParameterKeyDuplicate' });
        seen.add(parameter.key);
      }
    }),
  /** Role tags that may see the strategy; none: every member. */
  roleIds: z.array(z.number().int()).max(QUANT_LIMITS.roles).default([]),
  /** A trader key whose live statistics members see beside the results. */
  traderKeyId: z.number().int().nullable().default(null),
  results: quantResultsInput.prefault({}),
};

export const addQuantRequest = z.object(strategyFields);
export type AddQuantRequest = z.input<typeof addQuantRequest>;
/** Replaces everything of the strategy (the daily series too). */
export const updateQuantRequest = z.object({ id: z.number().int(), ...strategyFields });
export type UpdateQuantRequest = z.input<typeof updateQuantRequest>;
export const quantIdRequest = z.object({ id: z.number().int() });
export const quantIdQuery = z.object({ id: z.coerce.number().int() });

export const quantListQuery = z.object({
  type: quantType.optional(),
  status: quantStatus.optional(),
  riskLevel: quantRiskLevel.optional(),
  /** Strategies trading this symbol. */
  symbol: symbolField.optional(),
  sort: z.enum(QUANT_SORTS, { message: 'invalid' }).default('newest'),
});
export type QuantListQuery = z.input<typeof quantListQuery>;

export const dailySeries = z.object({
  kind: z.enum(QUANT_DAILY_KINDS),
  /** In date order. */
  points: z.array(dailyPoint),
});

/** Results as the API gives them (and as the freqtrade import proposes them): the input's shape, filled. */
export const quantResults = z.object({
  source: z.enum(QUANT_RESULT_SOURCES),
  totalReturn: z.number().nullable(),
  annualizedReturn: z.number().nullable(),
  maxDrawdown: z.number().nullable(),
  sharpe: z.number().nullable(),
  sortino: z.number().nullable(),
  calmar: z.number().nullable(),
  winRate: z.number().nullable(),
  profitFactor: z.number().nullable(),
  trades: z.number().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  startingBalance: z.number().nullable(),
  finalBalance: z.number().nullable(),
  currency: z.string().nullable(),
  daily: dailySeries.nullable(),
});
export type QuantResults = z.infer<typeof quantResults>;

/** The figures a card shows. */
export const quantHeadline = quantResults.pick({
  totalReturn: true,
  annualizedReturn: true,
  maxDrawdown: true,
  sharpe: true,
  winRate: true,
  trades: true,
  periodStart: true,
  periodEnd: true,
});

const strategySummary = {
  id: z.number(),
  name: z.string(),
  type: z.enum(QUANT_TYPES),
  market: z.string(),
  symbols: z.array(z.string()),
  timeframe: z.string(),
  riskLevel: z.enum(QUANT_RISK_LEVELS),
  status: z.enum(QUANT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** GET /api/Quant/List: a card per strategy. */
export const quantCard = z.object({
  ...strategySummary,
  /** A linked trader key (its live statistics shown beside the results). */
  traderKeyId: z.number().nullable(),
  /** The role tags that may see it (administrators only; empty for members). */
  roleIds: z.array(z.number()),
  headline: quantHeadline,
});
export type QuantCard = z.infer<typeof quantCard>;
export const quantCardList = z.array(quantCard);

/** GET /api/Quant/Get: everything of one strategy. */
export const quantStrategy = z.object({
  ...strategySummary,
  description: z.string(),
  parameters: z.array(quantParameter),
  roleIds: z.array(z.number()),
  /** The linked trader key; `watchable`: the caller may open its live statistics (/api/Trading/Statistics). */
  trader: z.object({ id: z.number(), keyName: z.string(), watchable: z.boolean() }).nullable(),
  results: quantResults,
});
export type QuantStrategy = z.infer<typeof quantStrategy>;

/** POST /api/Quant/ImportFreqtrade?strategy=: which strategy of the file to read (the first when left out). */
export const freqtradeImportQuery = z.object({ strategy: z.string().trim().min(1).max(200).optional() });

/** The results read from a freqtrade backtest file, for the admin to review before saving. */
export const freqtradeImport = z.object({
  /** Every strategy the file holds, in its order. */
  strategies: z.array(z.string()),
  /** The one read. */
  strategy: z.string(),
  results: quantResults,
  /** What the file says of the strategy's other fields (the backtest's timeframe, pairs and settings). */
  suggested: z.object({
    timeframe: z.string().nullable(),
    symbols: z.array(z.string()),
    parameters: z.array(quantParameter),
  }),
});
export type FreqtradeImport = z.infer<typeof freqtradeImport>;
