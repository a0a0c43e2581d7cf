import {
  accountUpdate,
  algoUpdate,
  type FillInput,
  orderTradeUpdate,
  type RawAlgoOrder,
  type RawAsset,
  type RawIncome,
  type RawOrder,
  type RawPosition,
  type RawRestrictions,
  type RawTrade,
} from './binance-fake-shapes.ts';

// One Binance account of the fake exchange (server/test/binance-fake.ts): its state in Binance's own JSON
// shapes (decimals as strings, times in epoch ms), which the fake serves as they are, and the live changes a
// test scripts, which reach the account's user-data streams as Binance pushes them.

export class FakeAccount {
  readonly apiKey: string;
  readonly secret: string;
  restrictions: RawRestrictions;
  /** False: the key is restricted to addresses that do not include the loopback (Binance answers -2015). */
  ipAllowed = true;
  positions: RawPosition[] = [];
  openOrders: RawOrder[] = [];
  algoOrders: RawAlgoOrder[] = [];
  trades: RawTrade[] = [];
  income: RawIncome[] = [];
  assets: RawAsset[] = [];
  private seq = 1000;
  private readonly now: () => number;
  private readonly send: (event: object) => void;

  constructor(apiKey: string, secret: string, now: () => number, send: (event: object) => void) {
    this.apiKey = apiKey;
    this.secret = secret;
    this.now = now;
    this.send = send;
    this.restrictions = {
      ipRestrict: false,
      createTime: now() - 30 * 86_400_000,
      enableReading: true,
      enableWithdrawals: false,
      enableInternalTransfer: false,
      enableMargin: false,
      enableFutures: true,
      permitsUniversalTransfer: false,
      enableVanillaOptions: false,
      enableFixApiTrade: false,
      enableFixReadOnly: true,
      enableSpotAndMarginTrading: false,
      enablePortfolioMarginTrading: false,
    };
    this.addAsset({ asset: 'USDT', walletBalance: '1000' });
  }

  private nextId(): number {
    return ++this.seq;
  }

  addAsset(input: Partial<RawAsset> & { asset: string }): RawAsset {
    const wallet = input.walletBalance ?? '0';
    const asset: RawAsset = {
      walletBalance: wallet,
      unrealizedProfit: '0.00000000',
      marginBalance: wallet,
      maintMargin: '0.00000000',
      initialMargin: '0.00000000',
      positionInitialMargin: '0.00000000',
      openOrderInitialMargin: '0.00000000',
      crossWalletBalance: wallet,
      crossUnPnl: '0.00000000',
      availableBalance: wallet,
      maxWithdrawAmount: wallet,
      updateTime: this.now(),
      ...input,
    };
    this.assets = [...this.assets.filter((a) => a.asset !== asset.asset), asset];
    return asset;
  }

  /** GET /fapi/v3/account: totals over the assets (USDT-margined, single-asset mode). */
  accountInfo(): object {
    const sum = (field: keyof RawAsset) =>
      this.assets.reduce((total, a) => total + Number(a[field]), 0).toFixed(8);
    return {
      totalInitialMargin: sum('initialMargin'),
      totalMaintMargin: sum('maintMargin'),
      totalWalletBalance: sum('walletBalance'),
      totalUnrealizedProfit: sum('unrealizedProfit'),
      totalMarginBalance: sum('marginBalance'),
      totalPositionInitialMargin: sum('positionInitialMargin'),
      totalOpenOrderInitialMargin: sum('openOrderInitialMargin'),
      totalCrossWalletBalance: sum('crossWalletBalance'),
      totalCrossUnPnl: sum('crossUnPnl'),
      availableBalance: sum('availableBalance'),
      maxWithdrawAmount: sum('maxWithdrawAmount'),
      assets: this.assets,
      positions: this.positions.map((p) => ({
        symbol: p.symbol,
        positionSide: p.positionSide,
        positionAmt: p.positionAmt,
        unrealizedProfit: p.unRealizedProfit,
        isolatedMargin: p.isolatedMargin,
        notional: p.notional,
        isolatedWallet: p.isolatedWallet,
        initialMargin: p.initialMargin,
        maintMargin: p.maintMargin,
        updateTime: p.updateTime,
      })),
    };
  }

  /** A position as the account holds it now (no event: the state before a stream starts). */
  addPosition(input: Partial<RawPosition> & { symbol: string; positionAmt: string }): RawPosition {
    const position: RawPosition = {
      positionSide: 'BOTH',
      entryPrice: '0',
      breakEvenPrice: '0',
      markPrice: '0',
      unRealizedProfit: '0',
      liquidationPrice: '0',
      isolatedMargin: '0',
      notional: '0',
      marginAsset: 'USDT',
      isolatedWallet: '0',
      initialMargin: '0',
      maintMargin: '0',
      positionInitialMargin: '0',
      openOrderInitialMargin: '0',
      adl: 1,
      bidNotional: '0',
      askNotional: '0',
      updateTime: this.now(),
      ...input,
    };
    this.positions = [
      ...this.positions.filter(
        (p) => p.symbol !== position.symbol || p.positionSide !== position.positionSide,
      ),
      position,
    ];
    return position;
  }

  addOrder(input: Partial<RawOrder> & { symbol: string; side: string; origQty: string }): RawOrder {
    const type = input.type ?? 'LIMIT';
    const order: RawOrder = {
      avgPrice: '0',
      clientOrderId: `web_${this.nextId()}`,
      cumQuote: '0',
      executedQty: '0',
      orderId: this.nextId(),
      origType: type,
      price: '0',
      reduceOnly: false,
      positionSide: 'BOTH',
      status: 'NEW',
      stopPrice: '0',
      closePosition: false,
      time: this.now(),
      timeInForce: 'GTC',
      type,
      updateTime: this.now(),
      workingType: 'CONTRACT_PRICE',
      priceProtect: false,
      priceMatch: 'NONE',
      selfTradePreventionMode: 'EXPIRE_MAKER',
      goodTillDate: 0,
      ...input,
    };
    this.openOrders.push(order);
    return order;
  }

