import { z } from 'zod';
import {
  addQuantRequest,
  type FreqtradeImport,
  type QUANT_RISK_LEVELS,
  type QuantParameter,
  type QuantResults,
  type QuantStrategy,
  type QuantType,
} from '#shared/schemas/quant.ts';
import { type Dayjs, dayjs } from '../../lib/dayjs.ts';

// The quant strategy form's values and the request they stand for. Percentages are entered in % and sent as
// fractions; a figure left as it was read (from the stored strategy or a freqtrade import) is sent exactly as
// it was read, so that the conversion never changes it. The form checks its values with the shared request
// schema (through `quantForm`), so it refuses what the server would, with the same messages.

type Status = QuantStrategy['status'];
type QuantRiskLevel = (typeof QUANT_RISK_LEVELS)[number];

/** Figures entered in %, sent as fractions. */
export const PERCENT_FIELDS = ['totalReturn', 'annualizedReturn', 'maxDrawdown', 'winRate'] as const;
/** Figures entered as they are sent. */
export const PLAIN_FIELDS = [
  'sharpe',
  'sortino',
  'calmar',
  'profitFactor',
  'trades',
  'startingBalance',
  'finalBalance',
] as const;
type PercentField = (typeof PERCENT_FIELDS)[number];
type PlainField = (typeof PLAIN_FIELDS)[number];

export type ResultsFormValues = Record<PercentField | PlainField, number | null> & {
  periodStart: Dayjs | null;
  periodEnd: Dayjs | null;
  currency: string;
};

export interface QuantFormValues {
  name: string;
  type: QuantType | undefined;
  market: string;
  symbols: string[];
  timeframe: string;
  riskLevel: QuantRiskLevel | undefined;
  status: Status | undefined;
  description: string;
  parameters: QuantParameter[];
  roleIds: number[];
  traderKeyId: number | null;
  results: ResultsFormValues;
  /** The results as last read (stored or imported): the exact figures, the source and the daily series. */
  base: QuantResults | null;
}

/** Figures are shown to 4 decimals; one left as shown is sent as it was read, to every decimal. */
const shown = (value: number) => Math.round(value * 10_000) / 10_000;

/** A fraction in %, as shown (0.019 → 1.9, 0.020752812584623716 → 2.0753). */
export function toPercent(fraction: number | null): number | null {
  return fraction === null ? null : shown(fraction * 100);
}

/** A plain figure as shown (4.1654948073499165 → 4.1655). */
export function toShown(value: number | null): number | null {
  return value === null ? null : shown(value);
}

/** A percentage as a fraction (1.9 → 0.019). */
export function toFraction(percent: number): number {
  return Number((percent / 100).toPrecision(12));
}

const dateOf = (text: string | null) => (text ? dayjs(text) : null);

/** The results fields showing `results`. */
export function resultsFormValues(results: QuantResults | null): ResultsFormValues {
  const values = {
    periodStart: dateOf(results?.periodStart ?? null),
    periodEnd: dateOf(results?.periodEnd ?? null),
    currency: results?.currency ?? '',
  } as ResultsFormValues;
  for (const field of PERCENT_FIELDS) values[field] = toPercent(results?.[field] ?? null);
  for (const field of PLAIN_FIELDS) values[field] = toShown(results?.[field] ?? null);
  return values;
}

/** The form's first values: empty for a new strategy, else the strategy as stored. */
export function formValuesOf(strategy: QuantStrategy | null): QuantFormValues {
  return {
    name: strategy?.name ?? '',
    type: strategy?.type,
    market: strategy?.market ?? '',
    symbols: strategy?.symbols ?? [],
    timeframe: strategy?.timeframe ?? '',
    riskLevel: strategy?.riskLevel,
    status: strategy?.status,
    description: strategy?.description ?? '',
    parameters: strategy?.parameters.map(({ key, value }) => ({ key, value })) ?? [],
    roleIds: strategy?.roleIds ?? [],
    traderKeyId: strategy?.trader?.id ?? null,
    results: resultsFormValues(strategy?.results ?? null),
    base: strategy?.results ?? null,
  };
}

/** The form's values once an import is applied: its figures, and its suggestions where the fields are empty. */
export function withImport(values: QuantFormValues, imported: FreqtradeImport): Partial<QuantFormValues> {
  const { suggested } = imported;
  return {
    results: resultsFormValues(imported.results),
    base: imported.results,
    ...(values.timeframe.trim() === '' && suggested.timeframe ? { timeframe: suggested.timeframe } : {}),
    ...(values.symbols.length === 0 && suggested.symbols.length > 0 ? { symbols: suggested.symbols } : {}),
    ...(values.parameters.length === 0 && suggested.parameters.length > 0
      ? { parameters: suggested.parameters.map(({ key, value }) => ({ key, value })) }
      : {}),
  };
}

function resultsBody(raw: Partial<ResultsFormValues> | undefined, base: QuantResults | null) {
  const results = raw ?? {};
  const figures: Record<string, unknown> = {};
  for (const field of PERCENT_FIELDS) {
    const value = results[field] ?? null;
    const read = base?.[field] ?? null;
    if (value === null) figures[field] = null;
    else figures[field] = read !== null && toPercent(read) === value ? read : toFraction(value);
  }
  for (const field of PLAIN_FIELDS) {
    const value = results[field] ?? null;
    const read = base?.[field] ?? null;
    figures[field] = value !== null && read !== null && toShown(read) === value ? read : value;
  }
  const day = (value: Dayjs | null | undefined) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : null);
  const currency = (results.currency ?? '').trim();
  return {
    source: base?.source ?? 'manual',
    ...figures,
    periodStart: day(results.periodStart),
    periodEnd: day(results.periodEnd),
    currency: currency === '' ? null : currency,
    daily: base?.daily ?? null,
  };
}

/** The request body the values stand for, unchecked. */
function bodyShape(raw: unknown) {
  const values = (raw ?? {}) as Partial<QuantFormValues>;
  return {
    name: values.name ?? '',
    type: values.type,
    market: values.market ?? '',
    symbols: values.symbols ?? [],
    timeframe: values.timeframe ?? '',
    riskLevel: values.riskLevel,
    status: values.status,
    description: values.description ?? '',
    parameters: (values.parameters ?? []).map((parameter) => ({
      key: parameter?.key ?? '',
      value: parameter?.value ?? '',
    })),
    roleIds: values.roleIds ?? [],
    traderKeyId: values.traderKeyId ?? null,
    results: resultsBody(values.results, values.base ?? null),
  };
}

/** The shared request schema over the form's values; its output is the body to send. */
export const quantForm = z.preprocess(bodyShape, addQuantRequest);

/** A server field name (`parameters.0.key`) as the form's name path (['parameters', 0, 'key']). */
export function namePathOf(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
