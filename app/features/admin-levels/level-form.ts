import { z } from 'zod';
import { addLevelSetRequest, type LevelSetView, MAX_LEVELS } from '#shared/schemas/levels.ts';
import type { MarketInterval } from '#shared/schemas/market.ts';
import { type Dayjs, dayjs } from '../../lib/dayjs.ts';
import type { LevelBias } from './levels-api.ts';

// The level set form's values and the request they stand for. The form checks its values with the shared
// request schema (through `levelSetForm`), so it refuses what the server would, with the same messages.

export interface LevelRowValues {
  price: number | null;
  reason: string;
  strength: number | null;
}

export interface LevelSetFormValues {
  symbol: string | undefined;
  timeframe: MarketInterval;
  bias: LevelBias | undefined;
  supports: LevelRowValues[];
  resistances: LevelRowValues[];
  invalidationPrice: number | null;
  targets: (number | null)[];
  notes: string;
  expiresAt: Dayjs | null;
  roleIds: number[];
}

export const EMPTY_LEVEL: LevelRowValues = { price: null, reason: '', strength: null };
export const DEFAULT_TIMEFRAME: MarketInterval = '4h';

/** The form's first values: empty for a new set, else the set as stored. */
export function formValuesOf(set: LevelSetView | null): LevelSetFormValues {
  const rows = (levels: LevelSetView['supports']) =>
    levels.map(({ price, reason, strength }) => ({ price, reason, strength }));
  return {
    symbol: set?.symbol,
    timeframe: set?.timeframe ?? DEFAULT_TIMEFRAME,
    bias: set?.bias,
    supports: set ? rows(set.supports) : [],
    resistances: set ? rows(set.resistances) : [],
    invalidationPrice: set?.invalidationPrice ?? null,
    targets: set?.targets ?? [],
    notes: set?.notes ?? '',
    expiresAt: set?.expiresAt ? dayjs(set.expiresAt) : null,
    roleIds: set?.roleIds ?? [],
  };
}

/** The request body the values stand for, unchecked (blank prices stay null so that the schema names them). */
function bodyShape(raw: unknown) {
  const values = (raw ?? {}) as Partial<LevelSetFormValues>;
  const rows = (levels: LevelRowValues[] | undefined) =>
    (levels ?? []).map((level) => ({
      price: level?.price ?? null,
      reason: level?.reason ?? '',
      strength: level?.strength ?? null,
    }));
  return {
    symbol: values.symbol,
    timeframe: values.timeframe,
    bias: values.bias,
    supports: rows(values.supports),
    resistances: rows(values.resistances),
    invalidationPrice: values.invalidationPrice ?? null,
    targets: (values.targets ?? []).map((target) => target ?? null),
    notes: values.notes ?? '',
    expiresAt: dayjs.isDayjs(values.expiresAt) ? values.expiresAt.toISOString() : null,
    roleIds: values.roleIds ?? [],
  };
}

/** The shared request schema over the form's values; its output is the body to send. */
export const levelSetForm = z.preprocess(bodyShape, addLevelSetRequest);

/**
 * The message key of what is wrong with one list of levels as a whole, or null. The schema's "at least one
 * level" check runs only once every other field is valid, so the form asks it here, on the supports as the
 * server does.
 */
export function levelsIssue(
  values: Partial<LevelSetFormValues>,
  list: 'supports' | 'resistances',
): 'levelsRequired' | 'tooManyLevels' | null {
  const count = (values[list] ?? []).length;
  if (count > MAX_LEVELS) return 'tooManyLevels';
  const total = (values.supports ?? []).length + (values.resistances ?? []).length;
  return list === 'supports' && total === 0 ? 'levelsRequired' : null;
}

/** The server refuses an expiry that is not in the future (`expiryPast`); the form says so before sending. */
export function expiryIssue(expiresAt: Dayjs | null | undefined, now = Date.now()): 'expiryPast' | null {
  return dayjs.isDayjs(expiresAt) && expiresAt.valueOf() <= now ? 'expiryPast' : null;
}

/** A server field name (`supports.0.price`) as the form's name path (['supports', 0, 'price']). */
export function namePathOf(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