  addAlgoOrder(
    input: Partial<RawAlgoOrder> & { symbol: string; side: string; orderType: string },
  ): RawAlgoOrder {
    const order: RawAlgoOrder = {
      algoId: this.nextId(),
      clientAlgoId: `algo_${this.nextId()}`,
      algoType: 'CONDITIONAL',
      positionSide: 'BOTH',
      timeInForce: 'GTC',
      quantity: '0',
      algoStatus: 'NEW',
      actualOrderId: '',
      actualPrice: '0.00000',
      triggerPrice: '0',
      price: '0',
      icebergQuantity: null,
      selfTradePreventionMode: 'EXPIRE_MAKER',
      workingType: 'CONTRACT_PRICE',
      priceMatch: 'NONE',
      closePosition: false,
      priceProtect: false,
      reduceOnly: false,
      createTime: this.now(),
      updateTime: this.now(),
      triggerTime: 0,
      goodTillDate: 0,
      ...input,
    };
    this.algoOrders.push(order);
    return order;
  }

  addTrade(
    input: Partial<RawTrade> & { symbol: string; side: string; price: string; qty: string },
  ): RawTrade {
    const trade: RawTrade = {
      buyer: input.side === 'BUY',
      commission: '0',
      commissionAsset: 'USDT',
      id: this.nextId(),
      maker: false,
      orderId: this.nextId(),
      quoteQty: (Number(input.price) * Number(input.qty)).toFixed(8),
      realizedPnl: '0',
      positionSide: 'BOTH',
      time: this.now(),
      ...input,
    };
    this.trades.push(trade);
    return trade;
  }

  addIncome(input: Partial<RawIncome> & { incomeType: string; income: string }): RawIncome {
    const entry: RawIncome = {
      symbol: '',
      asset: 'USDT',
      info: input.incomeType,
      time: this.now(),
      tranId: this.nextId(),
      tradeId: '',
      ...input,
    };
    this.income.push(entry);
    return entry;
  }

  /**
   * A fill, live: the trade is recorded, the order it executes advances (or a market order is made up),
   * commission and realized PnL enter the income history, and ORDER_TRADE_UPDATE is pushed.
   */
  fill(input: FillInput): RawTrade {
    const time = input.time ?? this.now();
    const order =
      this.openOrders.find((o) => o.orderId === input.orderId) ??
      this.addOrder({ symbol: input.symbol, side: input.side, origQty: input.qty, type: 'MARKET' });
    const trade = this.addTrade({
      symbol: input.symbol,
      side: input.side,
      price: input.price,
      qty: input.qty,
      orderId: order.orderId,
      positionSide: input.positionSide ?? order.positionSide,
      realizedPnl: input.realizedPnl ?? '0',
      commission: input.commission ?? '0',
      commissionAsset: input.commissionAsset ?? 'USDT',
      maker: input.maker ?? false,
      time,
    });
    const filledBefore = Number(order.executedQty);
    const filled = filledBefore + Number(input.qty);
    order.avgPrice = (
      (Number(order.avgPrice) * filledBefore + Number(input.price) * Number(input.qty)) /
      filled
    ).toFixed(8);
    order.executedQty = String(filled);
    order.cumQuote = (Number(order.cumQuote) + Number(trade.quoteQty)).toFixed(8);
    order.status = filled >= Number(order.origQty) ? 'FILLED' : 'PARTIALLY_FILLED';
    order.updateTime = time;
    this.openOrders = this.openOrders.filter((o) => o.orderId !== order.orderId || o.status !== 'FILLED');
    if (Number(trade.commission) !== 0) {
      const commission = (-Number(trade.commission)).toFixed(8);
      this.addIncome({
        symbol: trade.symbol,
        incomeType: 'COMMISSION',
        income: commission,
        time,
        tradeId: String(trade.id),
      });
    }
    if (Number(trade.realizedPnl) !== 0) {
      this.addIncome({
        symbol: trade.symbol,
        incomeType: 'REALIZED_PNL',
        income: trade.realizedPnl,
        time,
        tradeId: String(trade.id),
      });
    }
    this.send(orderTradeUpdate(order, trade, this.now()));
    return trade;
  }

  /** A position changes, live: the state is updated and ACCOUNT_UPDATE pushed (reason ORDER). */
  changePosition(
    input: Partial<RawPosition> & { symbol: string; positionAmt: string },
    reason = 'ORDER',
  ): RawPosition {
    const position = this.addPosition({ ...input, updateTime: this.now() });
    if (Number(position.positionAmt) === 0) this.positions = this.positions.filter((p) => p !== position);
    this.send(accountUpdate(position, this.assets, reason, this.now()));
    return position;
  }

  /** A conditional order changes status in the algo service, live (ALGO_UPDATE). */
  changeAlgoOrder(algoId: number, algoStatus: string): void {
    const order = this.algoOrders.find((o) => o.algoId === algoId);
    if (!order) throw new Error(`No algo order ${algoId}`);
    order.algoStatus = algoStatus;
    order.updateTime = this.now();
    if (algoStatus !== 'NEW') this.algoOrders = this.algoOrders.filter((o) => o !== order);
    this.send(algoUpdate(order, this.now()));
  }

  /** Any event as it is, for what Binance may send one day. */
  push(event: object): void {
    this.send(event);
  }
}
