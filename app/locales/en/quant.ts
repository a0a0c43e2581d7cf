import type { Messages } from '../types.ts';
import type { quant as zh } from '../zh/quant.ts';

export const quant: Messages<typeof zh> = {
  intro:
    'Quantitative strategies we publish, with their backtest or live results. Past performance does not guarantee future returns.',
  filters: {
    type: 'Type',
    status: 'Status',
    riskLevel: 'Risk',
    symbol: 'Symbol',
    symbolPlaceholder: 'e.g. BTCUSDT',
    sort: 'Sort',
    all: 'All',
  },
  sort: {
    return: 'Highest return',
    drawdown: 'Smallest drawdown',
    sharpe: 'Highest Sharpe',
    newest: 'Newest',
  },
  type: {
    grid: 'Grid',
    trend: 'Trend following',
    meanReversion: 'Mean reversion',
    arbitrage: 'Arbitrage',
    dca: 'DCA',
    marketMaking: 'Market making',
    other: 'Other',
  },
  status: { backtest: 'Backtest', paper: 'Paper trading', live: 'Live' },
  riskLevel: { low: 'Low risk', medium: 'Medium risk', high: 'High risk' },
  figures: {
    totalReturn: 'Total return',
    annualizedReturn: 'Annualized return',
    maxDrawdown: 'Max drawdown',
    sharpe: 'Sharpe ratio',
    sortino: 'Sortino ratio',
    calmar: 'Calmar ratio',
    winRate: 'Win rate',
    profitFactor: 'Profit factor',
    trades: 'Trades',
    period: 'Test period',
    startingBalance: 'Starting balance',
    finalBalance: 'Final balance',
  },
  help: {
    totalReturn:
      'Total return: the balance at the end of the test period divided by the starting balance, minus 1.',
    annualizedReturn:
      'Annualized return: the total return compounded to one year; over a short test period it is magnified and says little.',
    maxDrawdown:
      'Max drawdown: the largest fall of the balance from its previous peak, as a fraction of that peak: how much the strategy lost at its worst.',
    sharpe:
      'Sharpe ratio: the mean return divided by its volatility (standard deviation), annualized; higher means more return for each unit of volatility.',
    sortino: 'Sortino ratio: like the Sharpe ratio, but only downside volatility counts as risk.',
    calmar: 'Calmar ratio: the annualized return divided by the max drawdown.',
    winRate: 'Win rate: the share of trades that made a profit.',
    profitFactor:
      'Profit factor: the gross profit of winning trades divided by the gross loss of losing ones; above 1 is profitable overall.',
    trades: 'Trades: the number of trades completed (closed) within the test period.',
    monthly:
      "Monthly returns: each month's closing balance divided by the previous month's, minus 1, computed from the daily data; the year's total compounds its months.",
    equity: "Equity curve: the account's balance at each day's close.",
    drawdown: "Drawdown: how far each day's balance is below its previous peak.",
  },
  card: {
    symbols: 'Symbols',
    open: 'View details',
    noPeriod: 'Not given',
  },
  empty: 'No quantitative strategies yet',
  emptyFiltered: 'No strategy matches these filters',
  detail: {
    back: 'Back to strategies',
    documentTitle: 'Quantitative strategy',
    notFound: 'This strategy does not exist, or your membership does not include it.',
    market: 'Market',
    timeframe: 'Timeframe',
    results: 'Results',
    source: { manual: 'Entered by hand', freqtrade: 'Imported from a freqtrade backtest' },
    charts: {
      equity: 'Equity curve',
      drawdown: 'Drawdown',
      equitySeries: 'Equity',
      drawdownSeries: 'Drawdown',
      loading: 'Loading chart…',
    },
    noDaily: 'This strategy has no daily data: no curve and no monthly returns.',
    monthly: 'Monthly returns',
    year: 'Year',
    yearTotal: 'Total',
    parameters: 'Parameters',
    parameterKey: 'Parameter',
    parameterValue: 'Value',
    description: 'About the strategy',
    balances: 'Balances',
    updated: 'Updated {{at}}',
  },
  live: {
    title: 'Live: {{name}}',
    intro:
      "The live figures (all time) of the trader account linked to this strategy, beside the backtest's.",
    figure: 'Figure',
    backtest: 'Backtest',
    live: 'Live',
    roi: 'Return',
    open: 'Open the trading statistics',
    linkedOnly: 'This strategy is linked to the trader {{name}}; subscribe to see its live figures.',
  },
};
