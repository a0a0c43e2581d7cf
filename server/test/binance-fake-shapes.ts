// The JSON shapes of the fake exchange (server/test/binance-fake.ts), as Binance documents them for USDⓈ-M
// futures (decimals as strings, times in epoch milliseconds): the state an account holds, and the user-data
// events Binance pushes when it changes.

export interface RawRestrictions {
  ipRestrict: boolean;
  createTime: number;
  enableReading: boolean;
  enableWithdrawals: boolean;
  enableInternalTransfer: boolean;
  enableMargin: boolean;
  enableFutures: boolean;
  permitsUniversalTransfer: boolean;
  enableVanillaOptions: boolean;
  enableFixApiTrade: boolean;
  enableFixReadOnly: boolean;
  enableSpotAndMarginTrading: boolean;
  enablePortfolioMarginTrading: boolean;
  tradingAuthorityExpirationTime?: number;
}

export type RawPosition = {
  symbol: string;
  positionSide: string;
  positionAmt: string;
  entryPrice: string;
  breakEvenPrice: string;
  markPrice: string;
  unRealizedProfit: string;
  liquidationPrice: string;
  isolatedMargin: string;
  notional: string;
  marginAsset: string;
  isolatedWallet: string;
  initialMargin: string;
  maintMargin: string;
  positionInitialMargin: string;
  openOrderInitialMargin: string;
  adl: number;
  bidNotional: string;
  askNotional: string;
  updateTime: number;
};

export type RawOrder = {
  avgPrice: string;
  clientOrderId: string;
  cumQuote: string;
  executedQty: string;
  orderId: number;
  origQty: string;
  origType: string;
  price: string;
  reduceOnly: boolean;
  side: string;
  positionSide: string;
  status: string;
  stopPrice: string;
  closePosition: boolean;
  symbol: string;
  time: number;
  timeInForce: string;
  type: string;
  updateTime: number;
  workingType: string;
  priceProtect: boolean;
  priceMatch: string;
  selfTradePreventionMode: string;
  goodTillDate: number;
};

export type RawAlgoOrder = {
  algoId: number;
  clientAlgoId: string;
  algoType: string;
  orderType: string;
  symbol: string;
  side: string;
  positionSide: string;
  timeInForce: string;
  quantity: string;
  algoStatus: string;
  actualOrderId: string;
  actualPrice: string;
  triggerPrice: string;
  price: string;
  icebergQuantity: string | null;
  selfTradePreventionMode: string;
  workingType: string;
  priceMatch: string;
  closePosition: boolean;
  priceProtect: boolean;
  reduceOnly: boolean;
  createTime: number;
  updateTime: number;
  triggerTime: number;
  goodTillDate: number;
};

export type RawTrade = {
  buyer: boolean;
  commission: string;
  commissionAsset: string;
  id: number;
  maker: boolean;
  orderId: number;
  price: string;
  qty: string;
  quoteQty: string;
  realizedPnl: string;
  side: string;
  positionSide: string;
  symbol: string;
  time: number;
};

export type RawIncome = {
  symbol: string;
  incomeType: string;
  income: string;
  asset: string;
  info: string;
  time: number;
  tranId: number;
  tradeId: string;
};

export type RawAsset = {
  asset: string;
  walletBalance: string;
  unrealizedProfit: string;
  marginBalance: string;
  maintMargin: string;
  initialMargin: string;
  positionInitialMargin: string;
  openOrderInitialMargin: string;
  crossWalletBalance: string;
  crossUnPnl: string;
  availableBalance: string;
  maxWithdrawAmount: string;
  updateTime: number;
};

export type FillInput = {
  symbol: string;
  side: 'BUY' | 'SELL';
  price: string;
  qty: string;
  /** An open order of the account this fill executes (else a market order filled at once). */
  orderId?: number;
  positionSide?: string;
  realizedPnl?: string;
  commission?: string;
  commissionAsset?: string;
  maker?: boolean;
  time?: number;
};

export function orderTradeUpdate(order: RawOrder, trade: RawTrade, now: number) {
  return {
    e: 'ORDER_TRADE_UPDATE',
    E: now,
    T: trade.time,
    o: {
      s: order.symbol,
      c: order.clientOrderId,
      S: order.side,
      o: order.type,
      f: order.timeInForce,
      q: order.origQty,
      p: order.price,
      ap: order.avgPrice,
      sp: order.stopPrice,
      x: 'TRADE',
      X: order.status,
      i: order.orderId,
      l: trade.qty,
      z: order.executedQty,
      L: trade.price,
      N: trade.commissionAsset,
      n: trade.commission,
      T: trade.time,
      t: trade.id,
      b: '0',
      a: '0',
      m: trade.maker,
      R: order.reduceOnly,
      wt: order.workingType,
      ot: order.origType,
      ps: trade.positionSide,
      cp: order.closePosition,
      rp: trade.realizedPnl,
      pP: false,
      si: 0,
      ss: 0,
      V: order.selfTradePreventionMode,
      pm: order.priceMatch,
      gtd: 0,
      er: '0',
    },
  };
}

export function accountUpdate(position: RawPosition, assets: RawAsset[], reason: string, now: number) {
  return {
    e: 'ACCOUNT_UPDATE',
    E: now,
    T: now,
    a: {
      m: reason,
      B: assets.map((a) => ({ a: a.asset, wb: a.walletBalance, cw: a.crossWalletBalance, bc: '0' })),
      P: [
        {
          s: position.symbol,
          pa: position.positionAmt,
          ep: position.entryPrice,
          bep: position.breakEvenPrice,
          cr: '0',
          up: position.unRealizedProfit,
          mt: Number(position.isolatedWallet) ? 'isolated' : 'cross',
          iw: position.isolatedWallet,
          ps: position.positionSide,
        },
      ],
    },
  };
}

export function algoUpdate(order: RawAlgoOrder, now: number) {
  return {
    e: 'ALGO_UPDATE',
    T: now,
    E: now,
    o: {
      caid: order.clientAlgoId,
      aid: order.algoId,
      at: order.algoType,
      o: order.orderType,
      s: order.symbol,
      S: order.side,
      ps: order.positionSide,
      f: order.timeInForce,
      q: order.quantity,
      X: order.algoStatus,
      ai: '',
      tp: order.triggerPrice,
      p: order.price,
      V: order.selfTradePreventionMode,
      wt: order.workingType,
      pm: order.priceMatch,
      cp: order.closePosition,
      pP: order.priceProtect,
      R: order.reduceOnly,
      tt: 0,
      gtd: 0,
    },
  };
}
