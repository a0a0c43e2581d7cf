import { liquidationPrice } from './liquidation-price.ts';
import type { MaintenanceBracket } from './maintenance-brackets.ts';
import { FieldChecker, LONG, type NumberInput, type Outcome, type Side } from './validation.ts';

// Position size from the risk a trader accepts: losing `riskPercent` of the account when the stop is hit.
//   risk amount = account size × risk %
//   stop distance = |entry − stop| (or entry × stop % when the stop is given as a percentage)
//   quantity = risk amount ÷ stop distance; notional = quantity × entry; margin = notional ÷ leverage
// The liquidation price is that of an isolated position with that margin (liquidation-price.ts); a stop at
// or beyond it would never be reached: the position is liquidated first, losing the whole margin.
// Fees and slippage are left out.

export type StopMode = 'price' | 'percent';

export type PositionSizeField = 'accountSize' | 'riskPercent' | 'entryPrice' | 'stop' | 'leverage';

export interface PositionSizeInput {
  side: Side;
  accountSize: NumberInput;
  /** In percent of the account (1 for 1 %). */
  riskPercent: NumberInput;
  entryPrice: NumberInput;
  stopMode: StopMode;
  /** The stop price, or its distance from the entry in percent. */
  stop: NumberInput;
  leverage: NumberInput;
  brackets: readonly MaintenanceBracket[];
}

export interface PositionSizeResult {
  riskAmount: number;
  stopPrice: number;
  stopDistance: number;
  /** A fraction of the entry price. */
  stopDistanceFraction: number;
  quantity: number;
  notional: number;
  margin: number;
  /** Null when the position cannot be liquidated, or its notional is above the tiers' last cap. */
  liquidationPrice: number | null;
  /** The stop lies at or beyond the liquidation price: the position is liquidated before the stop. */
  stopBeyondLiquidation: boolean;
  /** The margin needed is more than the account holds. */
  marginAboveAccount: boolean;
  /** The notional is above the last tier's cap: no liquidation price can be given. */
  notionalAboveTiers: boolean;
}

export function positionSize(input: PositionSizeInput): Outcome<PositionSizeResult, PositionSizeField> {
  const check = new FieldChecker<PositionSizeField>();
  const long = input.side === LONG;
  const account = check.positive('accountSize', input.accountSize);
  const risk = check.number('riskPercent', input.riskPercent);
  if (!Number.isNaN(risk) && (risk <= 0 || risk > 100))
    check.fail('riskPercent', 'range', { min: 0, max: 100 });
  const entry = check.positive('entryPrice', input.entryPrice);
  const leverage = check.leverage('leverage', input.leverage);

  let stopPrice = Number.NaN;
  if (input.stopMode === 'percent') {
    const percent = check.positive('stop', input.stop);
    // A long's stop 100 % below the entry would be at 0.
    if (!Number.isNaN(percent) && long && percent >= 100) check.fail('stop', 'stopBeyondZero');
    else if (!Number.isNaN(entry)) stopPrice = entry * (1 + ((long ? -1 : 1) * percent) / 100);
  } else {
    const stop = check.positive('stop', input.stop);
    if (!Number.isNaN(stop) && !Number.isNaN(entry)) {
      if (stop === entry) check.fail('stop', 'stopEqualsEntry');
      else if (long && stop > entry) check.fail('stop', 'stopAboveEntry');
      else if (!long && stop < entry) check.fail('stop', 'stopBelowEntry');
      else stopPrice = stop;
    }
  }

  return check.done(() => {
    const riskAmount = (account * risk) / 100;
    const stopDistance = Math.abs(entry - stopPrice);
    const quantity = riskAmount / stopDistance;
    const notional = quantity * entry;
    const margin = notional / leverage;
    const liquidation = liquidationPrice({
      side: input.side,
      marginMode: 'isolated',
      entryPrice: entry,
      quantity,
      leverage,
      brackets: input.brackets,
    });
    const price = liquidation.ok ? liquidation.value.liquidationPrice : null;
    return {
      riskAmount,
      stopPrice,
      stopDistance,
      stopDistanceFraction: stopDistance / entry,
      quantity,
      notional,
      margin,
      liquidationPrice: price,
      stopBeyondLiquidation: price !== null && (long ? stopPrice <= price : stopPrice >= price),
      marginAboveAccount: margin > account,
      notionalAboveTiers: !liquidation.ok,
    };
  });
}
