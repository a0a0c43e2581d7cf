import { SIDE } from '#shared/trading.ts';
import { inOrder } from './ordering.ts';

// Closed positions rebuilt from a trader's fills (Binance USDⓈ-M futures), one fill at a time, so that the
// sync layer can keep a PositionBook between runs and feed it only the new fills: O(1) per fill.
//
// A position is a round trip on one (symbol, position side): from the first opening fill until the size is
// back to zero. Adds and partial closes in between belong to it. In one-way mode (BOTH) a fill larger than
// the open size closes the position and opens one on the other side with the rest (a flip); the fill's
// commission is split between the two by quantity, its realized PnL belongs to the closing part (the
// exchange reports realized PnL on reducing quantity only). In hedge mode (LONG / SHORT) each side is its
// own position; BUY opens LONG and reduces SHORT, SELL opens SHORT and reduces LONG.
//
// History that starts while a position is already open: a fill that would open a position but carries a
// realized PnL is in fact closing one opened before the stored history; it is left out (counted in
// `ignoredFills`), as are the quantity of a hedge-mode reduction beyond the tracked size (its realized PnL
// and commission are apportioned by quantity) and fills without a positive quantity. Their money still
// counts in PnL and ROI, which come from the income history and the equity snapshots.

export type FillSide = 'BUY' | 'SELL' | (typeof SIDE)[keyof typeof SIDE];
export type PositionSide = 'LONG' | 'SHORT' | 'BOTH';

/** One execution, as the sync layer stores it (deduplicated by trade id). */
export interface Fill {
  tradeId: number | string;
  symbol: string;
  /** 'BUY' / 'SELL', or the spec's numeric SIDE (0 buy, 1 sell). */
  side: FillSide;
  positionSide: PositionSide;
  price: number;
  /** Base-asset quantity, > 0. */
  qty: number;
  /** The exchange's realized PnL of this fill, gross of commission, in the margin asset. */
  realizedPnl: number;
  /** Commission paid, as a positive cost converted to the margin asset by the sync layer. */
  commission: number;
  /** Epoch ms. */
  time: number;
}

export interface ClosedPosition {
  symbol: string;
  side: 'LONG' | 'SHORT';
  positionSide: PositionSide;
  /** Time of the first opening fill (epoch ms). */
  openTime: number;
  /** Time of the fill that brought the size back to zero (epoch ms). */
  closeTime: number;
  holdingMs: number;
  /** Quantity-weighted average price of the opening fills (adds included). */
  entryPrice: number;
  /** Quantity-weighted average price of the closing fills (partial closes included). */
  exitPrice: number;
  /** Quantity closed over the round trip. */
  size: number;
  /** Largest size the position reached. */
  maxSize: number;
  /** Sum of the fills' realized PnL (gross of commission). */
  realizedPnl: number;
  /** Commission of the opening and closing fills (a flip's fill shared by quantity). */
  commission: number;
  /** realizedPnl − commission: what win rate and profit factor are computed on. */
  netPnl: number;
  /** Fills that took part (a flip's fill counts in both positions). */
  fills: number;
}

/** A position still open; plain data, so a PositionBook can be stored and restored. */
export interface OpenPosition {
  symbol: string;
  side: 'LONG' | 'SHORT';
  positionSide: PositionSide;
  size: number;
  maxSize: number;
  openTime: number;
  openQty: number;
  openNotional: number;
  closeQty: number;
  closeNotional: number;
  realizedPnl: number;
  commission: number;
  fills: number;
}

/** The open positions of one symbol, one slot per position side. */
export interface SymbolPositions {
  BOTH: OpenPosition | undefined;
  LONG: OpenPosition | undefined;
  SHORT: OpenPosition | undefined;
}

export interface PositionBook {
  /** Open positions by symbol, one slot per position side (no key string is built per fill). */
  readonly open: Map<string, SymbolPositions>;
  /** Fills (or parts of fills) left out: see the header comment. */
  ignoredFills: number;
}

/** Relative tolerance under which a size counts as zero (quantities are sums of decimal steps). */
const SIZE_EPSILON = 1e-9;

export function isBuy(side: FillSide): boolean {
  return side === 'BUY' || side === SIDE.buy;
}

function slotsOf(book: PositionBook, symbol: string): SymbolPositions {
  let slots = book.open.get(symbol);
  if (!slots) {
    slots = { BOTH: undefined, LONG: undefined, SHORT: undefined };
    book.open.set(symbol, slots);
  }
  return slots;
}

/** A book with no open position, or restored from stored open positions (see `openPositions`). */
export function createPositionBook(open: readonly OpenPosition[] = []): PositionBook {
  const book: PositionBook = { open: new Map(), ignoredFills: 0 };
  for (const position of open) slotsOf(book, position.symbol)[position.positionSide] = { ...position };
  return book;
}

/** The book's open positions, plain data to store between syncs. */
export function openPositions(book: PositionBook): OpenPosition[] {
  const positions: OpenPosition[] = [];
  for (const slots of book.open.values()) {
    if (slots.BOTH) positions.push(slots.BOTH);
    if (slots.LONG) positions.push(slots.LONG);
    if (slots.SHORT) positions.push(slots.SHORT);
  }
  return positions;
}

