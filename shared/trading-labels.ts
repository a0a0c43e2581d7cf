import type { Locale } from './constants.ts';
import type { ORDER_STATUS, ORDER_TYPE, POSITION_MODE, SIDE } from './trading.ts';

// What people read for the trading codes of spec §3 (shared/trading.ts holds the numbers, which are the wire
// values), for the kinds of income entry an exchange account records, and for the state of a trader key's
// connection to its exchange. Order types 2, 3, 8 and 9 exist on Binance spot only; a futures account never
// reports them, but the codes are part of the contract, so they have labels too.

export type OrderTypeCode = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];
export type OrderStatusCode = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export type SideCode = (typeof SIDE)[keyof typeof SIDE];
export type PositionModeCode = (typeof POSITION_MODE)[keyof typeof POSITION_MODE];

type Label = Record<Locale, string>;

export const ORDER_TYPE_LABELS: Record<OrderTypeCode, Label> = {
  0: { zh: '限价单', en: 'Limit' },
  1: { zh: '市价单', en: 'Market' },
  2: { zh: '止损单（现货）', en: 'Stop loss (spot)' },
  3: { zh: '止损限价单（现货）', en: 'Stop-loss limit (spot)' },
  4: { zh: '止损限价单', en: 'Stop limit' },
  5: { zh: '止损市价单', en: 'Stop market' },
  6: { zh: '止盈限价单', en: 'Take-profit limit' },
  7: { zh: '止盈市价单', en: 'Take-profit market' },
  8: { zh: '止盈限价单（现货）', en: 'Take-profit limit (spot)' },
  9: { zh: '只做挂单（现货）', en: 'Limit maker (spot)' },
  10: { zh: '跟踪止损单', en: 'Trailing stop' },
  11: { zh: '强平单', en: 'Liquidation' },
};

export const ORDER_STATUS_LABELS: Record<OrderStatusCode, Label> = {
  0: { zh: '未成交', en: 'New' },
  1: { zh: '部分成交', en: 'Partially filled' },
  2: { zh: '完全成交', en: 'Filled' },
  3: { zh: '已撤销', en: 'Canceled' },
  4: { zh: '撤销中', en: 'Pending cancel' },
  5: { zh: '已拒绝', en: 'Rejected' },
  6: { zh: '已过期', en: 'Expired' },
  7: { zh: '保险基金强平', en: 'Liquidated by the insurance fund' },
  8: { zh: '自动减仓', en: 'Auto-deleveraged (ADL)' },
};

export const SIDE_LABELS: Record<SideCode, Label> = {
  0: { zh: '买入', en: 'Buy' },
  1: { zh: '卖出', en: 'Sell' },
};

export const POSITION_MODE_LABELS: Record<PositionModeCode, Label> = {
  0: { zh: '空头', en: 'Short' },
  1: { zh: '多头', en: 'Long' },
  2: { zh: '单向持仓', en: 'One-way' },
};

/** Kinds of entry in an account's income history (what statistics add up). */
export const INCOME_KINDS = [
  'realizedPnl',
  'fundingFee',
  'commission',
  'transfer',
  'rebate',
  'insuranceClear',
  'reward',
  'other',
] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

export const INCOME_KIND_LABELS: Record<IncomeKind, Label> = {
  realizedPnl: { zh: '已实现盈亏', en: 'Realized PnL' },
  fundingFee: { zh: '资金费用', en: 'Funding fee' },
  commission: { zh: '手续费', en: 'Commission' },
  transfer: { zh: '划转', en: 'Transfer' },
  rebate: { zh: '返佣', en: 'Rebate' },
  insuranceClear: { zh: '强平清算费', en: 'Insurance clearing' },
  reward: { zh: '奖励', en: 'Reward' },
  other: { zh: '其他', en: 'Other' },
};

/**
 * The state of a trader key's connection to its exchange, as admins see it: `ok`, or why reading the
 * account stopped. Every failure of the exchange layer is one of these (server/exchange/exchange-errors.ts).
 */
export const EXCHANGE_KEY_STATES = [
  'ok',
  'invalidKey',
  'ipNotAllowed',
  'withdrawalsEnabled',
  'futuresDisabled',
  'clockSkew',
  'rateLimited',
  'unreachable',
  'malformed',
  'rejected',
] as const;
export type ExchangeKeyState = (typeof EXCHANGE_KEY_STATES)[number];

export const EXCHANGE_KEY_STATE_LABELS: Record<ExchangeKeyState, Label> = {
  ok: { zh: '正常', en: 'OK' },
  invalidKey: { zh: 'API 密钥无效或无合约权限', en: 'Invalid API key, or no futures permission' },
  ipNotAllowed: { zh: '服务器 IP 不在密钥白名单内', en: "The server's IP is not allowed by the key" },
  withdrawalsEnabled: {
    zh: '密钥开启了提现权限，已停止同步',
    en: 'The key can withdraw: syncing refused',
  },
  futuresDisabled: {
    zh: '密钥未开启合约权限，无法读取合约账户',
    en: 'Futures are not enabled on the key: the futures account cannot be read',
  },
  clockSkew: { zh: '服务器时钟与交易所相差过大', en: "The server's clock is too far from the exchange's" },
  rateLimited: { zh: '请求过于频繁，暂停中', en: 'Rate limited by the exchange: paused' },
  unreachable: { zh: '无法连接交易所', en: 'The exchange cannot be reached' },
  malformed: { zh: '交易所返回了无法识别的数据', en: 'The exchange answered with unreadable data' },
  rejected: { zh: '交易所拒绝了请求', en: 'The exchange refused the request' },
};
