import { FieldChecker, type NumberInput, type Outcome, type Side, sideSign } from './validation.ts';

// A USDⓈ-M futures position's PnL, ROE and target price, as Binance's futures calculator computes them
// (Binance Support, "How to Use the Binance Futures Calculator"):
//   Initial margin = quantity × entry price × IMR, IMR = 1 / leverage
//   PnL = (exit − entry) × quantity for a long, (entry − exit) × quantity for a short
//   ROE = PnL / initial margin
//   Target price = entry × (1 + ROE / leverage) for a long, entry × (1 − ROE / leverage) for a short
// Fees and funding are left out, as Binance's calculator leaves them out.

export type PnlField = 'entryPrice' | 'exitPrice' | 'quantity' | 'leverage';

export interface PnlInput {
  side: Side;
  entryPrice: NumberInput;
  exitPrice: NumberInput;
  /** Of the base asset (BTC for BTCUSDT). */
  quantity: NumberInput;
  leverage: NumberInput;
}

export interface PnlResult {
  initialMargin: number;
  entryNotional: number;
  exitNotional: number;
  pnl: number;
  /** A fraction of the initial margin: 0.25 is 25 %. */
  roe: number;
  /** The price move from entry to exit, as a fraction of the entry price. */
  priceChange: number;
}

export function futuresPnl(input: PnlInput): Outcome<PnlResult, PnlField> {
  const check = new FieldChecker<PnlField>();
  const entry = check.positive('entryPrice', input.entryPrice);
  const exit = check.positive('exitPrice', input.exitPrice);
  const quantity = check.positive('quantity', input.quantity);
  const leverage = check.leverage('leverage', input.leverage);
  return check.done(() => {
    const initialMargin = (quantity * entry) / leverage;
    const pnl = sideSign(input.side) * (exit - entry) * quantity;
    return {
      initialMargin,
      entryNotional: quantity * entry,
      exitNotional: quantity * exit,
      pnl,
      roe: pnl / initialMargin,
      priceChange: (exit - entry) / entry,
    };
  });
}

export type TargetField = 'entryPrice' | 'leverage' | 'targetRoePercent';

export interface TargetInput {
  side: Side;
  entryPrice: NumberInput;
  leverage: NumberInput;
  /** The wanted ROE in percent (50 for 50 %); a loss is negative. */
  targetRoePercent: NumberInput;
}

export interface TargetResult {
  targetPrice: number;
  /** The price move the target asks for, as a fraction of the entry price. */
  priceChange: number;
}

export function targetPrice(input: TargetInput): Outcome<TargetResult, TargetField> {
  const check = new FieldChecker<TargetField>();
  const entry = check.positive('entryPrice', input.entryPrice);
  const leverage = check.leverage('leverage', input.leverage);
  const roePercent = check.number('targetRoePercent', input.targetRoePercent);
  // A price cannot fall to 0: a long loses at most 100 % × leverage, a short gains at most that much.
  if (!Number.isNaN(leverage) && !Number.isNaN(roePercent)) {
    const priceFactor = 1 + (sideSign(input.side) * roePercent) / 100 / leverage;
    if (priceFactor <= 0) check.fail('targetRoePercent', 'targetNotPositive', { limit: leverage * 100 });
  }
  return check.done(() => {
    const priceChange = (sideSign(input.side) * roePercent) / 100 / leverage;
    return { targetPrice: entry * (1 + priceChange), priceChange };
  });
}
