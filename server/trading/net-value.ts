import { byTime, DAY_MS, inOrder, utcDay } from './ordering.ts';

// The net-value (unit value) curve of a trader's account, from its equity snapshots and its transfers.
//
// At the first snapshot the account holds `equity` units worth 1 each; transfers at or before it are in
// that equity already. At each later snapshot with equity E, after net transfers T since the previous
// snapshot, the existing units are worth E − T (every move in between is put before the transfers), so
// unit value = (E − T) / units, and the transfers then add (or remove) T / unit value units: a deposit or
// withdrawal changes the number of units, never the unit value. O(1) per snapshot or transfer, so the sync
// layer can keep a NetValueState and feed it only what is new.
//
// If the existing units are worth nothing (E − T <= 0) the account is wiped out: that snapshot's unit value
// is 0 and money that comes later buys units at the restart value 1. With no units (never funded, or every
// unit withdrawn) the unit value stays as it was until money comes in again.

/** Binance income types (GET /fapi/v1/income): money moved in or out of the futures wallet. */
export const TRANSFER_INCOME_TYPES: ReadonlySet<string> = new Set([
  'TRANSFER',
  'INTERNAL_TRANSFER',
  'CROSS_COLLATERAL_TRANSFER',
  'STRATEGY_UMFUTURES_TRANSFER',
  'COIN_SWAP_DEPOSIT',
  'COIN_SWAP_WITHDRAW',
]);

export type IncomeType = 'REALIZED_PNL' | 'FUNDING_FEE' | 'COMMISSION' | 'TRANSFER' | (string & {});

/** One income history entry. `amount` is signed as the exchange reports it (commissions negative). */
export interface IncomeEntry {
  type: IncomeType;
  amount: number;
  time: number;
}

/** The account's equity (margin balance: wallet balance + unrealized PnL) at a moment, hourly. */
export interface EquitySnapshot {
  time: number;
  equity: number;
}

/** One snapshot valued. */
export interface Valuation {
  time: number;
  equity: number;
  /** Units after this snapshot's transfers. */
  units: number;
  /** Unit value; 0 when the account was wiped out. */
  netValue: number;
  /** Equity − opening equity − transfers since the first snapshot: mark-to-market PnL so far. */
  pnl: number;
}

export interface NetValueState {
  started: boolean;
  units: number;
  netValue: number;
  openingEquity: number;
  /** Net transfers since the first snapshot, applied. */
  transfers: number;
  /** Net transfers since the last snapshot, not applied yet. */
  pending: number;
}

export const RESTART_NET_VALUE = 1;

export function createNetValueState(): NetValueState {
  return {
    started: false,
    units: 0,
    netValue: RESTART_NET_VALUE,
    openingEquity: 0,
    transfers: 0,
    pending: 0,
  };
}

/** A deposit (> 0) or withdrawal (< 0) after the last snapshot applied. Ignored before the first. */
export function applyTransfer(state: NetValueState, amount: number): void {
  if (state.started) state.pending += amount;
}

export function applySnapshot(state: NetValueState, snapshot: EquitySnapshot): Valuation {
  const equity = snapshot.equity;
  let reported: number;
  if (!state.started) {
    state.started = true;
    state.openingEquity = equity;
    state.units = Math.max(equity, 0);
    state.netValue = RESTART_NET_VALUE;
    reported = state.netValue;
  } else {
    const transfers = state.pending;
    state.pending = 0;
    state.transfers += transfers;
    let wiped = false;
    if (state.units > 0) {
      const before = equity - transfers;
      if (before > 0) {
        state.netValue = before / state.units;
        state.units += transfers / state.netValue;
        // A withdrawal of everything leaves rounding dust, not units.
        if (!(state.units > 0) || equity <= 0) state.units = 0;
      } else {
        wiped = true;
        state.units = 0;
        state.netValue = 0;
      }
    }
    if (state.units === 0 && equity > 0) {
      // Money in an account without units: the deposits buy units at the current value (or the restart
      // value after a wipe-out), and what the equity differs from them by is a gain or loss; equity that
      // came without a recorded deposit buys units at that value.
      const price = state.netValue > 0 ? state.netValue : RESTART_NET_VALUE;
      state.units = (transfers > 0 ? transfers : equity) / price;
      state.netValue = equity / state.units;
    }
    reported = wiped ? 0 : state.netValue;
  }
  return {
    time: snapshot.time,
    equity,
    units: state.units,
    netValue: reported,
    pnl: equity - state.openingEquity - state.transfers,
  };
}

/**
 * The valuations of every snapshot, with the income's transfers applied in time order (a transfer at the
 * same millisecond as a snapshot is in that snapshot). Inputs in any order; O(n log n).
 */
export function netValueCurve(
  snapshots: readonly EquitySnapshot[],
  income: readonly IncomeEntry[],
): Valuation[] {
  const sorted = inOrder(snapshots, byTime);
  const transfers = inOrder(
    income.filter((e) => TRANSFER_INCOME_TYPES.has(e.type)),
    byTime,
  );
  const state = createNetValueState();
  const valuations: Valuation[] = [];
  let t = 0;
  for (const snapshot of sorted) {
    while (t < transfers.length && transfers[t]!.time <= snapshot.time)
      applyTransfer(state, transfers[t++]!.amount);
    valuations.push(applySnapshot(state, snapshot));
  }
  return valuations;
}

/** The account at the close of one UTC day. */
export interface DailyPoint {
  /** Start of the UTC day (epoch ms). */
  day: number;
  /** Unit value at the day's last snapshot (the previous day's when it had none). */
  netValue: number;
  equity: number;
  /** Mark-to-market PnL of the day: the change of `Valuation.pnl` since the previous day's close. */
  pnl: number;
}

/**
 * One point per UTC day from the first snapshot's day to the last one's, gaps carried forward (PnL 0).
 * Valuations in time order; O(n + days).
 */
export function dailyPoints(valuations: readonly Valuation[]): DailyPoint[] {
  const points: DailyPoint[] = [];
  let previousPnl = 0;
  for (let i = 0; i < valuations.length; i++) {
    const v = valuations[i]!;
    const day = utcDay(v.time);
    const next = valuations[i + 1];
    if (next && utcDay(next.time) === day) continue; // not the day's last snapshot
    const last = points[points.length - 1];
    if (last) {
      for (let gap = last.day + DAY_MS; gap < day; gap += DAY_MS) points.push({ ...last, day: gap, pnl: 0 });
    }
    points.push({ day, netValue: v.netValue, equity: v.equity, pnl: v.pnl - previousPnl });
    previousPnl = v.pnl;
  }
  return points;
}
