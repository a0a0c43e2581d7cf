import { z } from 'zod';
import { MARKET_INTERVALS, symbolField } from './market.ts';

// Support and pressure levels (/pressure; admins at /admin/content/pressure): level sets as analysts publish
// them and as members read them, each level with its state since publication and its distance from the
// live price.

export const LEVEL_BIASES = ['bullish', 'bearish', 'neutral'] as const;
export const LEVEL_STATES = ['untested', 'tested', 'broken'] as const;
export const MAX_LEVELS = 20;
export const MAX_TARGETS = 10;
export const MAX_NOTES = 20_000;

const price = (message: string) => z.number({ message }).positive(message).max(1e12, message);

export const levelInput = z.object({
  price: price('levelPriceInvalid'),
  reason: z.string().trim().max(200, 'tooLong').default(''),
  /** 1 (weak) to 5 (strong), or none. */
  strength: z.number().int().min(1, 'strengthInvalid').max(5, 'strengthInvalid').nullable().default(null),
});

const levelSetFields = {
  symbol: symbolField,
  timeframe: z.enum(MARKET_INTERVALS, { message: 'intervalInvalid' }),
  bias: z.enum(LEVEL_BIASES, { message: 'biasInvalid' }),
  supports: z.array(levelInput).max(MAX_LEVELS, 'tooManyLevels').default([]),
  resistances: z.array(levelInput).max(MAX_LEVELS, 'tooManyLevels').default([]),
  invalidationPrice: price('levelPriceInvalid').nullable().default(null),
  targets: z.array(price('levelPriceInvalid')).max(MAX_TARGETS, 'tooManyTargets').default([]),
  /** Rich text (HTML), sanitized by the server. */
  notes: z.string().max(MAX_NOTES, 'tooLong').default(''),
  /** ISO time after which the set moves to the history list; none: it stays current. */
  expiresAt: z.iso.datetime({ offset: true, message: 'expiryInvalid' }).nullable().default(null),
  /** The roles that may see it; empty: every member. */
  roleIds: z.array(z.number().int()).max(100).default([]),
};

const atLeastOneLevel = (set: { supports: unknown[]; resistances: unknown[] }) =>
  set.supports.length + set.resistances.length > 0;
const levelsRequired = { message: 'levelsRequired', path: ['supports'] };

export const addLevelSetRequest = z.object(levelSetFields).refine(atLeastOneLevel, levelsRequired);
export type AddLevelSetRequest = z.input<typeof addLevelSetRequest>;
export const updateLevelSetRequest = z
  .object({ id: z.number().int(), ...levelSetFields })
  .refine(atLeastOneLevel, levelsRequired);
export type UpdateLevelSetRequest = z.input<typeof updateLevelSetRequest>;
export const levelSetIdRequest = z.object({ id: z.number().int() });
export const levelSetIdQuery = z.object({ id: z.coerce.number().int() });
export const watchLevelSetRequest = z.object({ id: z.number().int(), watch: z.boolean() });

export const levelSetListQuery = z.object({
  symbol: symbolField.optional(),
  timeframe: z.enum(MARKET_INTERVALS, { message: 'intervalInvalid' }).optional(),
  bias: z.enum(LEVEL_BIASES, { message: 'biasInvalid' }).optional(),
  /** The expired sets (history) instead of the current ones. */
  history: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const levelView = z.object({
  id: z.number(),
  price: z.number(),
  reason: z.string(),
  strength: z.number().nullable(),
  /** Since publication, from the set's timeframe candles; null when the market data cannot be read. */
  state: z.enum(LEVEL_STATES).nullable(),
  /** From the last price, in % of it (negative: below); null without a price. */
  distancePercent: z.number().nullable(),
});
export type LevelView = z.infer<typeof levelView>;

export const levelSetView = z.object({
  id: z.number(),
  symbol: z.string(),
  timeframe: z.enum(MARKET_INTERVALS),
  bias: z.enum(LEVEL_BIASES),
  supports: z.array(levelView),
  resistances: z.array(levelView),
  invalidationPrice: z.number().nullable(),
  targets: z.array(z.number()),
  notes: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  /** The caller watches it (alerts when the live price crosses one of its levels). */
  watched: z.boolean(),
  /** The roles that may see it (admins only; empty for members). */
  roleIds: z.array(z.number()),
  lastPrice: z.number().nullable(),
  /** The market data behind the states and distances is the last read (the exchange did not answer). */
  stale: z.boolean(),
});
export type LevelSetView = z.infer<typeof levelSetView>;
export const levelSetList = z.array(levelSetView);
