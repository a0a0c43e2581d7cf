import {
  bracketHolds,
  bracketIndexFor,
  type MaintenanceBracket,
  maintenanceMargin,
} from './maintenance-brackets.ts';
import { FieldChecker, LONG, type NumberInput, type Outcome, type Side, sideSign } from './validation.ts';

// Liquidation price of a USDⓈ-M futures position in one-way mode, by Binance's published formula (Binance
// Support, "How to Calculate Liquidation Price of USDⓈ-M Futures Contracts",
// https://www.binance.com/en/support/faq/how-to-calculate-liquidation-price-of-usd%E2%93%A2-m-futures-contracts-b3c689c1f50a44cabb3a84e663b81d93):
//
//   LP = (WB − TMM1 + UPNL1 + cumB − Side1BOTH × Position1BOTH × EP1BOTH)
//        / (Position1BOTH × MMR_B − Side1BOTH × Position1BOTH)
//
// WB the wallet balance (cross) or the position's isolated margin (isolated); TMM1 and UPNL1 the maintenance
// margin and unrealized PnL of the account's other positions (0 in isolated mode); cumB and MMR_B the
// maintenance amount and rate of the position's tier; Side 1 long, −1 short; Position the absolute size; EP
// the entry price. The tier is first the one of the notional at entry; the FAQ adds that when the notional
// at the price found lies in another tier, that tier's rate and amount are used instead, so the answer is
// the price at which equity meets the maintenance margin of the tier the position is in at that price.
// A price of 0 or less means the position cannot be liquidated (Binance shows "--").

export type MarginMode = 'isolated' | 'cross';

export type LiquidationField =
  | 'entryPrice'
  | 'quantity'
  | 'leverage'
  | 'addedMargin'
  | 'walletBalance'
  | 'otherMaintenanceMargin'
  | 'otherUnrealizedPnl';

export interface LiquidationInput {
  side: Side;
  marginMode: MarginMode;
  entryPrice: NumberInput;
  /** Absolute size in the base asset. */
  quantity: NumberInput;
  /** Isolated: the margin is notional ÷ leverage, plus `addedMargin`. */
  leverage: NumberInput;
  /** Isolated: margin added to the position after it was opened (optional, 0). */
  addedMargin?: NumberInput;
  /** Cross: the account's cross wallet balance. */
  walletBalance?: NumberInput;
  /** Cross: maintenance margin of the other positions (TMM1, optional, 0). */
  otherMaintenanceMargin?: NumberInput;
  /** Cross: unrealized PnL of the other positions (UPNL1, optional, 0; a loss is negative). */
  otherUnrealizedPnl?: NumberInput;
  brackets: readonly MaintenanceBracket[];
}

export interface LiquidationResult {
  /** Null when the position cannot be liquidated (the formula gives 0 or less). */
  liquidationPrice: number | null;
  notional: number;
  /** WB: the isolated margin, or the cross wallet balance. */
  walletBalance: number;
  /** The tier of the notional at entry, and its maintenance margin there. */
  entryBracketIndex: number;
  maintenanceMarginAtEntry: number;
  /** The tier whose rate and amount gave the price (another one than at entry when the notional changed tier). */
  bracketIndex: number;
  bracket: MaintenanceBracket;
  /** From entry to the liquidation price, as a fraction of the entry price (negative for a long). */
  distance: number | null;
  /** The margin does not even cover the maintenance margin at entry: the position would be liquidated at once. */
  liquidatedAtEntry: boolean;
}

/** The formula for one tier. */
function formula(
  side: 1 | -1,
  position: number,
  entryPrice: number,
  balance: number,
  bracket: MaintenanceBracket,
): number {
  return (
    (balance + bracket.maintenanceAmount - side * position * entryPrice) /
    (position * bracket.maintenanceMarginRate - side * position)
  );
}

export function liquidationPrice(input: LiquidationInput): Outcome<LiquidationResult, LiquidationField> {
  const check = new FieldChecker<LiquidationField>();
  const entry = check.positive('entryPrice', input.entryPrice);
  const quantity = check.positive('quantity', input.quantity);
  const isolated = input.marginMode === 'isolated';
  const leverage = isolated ? check.leverage('leverage', input.leverage) : 1;
  const added = isolated ? check.nonNegative('addedMargin', input.addedMargin, { optional: true }) : 0;
  const wallet = isolated ? 0 : check.positive('walletBalance', input.walletBalance);
  const others = isolated
    ? 0
    : check.nonNegative('otherMaintenanceMargin', input.otherMaintenanceMargin, { optional: true });
  const othersPnl = isolated
    ? 0
    : check.number('otherUnrealizedPnl', input.otherUnrealizedPnl, { optional: true });

  const notional = entry * quantity;
  const lastCap = input.brackets.at(-1)?.cap ?? 0;
  if (!Number.isNaN(notional) && bracketIndexFor(input.brackets, notional) < 0) {
    check.fail('quantity', 'notionalAboveTiers', { cap: lastCap });
  }

  return check.done(() => {
    const side = sideSign(input.side);
    const walletBalance = isolated ? notional / leverage + added : wallet;
    // WB − TMM1 + UPNL1: what the position can lose before the account's margin runs out.
    const balance = walletBalance - others + othersPnl;
    const entryBracketIndex = bracketIndexFor(input.brackets, notional);
    const entryBracket = input.brackets[entryBracketIndex]!;

    let bracketIndex = entryBracketIndex;
    const first = formula(side, quantity, entry, balance, entryBracket);
    if (first > 0 && !bracketHolds(entryBracket, first * quantity)) {
      const consistent = input.brackets.findIndex((bracket) => {
        const price = formula(side, quantity, entry, balance, bracket);
        return price > 0 && bracketHolds(bracket, price * quantity);
      });
      if (consistent >= 0) bracketIndex = consistent;
    }
    const bracket = input.brackets[bracketIndex]!;
    const price = formula(side, quantity, entry, balance, bracket);
    const liquidation = price > 0 ? price : null;
    return {
      liquidationPrice: liquidation,
      notional,
      walletBalance,
      entryBracketIndex,
      maintenanceMarginAtEntry: maintenanceMargin(entryBracket, notional),
      bracketIndex,
      bracket,
      distance: liquidation === null ? null : (liquidation - entry) / entry,
      liquidatedAtEntry:
        liquidation !== null && (input.side === LONG ? liquidation >= entry : liquidation <= entry),
    };
  });
}
