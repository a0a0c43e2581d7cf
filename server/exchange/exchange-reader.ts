import type {
  IncomeKind,
  OrderStatusCode,
  OrderTypeCode,
  PositionModeCode,
  SideCode,
} from '#shared/trading-labels.ts';
import type { ExecutionKind } from './binance-codes.ts';
import type { ExchangeError } from './exchange-errors.ts';

// What the portal reads from a trader's exchange account (DESIGN §8): the portal's own types, never the
// exchange's JSON. Amounts and prices are numbers, times epoch milliseconds (as everywhere in the portal),
// codes the numeric wire values of spec §3. A code the exchange sent that the portal does not know yet is
// null (and reported in the log), with the exchange's own word kept beside it. Live trading is read-only:
// nothing here places, changes or cancels an order. Every failure is an ExchangeError with a `kind`.

/** What the key may do, from the exchange's own record of it (Binance: GET /sapi/v1/account/apiRestrictions). */
export interface KeyRestrictions {
  canRead: boolean;
  /** Futures trading (Binance `enableFutures`): a key that can trade is accepted with a warning. */
  canTradeFutures: boolean;
  canTradeSpot: boolean;
  /** A key that can withdraw is refused for live sync. */
  canWithdraw: boolean;
  /** Transfers between the owner's accounts (internal or universal transfer). */
  canTransfer: boolean;
  /** The key only works from addresses its owner listed. */
  ipRestricted: boolean;
  createdAt: number;
  /** When trading permission lapses (Binance ends it on unrestricted keys), else null. */
  tradingExpiresAt: number | null;
}

/** One open position; a one-way account has `mode` single, a hedge-mode account long and short legs. */
export interface Position {
  symbol: string;
  mode: PositionModeCode | null;
  /** Signed: negative for a short in one-way mode. */
  amount: number;
  entryPrice: number;
  breakEvenPrice: number;
  markPrice: number;
  unrealizedPnl: number;
  liquidationPrice: number;
  notional: number;
  marginAsset: string;
  initialMargin: number;
  maintenanceMargin: number;
  /** Margin held by an isolated position (0 when cross). */
  isolatedMargin: number;
  updatedAt: number;
}

/** An open order: a plain one (`orderId`) or a conditional order still waiting in the algo service (`algoId`). */
export interface Order {
  orderId: number | null;
  algoId: number | null;
  clientOrderId: string;
  symbol: string;
  side: SideCode | null;
  mode: PositionModeCode | null;
  type: OrderTypeCode | null;
  status: OrderStatusCode | null;
  /** The exchange's own words for type and status (what an unknown code still shows). */
  exchangeType: string;
  exchangeStatus: string;
  price: number;
  /** Trigger price of a conditional order (0 when none). */
  stopPrice: number;
  quantity: number;
  filledQuantity: number;
  averagePrice: number;
  reduceOnly: boolean;
  closePosition: boolean;
  createdAt: number;
  updatedAt: number;
}

/** One execution of one order (Binance: a trade), unique by `id` per symbol. */
export interface Fill {
  id: number;
  orderId: number;
  symbol: string;
  side: SideCode | null;
  mode: PositionModeCode | null;
  price: number;
  quantity: number;
  quoteQuantity: number;
  commission: number;
  commissionAsset: string;
  realizedPnl: number;
  maker: boolean;
  time: number;
}

/** One entry of the account's income history: realized PnL, funding, commission, transfers... */
export interface IncomeEntry {
  /** Unique per account (Binance's transaction id is unique per income type). */
  id: string;
  kind: IncomeKind | null;
  exchangeType: string;
  symbol: string | null;
  amount: number;
  asset: string;
  time: number;
  tradeId: string | null;
  info: string;
}

export interface AssetBalance {
  asset: string;
  walletBalance: number;
  unrealizedPnl: number;
  marginBalance: number;
  availableBalance: number;
  maxWithdrawAmount: number;
  updatedAt: number;
}

