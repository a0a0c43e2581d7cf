import { FieldChecker, type NumberInput, type Outcome } from './validation.ts';

// Compound growth: a start amount earning a rate per period, each period's gain added to the balance, with
// an optional contribution paid in at the end of every period (after that period's gain):
//   end(n) = end(n − 1) × (1 + rate) + contribution, end(0) = start
// which is start × (1 + r)^n + contribution × ((1 + r)^n − 1) ÷ r (contribution × n when r = 0).

export type CompoundField = 'startAmount' | 'ratePercent' | 'periods' | 'contribution';

/** The most periods one calculation covers (50 years of months). */
export const MAX_PERIODS = 600;

export interface CompoundInput {
  startAmount: NumberInput;
  /** Per period, in percent (2 for 2 %); a loss is negative, down to −100 %. */
  ratePercent: NumberInput;
  periods: NumberInput;
  /** Paid in at the end of each period (optional, 0). */
  contribution?: NumberInput;
}

export interface CompoundPeriod {
  period: number;
  startBalance: number;
  gain: number;
  contribution: number;
  endBalance: number;
}

export interface CompoundResult {
  finalAmount: number;
  /** The start amount plus every contribution. */
  totalPaidIn: number;
  /** Final amount − total paid in. */
  totalGain: number;
  /** Final amount ÷ total paid in − 1; null when nothing was paid in. */
  totalReturn: number | null;
  schedule: CompoundPeriod[];
}

export function compoundGrowth(input: CompoundInput): Outcome<CompoundResult, CompoundField> {
  const check = new FieldChecker<CompoundField>();
  const start = check.nonNegative('startAmount', input.startAmount);
  const rate = check.number('ratePercent', input.ratePercent);
  if (!Number.isNaN(rate) && rate < -100) check.fail('ratePercent', 'rateTooLow', { min: -100 });
  const periods = check.range('periods', input.periods, 1, MAX_PERIODS, { integer: true });
  const contribution = check.nonNegative('contribution', input.contribution, { optional: true });
  return check.done(() => {
    const schedule: CompoundPeriod[] = [];
    let balance = start;
    for (let period = 1; period <= periods; period++) {
      const gain = balance * (rate / 100);
      const endBalance = balance + gain + contribution;
      schedule.push({ period, startBalance: balance, gain, contribution, endBalance });
      balance = endBalance;
    }
    const totalPaidIn = start + contribution * periods;
    return {
      finalAmount: balance,
      totalPaidIn,
      totalGain: balance - totalPaidIn,
      totalReturn: totalPaidIn > 0 ? balance / totalPaidIn - 1 : null,
      schedule,
    };
  });
}
