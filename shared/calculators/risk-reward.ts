import { FieldChecker, LONG, type NumberInput, type Outcome, SHORT, type Side } from './validation.ts';

// Risk/reward of a trade from its entry, stop and target. The stop gives the direction: below the entry a
// long, above it a short; the target must lie on the other side.
//   risk = |entry − stop|, reward = |target − entry|, R multiple = reward ÷ risk
//   break-even win rate = risk ÷ (risk + reward) = 1 ÷ (1 + R): winning that share of such trades (each win
//   +R, each loss −1) nets 0. Fees and slippage are left out.

export type RiskRewardField = 'entryPrice' | 'stopPrice' | 'targetPrice';

export interface RiskRewardInput {
  entryPrice: NumberInput;
  stopPrice: NumberInput;
  targetPrice: NumberInput;
}

export interface RiskRewardResult {
  side: Side;
  risk: number;
  reward: number;
  /** Fractions of the entry price. */
  riskFraction: number;
  rewardFraction: number;
  rMultiple: number;
  breakEvenWinRate: number;
}

export function riskReward(input: RiskRewardInput): Outcome<RiskRewardResult, RiskRewardField> {
  const check = new FieldChecker<RiskRewardField>();
  const entry = check.positive('entryPrice', input.entryPrice);
  const stop = check.positive('stopPrice', input.stopPrice);
  const target = check.positive('targetPrice', input.targetPrice);
  if (!Number.isNaN(entry) && !Number.isNaN(stop) && stop === entry)
    check.fail('stopPrice', 'stopEqualsEntry');
  const side: Side = stop < entry ? LONG : SHORT;
  if (!Number.isNaN(entry) && !Number.isNaN(stop) && !Number.isNaN(target) && stop !== entry) {
    if (side === LONG ? target <= entry : target >= entry) check.fail('targetPrice', 'targetWrongSide');
  }
  return check.done(() => {
    const risk = Math.abs(entry - stop);
    const reward = Math.abs(target - entry);
    return {
      side,
      risk,
      reward,
      riskFraction: risk / entry,
      rewardFraction: reward / entry,
      rMultiple: reward / risk,
      breakEvenWinRate: risk / (risk + reward),
    };
  });
}