/** The futures wallet; totals are in USDT (in USD for a multi-assets account). */
export interface Balance {
  walletBalance: number;
  unrealizedPnl: number;
  /** Equity: wallet balance plus unrealized PnL. */
  marginBalance: number;
  availableBalance: number;
  maxWithdrawAmount: number;
  assets: AssetBalance[];
}

const CANDLE_INTERVALS = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

export interface Candle {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  closeTime: number;
  quoteVolume: number;
  trades: number;
}

/** 24-hour rolling statistics of one symbol. */
export interface Ticker {
  symbol: string;
  lastPrice: number;
  priceChange: number;
  priceChangePercent: number;
  openPrice: number;
  highPrice: number;
  lowPrice: number;
  volume: number;
  quoteVolume: number;
  openTime: number;
  closeTime: number;
}

export interface SymbolInfo {
  symbol: string;
  status: string;
  contractType: string;
  baseAsset: string;
  quoteAsset: string;
  marginAsset: string;
  pricePrecision: number;
  quantityPrecision: number;
  tickSize: number | null;
  stepSize: number | null;
  minQuantity: number | null;
  minNotional: number | null;
  orderTypes: OrderTypeCode[];
}

export interface ExchangeInfo {
  /** Request-weight budget per minute the exchange announces for one IP address. */
  weightLimitPerMinute: number | null;
  symbols: SymbolInfo[];
}

/** Fills from a trade id on (one symbol), or since a time (one symbol, or every symbol the account used). */
export type FillQuery = { symbol: string; fromId: number } | { symbol?: string; since: number };

/** An order changed: placed, filled (with the fill), canceled, expired, amended, or a conditional order moved. */
export interface OrderEvent {
  eventTime: number;
  transactionTime: number;
  execution: ExecutionKind | 'conditional' | null;
  order: Order;
  /** The execution this event reports, when it is one. */
  fill: Fill | null;
}

export interface PositionChange {
  symbol: string;
  mode: PositionModeCode | null;
  amount: number;
  entryPrice: number;
  breakEvenPrice: number;
  unrealizedPnl: number;
  /** Realized PnL accumulated on the position (before fees). */
  accumulatedRealized: number;
  isolated: boolean;
  isolatedWallet: number;
}

/** Balances and positions changed (only the changed ones are listed). */
export interface AccountEvent {
  eventTime: number;
  transactionTime: number;
  /** Why: ORDER, FUNDING_FEE, DEPOSIT, WITHDRAW, ... (the exchange's word). */
  reason: string;
  balances: { asset: string; walletBalance: number; crossWalletBalance: number; balanceChange: number }[];
  positions: PositionChange[];
}

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface StreamStatus {
  state: StreamState;
  /**
   * True on an `open` that follows a lost connection or an expired listen key: events may have been missed,
   * so the caller reconciles over REST.
   */
  resumed: boolean;
  /** Why the stream is reconnecting or closed. */
  error: ExchangeError | null;
}

export interface UserStreamHandlers {
  order?(event: OrderEvent): void;
  account?(event: AccountEvent): void;
  status?(status: StreamStatus): void;
}

export interface UserStream {
  readonly state: StreamState;
  /** Stops reconnecting, closes the socket and the exchange's listen key. */
  close(): Promise<void>;
}

export interface ExchangeReader {
  keyRestrictions(): Promise<KeyRestrictions>;
  positions(): Promise<Position[]>;
  /** Open orders, conditional (algo) orders included. */
  openOrders(): Promise<Order[]>;
  fills(query: FillQuery): Promise<Fill[]>;
  incomeHistory(since: number): Promise<IncomeEntry[]>;
  balance(): Promise<Balance>;
  candles(symbol: string, interval: CandleInterval, limit: number): Promise<Candle[]>;
  /** 24-hour statistics of every symbol, or of one. */
  tickers(symbol?: string): Promise<Ticker[]>;
  exchangeInfo(): Promise<ExchangeInfo>;
  /** Follows the account live; reconnects by itself until closed or the key is refused. */
  userStream(handlers: UserStreamHandlers): UserStream;
}

/** The logging the exchange layer does (a pino or Fastify logger fits). Secrets never reach it. */
export interface ExchangeLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
