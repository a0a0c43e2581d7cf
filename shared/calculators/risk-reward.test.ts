import { describe, expect, it } from 'vitest';
import { riskReward } from './risk-reward.ts';

// Worked out by hand: R = reward ÷ risk, break-even win rate = 1 ÷ (1 + R).

describe('risk/reward', () => {
  it('reads a long from a stop below the entry', () => {
    // Entry 100, stop 95, target 115: risk 5, reward 15, 3R; break-even 1 ÷ 4 = 25 % (25 wins × 3R = 75 losses × 1R).
    expect(riskReward({ entryPrice: 100, stopPrice: 95, targetPrice: 115 })).toEqual({
      ok: true,
      value: {
        side: 'long',
        risk: 5,
        reward: 15,
        riskFraction: 0.05,
        rewardFraction: 0.15,
        rMultiple: 3,
        breakEvenWinRate: 0.25,
      },
    });
  });

  it('reads a short from a stop above the entry', () => {
    // Entry 50, stop 52, target 46: risk 2, reward 4, 2R; break-even 1 ÷ 3.
    const outcome = riskReward({ entryPrice: 50, stopPrice: 52, targetPrice: 46 });
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value.side).toBe('short');
    expect(outcome.value.rMultiple).toBe(2);
    expect(outcome.value.breakEvenWinRate).toBeCloseTo(1 / 3, 12);
  });

  it('refuses a stop at the entry and a target on the stop’s side', () => {
    expect(riskReward({ entryPrice: 100, stopPrice: 100, targetPrice: 110 })).toEqual({
      ok: false,
      errors: { stopPrice: { code: 'stopEqualsEntry' } },
    });
    expect(riskReward({ entryPrice: 100, stopPrice: 95, targetPrice: 90 })).toEqual({
      ok: false,
      errors: { targetPrice: { code: 'targetWrongSide' } },
    });
    expect(riskReward({ entryPrice: 100, stopPrice: 105, targetPrice: 100 })).toEqual({
      ok: false,
      errors: { targetPrice: { code: 'targetWrongSide' } },
    });
    expect(riskReward({ entryPrice: null, stopPrice: 0, targetPrice: 1 })).toEqual({
      ok: false,
      errors: { entryPrice: { code: 'required' }, stopPrice: { code: 'positive' } },
    });
  });
});