function openPosition(fill: Fill, side: 'LONG' | 'SHORT', qty: number, commission: number): OpenPosition {
  return {
    symbol: fill.symbol,
    side,
    positionSide: fill.positionSide,
    size: qty,
    maxSize: qty,
    openTime: fill.time,
    openQty: qty,
    openNotional: fill.price * qty,
    closeQty: 0,
    closeNotional: 0,
    realizedPnl: 0,
    commission,
    fills: 1,
  };
}

function finish(p: OpenPosition, closeTime: number): ClosedPosition {
  return {
    symbol: p.symbol,
    side: p.side,
    positionSide: p.positionSide,
    openTime: p.openTime,
    closeTime,
    holdingMs: closeTime - p.openTime,
    entryPrice: p.openNotional / p.openQty,
    exitPrice: p.closeNotional / p.closeQty,
    size: p.closeQty,
    maxSize: p.maxSize,
    realizedPnl: p.realizedPnl,
    commission: p.commission,
    netPnl: p.realizedPnl - p.commission,
    fills: p.fills,
  };
}

/**
 * Applies one fill (fills must come in time order, see `compareFills`) and appends the positions it
 * closes to `closed`: none, one, or in one-way mode one closed and a new one opened on the other side.
 */
export function applyFill(book: PositionBook, fill: Fill, closed: ClosedPosition[]): void {
  const qty = fill.qty;
  if (!(qty > 0)) {
    book.ignoredFills++;
    return;
  }
  const buy = isBuy(fill.side);
  const slots = slotsOf(book, fill.symbol);
  const position = slots[fill.positionSide];
  const opens =
    fill.positionSide === 'BOTH'
      ? !position || (position.side === 'LONG') === buy
      : (fill.positionSide === 'LONG') === buy;

  if (opens) {
    if (!position) {
      if (fill.realizedPnl !== 0) {
        book.ignoredFills++;
        return;
      }
      const side = fill.positionSide === 'BOTH' ? (buy ? 'LONG' : 'SHORT') : fill.positionSide;
      slots[fill.positionSide] = openPosition(fill, side, qty, fill.commission);
      return;
    }
    position.size += qty;
    if (position.size > position.maxSize) position.maxSize = position.size;
    position.openQty += qty;
    position.openNotional += fill.price * qty;
    position.commission += fill.commission;
    position.fills++;
    return;
  }

  if (!position) {
    book.ignoredFills++; // hedge mode: reducing a side with no tracked position
    return;
  }
  const tolerance = position.maxSize * SIZE_EPSILON;
  const closeQty = Math.min(qty, position.size);
  const rest = qty - closeQty;
  const share = closeQty / qty;
  const hedge = fill.positionSide !== 'BOTH';
  const excess = rest > tolerance;
  position.size -= closeQty;
  position.closeQty += closeQty;
  position.closeNotional += fill.price * closeQty;
  // One-way: the whole realized PnL is the closing part's. Hedge: an excess is unknown history.
  position.realizedPnl += hedge && excess ? fill.realizedPnl * share : fill.realizedPnl;
  position.commission += excess ? fill.commission * share : fill.commission;
  position.fills++;
  if (position.size > tolerance) return;

  slots[fill.positionSide] = undefined;
  closed.push(finish(position, fill.time));
  if (!excess) return;
  if (hedge) {
    book.ignoredFills++;
    return;
  }
  const side = position.side === 'LONG' ? 'SHORT' : 'LONG';
  slots[fill.positionSide] = openPosition(fill, side, rest, fill.commission * (1 - share));
}

function compareIds(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  // Exchange ids are integers, possibly as strings: a shorter one is smaller.
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/** Time order, then trade id (the exchange's order for fills of one symbol in the same millisecond). */
export function compareFills(a: Fill, b: Fill): number {
  return a.time - b.time || compareIds(a.tradeId, b.tradeId);
}

export interface RebuiltPositions {
  /** In closing order. */
  closed: ClosedPosition[];
  /** Positions still open after the last fill. */
  open: OpenPosition[];
  ignoredFills: number;
  /** By symbol, the last fill after which the symbol held no position on any side. */
  flat: Map<string, Fill>;
}

/** Every position of a fill history, closed and still open. Fills in any order; O(n log n). */
export function rebuildPositions(fills: readonly Fill[]): RebuiltPositions {
  const book = createPositionBook();
  const closed: ClosedPosition[] = [];
  const flat = new Map<string, Fill>();
  for (const fill of inOrder(fills, compareFills)) {
    applyFill(book, fill, closed);
    const slots = book.open.get(fill.symbol);
    if (!slots?.BOTH && !slots?.LONG && !slots?.SHORT) flat.set(fill.symbol, fill);
  }
  return { closed, open: openPositions(book), ignoredFills: book.ignoredFills, flat };
}

/** The closed positions of a fill history, in closing order. */
export function closedPositions(fills: readonly Fill[]): ClosedPosition[] {
  return rebuildPositions(fills).closed;
}
