import { FieldChecker, type NumberInput, type Outcome, type Side, sideSign } from './validation.ts';

// Funding fee of a perpetual futures position (Binance Support, "Introduction to Binance Futures Funding
// Rates": funding amount = nominal value of positions × funding rate). A positive rate means longs pay
// shorts, a negative one shorts pay longs; only positions open at a funding time pay or receive.

export type FundingField = 'notional' | 'fundingRatePercent' | 'intervals' | 'intervalHours';

/** The most funding intervals one calculation covers (a year of hourly funding). */
export const MAX_INTERVALS = 8760;
/** Binance's funding intervals, in hours. */
export const FUNDING_INTERVAL_HOURS = [1, 2, 4, 8] as const;

export interface FundingInput {
  side: Side;
  /** Position notional (size × mark price), in USDT. */
  notional: NumberInput;
  /** In percent per interval (0.01 for 0.01 %); may be negative. */
  fundingRatePercent: NumberInput;
  intervals: NumberInput;
  intervalHours: NumberInput;
}

export interface FundingResult {
  /** What the position receives per interval: negative when it pays. */
  perInterval: number;
  /** Over all the intervals. */
  total: number;
  /** Per day at this interval (24 ÷ hours intervals). */
  perDay: number;
  /** Who pays at this rate, whatever the side. */
  payer: 'longs' | 'shorts' | 'nobody';
  /** The time the intervals cover, in hours. */
  hours: number;
}

export function fundingFee(input: FundingInput): Outcome<FundingResult, FundingField> {
  const check = new FieldChecker<FundingField>();
  const notional = check.positive('notional', input.notional);
  const rate = check.range('fundingRatePercent', input.fundingRatePercent, -100, 100);
  const intervals = check.range('intervals', input.intervals, 1, MAX_INTERVALS, { integer: true });
  const hours = check.range('intervalHours', input.intervalHours, 1, 24, { integer: true });
  return check.done(() => {
    // The position receives −side × notional × rate: a long pays a positive rate.
    const perInterval = -sideSign(input.side) * notional * (rate / 100);
    return {
      perInterval,
      total: perInterval * intervals,
      perDay: perInterval * (24 / hours),
      payer: rate > 0 ? 'longs' : rate < 0 ? 'shorts' : 'nobody',
      hours: intervals * hours,
    };
  });
}
