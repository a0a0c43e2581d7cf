import type { Locale } from './constants.ts';

// Live trading statistics: the periods a trader's figures are computed over, and the definition of each
// figure in zh and en, shown next to the figures on the page. server/trading/statistics.ts computes them
// exactly as written here; change both together.

export const STATISTICS_PERIODS = ['7d', '30d', '90d', '180d', 'all'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

/** Days covered by each bounded period: that many calendar days, today included. */
export const STATISTICS_PERIOD_DAYS: Readonly<Record<Exclude<StatisticsPeriod, 'all'>, number>> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '180d': 180,
};

export type StatisticsFigure =
  | 'closedPosition'
  | 'roi'
  | 'pnl'
  | 'maxDrawdown'
  | 'winRate'
  | 'profitFactor'
  | 'trades'
  | 'averageHoldingTime'
  | 'longShort'
  | 'tradingDays'
  | 'sharpe'
  | 'netValueCurve'
  | 'dailyPnl';

export const STATISTICS_DEFINITIONS: Readonly<Record<StatisticsFigure, Readonly<Record<Locale, string>>>> = {
  closedPosition: {
    zh: '已平仓仓位：从成交记录重建的一次完整持仓，从开仓到仓位归零（或单向持仓模式下反手）为止；期间的加仓和部分平仓都属于同一仓位。双向持仓模式下多头和空头分别计算。',
    en: 'Closed position: one round trip rebuilt from the fills, from opening until the position is back to zero (or flips side in one-way mode); adds and partial closes in between belong to the same position. In hedge mode the long and short sides are counted separately.',
  },
  roi: {
    zh: '收益率：按单位净值法计算，即期末单位净值 ÷ 期初单位净值 − 1。入金和出金按当时的净值增减份额，不改变单位净值，因此不计入收益。期内若账户权益归零，收益率为 −100%。',
    en: 'ROI: on the unit value (net value) method, the unit value at the end of the period divided by the unit value at its start, minus 1. Deposits and withdrawals add or remove units at the current unit value and leave the unit value unchanged, so they do not count as returns. If the account equity falls to zero within the period, ROI is −100%.',
  },
  pnl: {
    zh: '盈亏：期内已实现盈亏（含手续费和资金费用），加上当前未平仓仓位的未实现盈亏。',
    en: 'PnL: realized PnL within the period (commissions and funding fees included), plus the unrealized PnL of the positions open now.',
  },
  maxDrawdown: {
    zh: '最大回撤：期内单位净值从此前最高点下跌的最大比例，按每次权益快照（每小时）计算。',
    en: 'Max drawdown: the largest fall of the unit value from its previous peak within the period, as a fraction of that peak, over every equity snapshot (hourly).',
  },
  winRate: {
    zh: '胜率：期内平仓的仓位中，扣除手续费后已实现盈亏大于 0 的仓位所占比例。盈亏恰为 0 的仓位计入总数，但不算盈利。没有平仓仓位时不显示。',
    en: 'Win rate: the share of positions closed within the period whose realized PnL net of commissions is above 0. Positions at exactly 0 count in the total but not as wins. Not shown when no position was closed.',
  },
  profitFactor: {
    zh: '盈亏比：期内平仓仓位中，盈利仓位的净盈利总和 ÷ 亏损仓位的净亏损总和（均已扣除手续费）。全部亏损时为 0；没有亏损仓位但有盈利时为无穷大（∞）；没有平仓仓位或盈亏均为 0 时不显示。',
    en: 'Profit factor: the sum of net profits of the winning positions closed within the period divided by the sum of net losses of the losing ones (commissions deducted). 0 when every position lost; infinite (∞) when some won and none lost; not shown when no position was closed or all closed at exactly 0.',
  },
  trades: {
    zh: '交易次数：期内平仓的仓位数。',
    en: 'Number of trades: the number of positions closed within the period.',
  },
  averageHoldingTime: {
    zh: '平均持仓时间：期内平仓仓位从第一笔开仓成交到最后一笔平仓成交的平均时长。',
    en: 'Average holding time: the mean time from the first opening fill to the last closing fill of the positions closed within the period.',
  },
  longShort: {
    zh: '多空分布：期内平仓的多头仓位和空头仓位各自的数量、盈利数量和扣除手续费后的已实现盈亏。',
    en: 'Long/short split: the number, winners and realized PnL net of commissions of the long and of the short positions closed within the period.',
  },
  tradingDays: {
    zh: '交易天数：期内至少有一笔成交的天数（按 UTC 日期）。',
    en: 'Trading days: the days within the period with at least one fill (UTC dates).',
  },
  sharpe: {
    zh: '夏普比率：期内单位净值日收益率的平均值 ÷ 其样本标准差 × √365，无风险利率取 0。少于 2 个日收益率或标准差为 0 时不显示。',
    en: 'Sharpe ratio: the mean of the daily returns of the unit value within the period divided by their sample standard deviation, times √365, with a risk-free rate of 0. Not shown with fewer than 2 daily returns or a standard deviation of 0.',
  },
  netValueCurve: {
    zh: '净值曲线：每天收盘（UTC 日终最后一次快照）时的单位净值，起始为 1；没有快照的日子沿用前一日的值。',
    en: 'Net value curve: the unit value at each day’s close (the last snapshot of the UTC day), starting at 1; days without a snapshot keep the previous value.',
  },
  dailyPnl: {
    zh: '每日盈亏：当日收盘权益 − 前一日收盘权益 − 当日净入金（含未实现盈亏的变化）；另列当日已实现盈亏（含手续费和资金费用）。',
    en: 'Daily PnL: the equity at the day’s close minus the previous close minus the day’s net deposits (so it includes changes in unrealized PnL); the day’s realized PnL (commissions and funding included) is given beside it.',
  },
};
