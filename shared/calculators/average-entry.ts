import { MAX_AMOUNT, type NumberInput } from './validation.ts';

// Average entry price after several buys (dollar-cost averaging): the total cost divided by the total
// quantity, each buy given by its price and either its quantity or the amount spent (in the quote asset,
// USDT). A buy of an amount at a price gets amount ÷ price of the base asset, so buying a fixed amount each
// time averages to the harmonic mean of the prices. Fees are left out.

export type BuyMode = 'quantity' | 'amount';

export interface BuyRow {
  price: NumberInput;
  /** The quantity bought (mode `quantity`) or the amount spent (mode `amount`). */
  size: NumberInput;
}

export type RowColumn = 'price' | 'size';
export type RowErrorCode = 'required' | 'positive' | 'tooLarge';

export interface AverageEntryResult {
  totalQuantity: number;
  totalCost: number;
  averagePrice: number;
  /** Each buy with both its quantity and its cost. */
  buys: Array<{ price: number; quantity: number; cost: number }>;
}

export type AverageEntryOutcome =
  | { ok: true; value: AverageEntryResult }
  | { ok: false; rows: Array<Partial<Record<RowColumn, RowErrorCode>>>; noRows: boolean };

function cellError(value: NumberInput): RowErrorCode | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'required';
  if (value <= 0) return 'positive';
  if (value > MAX_AMOUNT) return 'tooLarge';
  return null;
}

export function averageEntry(mode: BuyMode, rows: readonly BuyRow[]): AverageEntryOutcome {
  const errors = rows.map((row) => {
    const cells: Partial<Record<RowColumn, RowErrorCode>> = {};
    const price = cellError(row.price);
    const size = cellError(row.size);
    if (price) cells.price = price;
    if (size) cells.size = size;
    return cells;
  });
  if (rows.length === 0 || errors.some((cells) => Object.keys(cells).length > 0)) {
    return { ok: false, rows: errors, noRows: rows.length === 0 };
  }
  const buys = rows.map((row) => {
    const price = row.price as number;
    const size = row.size as number;
    return mode === 'quantity'
      ? { price, quantity: size, cost: price * size }
      : { price, quantity: size / price, cost: size };
  });
  const totalQuantity = buys.reduce((sum, buy) => sum + buy.quantity, 0);
  const totalCost = buys.reduce((sum, buy) => sum + buy.cost, 0);
  return { ok: true, value: { totalQuantity, totalCost, averagePrice: totalCost / totalQuantity, buys } };
}
