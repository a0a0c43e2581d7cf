import {
  QUANT_DAILY_KINDS,
  QUANT_RESULT_SOURCES,
  QUANT_RISK_LEVELS,
  QUANT_STATUSES,
  QUANT_TYPES,
  type QuantCard,
  type QuantParameter,
  type QuantResults,
  type QuantStrategy,
} from '#shared/schemas/quant.ts';
import type { QuantDay, QuantRow } from '../services/quant-strategies.ts';
import { isoTime } from './common.ts';

/** Epoch milliseconds of a UTC midnight as its date, YYYY-MM-DD. */
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const isoDayOrNull = (ms: number | null): string | null => (ms === null ? null : isoDay(Number(ms)));

/** A stored word that is one of `words`, else `fallback` (rows are written through the schema; this is a guard). */
function oneOf<const T extends readonly string[]>(words: T, value: string, fallback: T[number]): T[number] {
  return (words as readonly string[]).includes(value) ? (value as T[number]) : fallback;
}

function summaryOf(row: QuantRow, symbols: string[]) {
  return {
    id: row.id,
    name: row.name,
    type: oneOf(QUANT_TYPES, row.type, 'other'),
    market: row.market,
    symbols,
    timeframe: row.timeframe,
    riskLevel: oneOf(QUANT_RISK_LEVELS, row.risk_level, 'high'),
    status: oneOf(QUANT_STATUSES, row.status, 'backtest'),
    createdAt: isoTime(Number(row.created_at)),
    updatedAt: isoTime(Number(row.updated_at)),
  };
}

function resultsOf(row: QuantRow, days: QuantDay[] | undefined): QuantResults {
  return {
    source: oneOf(QUANT_RESULT_SOURCES, row.results_source, 'manual'),
    totalReturn: row.total_return,
    annualizedReturn: row.annualized_return,
    maxDrawdown: row.max_drawdown,
    sharpe: row.sharpe,
    sortino: row.sortino,
    calmar: row.calmar,
    winRate: row.win_rate,
    profitFactor: row.profit_factor,
    trades: row.trades,
    periodStart: isoDayOrNull(row.period_start),
    periodEnd: isoDayOrNull(row.period_end),
    startingBalance: row.starting_balance,
    finalBalance: row.final_balance,
    currency: row.currency,
    daily:
      row.daily_kind && days?.length
        ? {
            kind: oneOf(QUANT_DAILY_KINDS, row.daily_kind, 'profit'),
            points: days.map((d) => ({ date: isoDay(d.day), value: d.value })),
          }
        : null,
  };
}

/** A strategy's card in the list: what it is and its headline figures. */
export function presentQuantCard(row: QuantRow, symbols: string[], roleIds: number[]): QuantCard {
  const results = resultsOf(row, undefined);
  return {
    ...summaryOf(row, symbols),
    traderKeyId: row.trader_key_id,
    roleIds,
    headline: {
      totalReturn: results.totalReturn,
      annualizedReturn: results.annualizedReturn,
      maxDrawdown: results.maxDrawdown,
      sharpe: results.sharpe,
      winRate: results.winRate,
      trades: results.trades,
      periodStart: results.periodStart,
      periodEnd: results.periodEnd,
    },
  };
}

/** Everything of one strategy: description, parameters, tags, the linked trader and the results with their days. */
export function presentQuantStrategy(record: {
  row: QuantRow;
  symbols: string[];
  roleIds: number[];
  days: QuantDay[];
  trader: { id: number; key_name: string; watchable: boolean } | undefined;
}): QuantStrategy {
  const { row } = record;
  return {
    ...summaryOf(row, record.symbols),
    description: row.description,
    parameters: JSON.parse(row.parameters) as QuantParameter[],
    roleIds: record.roleIds,
    trader: record.trader
      ? { id: record.trader.id, keyName: record.trader.key_name, watchable: record.trader.watchable }
      : null,
    results: resultsOf(row, record.days),
  };
}
