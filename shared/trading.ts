// Trading enumerations carried over by spec §3. Their use is not shown yet; the values are part of the contract.

export const ORDER_TYPE = {
  limit: 0,
  market: 1,
  stopLoss: 2,
  stopLossLimit: 3,
  stopLossLimitOrder: 4,
  stopLossMarket: 5,
  takeProfitLimit: 6,
  takeProfitMarket: 7,
  takeProfitLimitOrder: 8,
  limitMaker: 9,
  trailingStop: 10,
  liquidation: 11,
} as const;

export const ORDER_STATUS = {
  new: 0,
  partiallyFilled: 1,
  filled: 2,
  canceled: 3,
  pendingCancel: 4,
  rejected: 5,
  expired: 6,
  insurance: 7,
  adl: 8,
} as const;

export const SIDE = { buy: 0, sell: 1 } as const;

export const POSITION_MODE = { short: 0, long: 1, single: 2 } as const;

export const LOGIN_RESULT = { ok: 0, locked: 1, incorrectPassword: 2 } as const;
export const LOGIN_RESULT_NAME = { 1: 'Fail_Lock', 2: 'Fail_IncorrectPwd' } as const;
