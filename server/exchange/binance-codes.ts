import { ORDER_STATUS, ORDER_TYPE, POSITION_MODE, SIDE } from '#shared/trading.ts';
import type {
  IncomeKind,
  OrderStatusCode,
  OrderTypeCode,
  PositionModeCode,
  SideCode,
} from '#shared/trading-labels.ts';

// Binance's raw strings -> the portal's codes. The numeric codes of spec §3 are Binance USDⓈ-M futures values
// as a common .NET client (Binance.Net) names them; they stay the wire values. Each table lists every raw
// value Binance documents for the field (futures, plus the spot values the spec's codes name), and a value
// that is not in its table is reported and read as null, never thrown on: Binance adds values over time.

const BINANCE_ORDER_TYPES = {
  LIMIT: ORDER_TYPE.limit,
  MARKET: ORDER_TYPE.market,
  STOP_LOSS: ORDER_TYPE.stopLoss,
  STOP_LOSS_LIMIT: ORDER_TYPE.stopLossLimit,
  // Futures STOP is a stop-limit order, STOP_MARKET its market variant.
  STOP: ORDER_TYPE.stopLossLimitOrder,
  STOP_MARKET: ORDER_TYPE.stopLossMarket,
  // Futures TAKE_PROFIT is a take-profit limit order.
  TAKE_PROFIT: ORDER_TYPE.takeProfitLimit,
  TAKE_PROFIT_MARKET: ORDER_TYPE.takeProfitMarket,
  TAKE_PROFIT_LIMIT: ORDER_TYPE.takeProfitLimitOrder,
  LIMIT_MAKER: ORDER_TYPE.limitMaker,
  TRAILING_STOP_MARKET: ORDER_TYPE.trailingStop,
  LIQUIDATION: ORDER_TYPE.liquidation,
} as const satisfies Record<string, OrderTypeCode>;

const BINANCE_ORDER_STATUSES = {
  NEW: ORDER_STATUS.new,
  PARTIALLY_FILLED: ORDER_STATUS.partiallyFilled,
  FILLED: ORDER_STATUS.filled,
  CANCELED: ORDER_STATUS.canceled,
  PENDING_CANCEL: ORDER_STATUS.pendingCancel,
  REJECTED: ORDER_STATUS.rejected,
  EXPIRED: ORDER_STATUS.expired,
  // Expired by self-trade prevention in the matching engine.
  EXPIRED_IN_MATCH: ORDER_STATUS.expired,
  // A liquidation taken over by the insurance fund, and a position closed by auto-deleveraging.
  NEW_INSURANCE: ORDER_STATUS.insurance,
  NEW_ADL: ORDER_STATUS.adl,
  // The short spellings some clients and older payloads use for the same two statuses.
  INSURANCE: ORDER_STATUS.insurance,
  ADL: ORDER_STATUS.adl,
} as const satisfies Record<string, OrderStatusCode>;

/**
 * Conditional orders live in Binance's algo service (`/fapi/v1/openAlgoOrders`, `ALGO_UPDATE`) with statuses
 * of their own. Once the condition fires (TRIGGERED, FINISHED) the conditional order has done its work and
 * reads as filled: what happens next is the order it placed, which has its own order id and status.
 */
const BINANCE_ALGO_STATUSES = {
  NEW: ORDER_STATUS.new,
  TRIGGERING: ORDER_STATUS.new,
  TRIGGERED: ORDER_STATUS.filled,
  FINISHED: ORDER_STATUS.filled,
  CANCELED: ORDER_STATUS.canceled,
  REJECTED: ORDER_STATUS.rejected,
  EXPIRED: ORDER_STATUS.expired,
} as const satisfies Record<string, OrderStatusCode>;

const BINANCE_SIDES = { BUY: SIDE.buy, SELL: SIDE.sell } as const satisfies Record<string, SideCode>;

/** Binance's positionSide: BOTH is one-way mode, the spec's "single". */
const BINANCE_POSITION_SIDES = {
  SHORT: POSITION_MODE.short,
  LONG: POSITION_MODE.long,
  BOTH: POSITION_MODE.single,
} as const satisfies Record<string, PositionModeCode>;

/** What happened to an order in one ORDER_TRADE_UPDATE event (its `x`). */
export type ExecutionKind = 'new' | 'canceled' | 'liquidation' | 'expired' | 'trade' | 'amendment';

const BINANCE_EXECUTION_TYPES = {
  NEW: 'new',
  CANCELED: 'canceled',
  CALCULATED: 'liquidation',
  EXPIRED: 'expired',
  TRADE: 'trade',
  AMENDMENT: 'amendment',
} as const satisfies Record<string, ExecutionKind>;

/** `/fapi/v1/income` incomeType values, grouped into the kinds statistics need. */
const BINANCE_INCOME_TYPES = {
  REALIZED_PNL: 'realizedPnl',
  FUNDING_FEE: 'fundingFee',
  COMMISSION: 'commission',
  TRANSFER: 'transfer',
  INTERNAL_TRANSFER: 'transfer',
  CROSS_COLLATERAL_TRANSFER: 'transfer',
  STRATEGY_UMFUTURES_TRANSFER: 'transfer',
  COIN_SWAP_DEPOSIT: 'transfer',
  COIN_SWAP_WITHDRAW: 'transfer',
  AUTO_EXCHANGE: 'transfer',
  COMMISSION_REBATE: 'rebate',
  API_REBATE: 'rebate',
  REFERRAL_KICKBACK: 'rebate',
  FEE_RETURN: 'rebate',
  INSURANCE_CLEAR: 'insuranceClear',
  WELCOME_BONUS: 'reward',
  CONTEST_REWARD: 'reward',
  BFUSD_REWARD: 'reward',
  OPTIONS_PREMIUM_FEE: 'other',
  OPTIONS_SETTLE_PROFIT: 'other',
  DELIVERED_SETTELMENT: 'other',
  POSITION_LIMIT_INCREASE_FEE: 'other',
} as const satisfies Record<string, IncomeKind>;

const TABLES = {
  orderType: BINANCE_ORDER_TYPES,
  orderStatus: BINANCE_ORDER_STATUSES,
  algoStatus: BINANCE_ALGO_STATUSES,
  side: BINANCE_SIDES,
  positionSide: BINANCE_POSITION_SIDES,
  executionType: BINANCE_EXECUTION_TYPES,
  incomeType: BINANCE_INCOME_TYPES,
} as const;

export type CodeField = keyof typeof TABLES;
type CodeOf<F extends CodeField> = (typeof TABLES)[F][keyof (typeof TABLES)[F]];

/** Called with each raw value that no table knows (the reader logs it once and carries on). */
export type UnknownCodeReporter = (field: CodeField, raw: string) => void;

/** The portal's code for a raw Binance value, or null (reported) when Binance sent something new. */
export function binanceCode<F extends CodeField>(
  field: F,
  raw: string,
  report: UnknownCodeReporter,
): CodeOf<F> | null {
  const table = TABLES[field] as unknown as Readonly<Record<string, CodeOf<F>>>;
  if (Object.hasOwn(table, raw)) return table[raw]!;
  report(field, raw);
  return null;
}

/** Every raw value each field knows (for tests and documentation). */
export function knownRawValues(field: CodeField): string[] {
  return Object.keys(TABLES[field]);
}
