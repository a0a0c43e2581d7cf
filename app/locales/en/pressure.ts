import type { Messages } from '../types.ts';
import type { pressure as zh } from '../zh/pressure.ts';

export const pressure: Messages<typeof zh> = {
  title: 'Support & pressure',
  intro:
    "Support and resistance levels published by our analysts. A level's state is read from the timeframe's candles since publication; its distance from the last price.",
  current: 'Current',
  history: 'Expired',
  filters: {
    symbol: 'Symbol',
    timeframe: 'Timeframe',
    bias: 'Bias',
    all: 'All',
  },
  bias: { bullish: 'Bullish', bearish: 'Bearish', neutral: 'Neutral' },
  state: { untested: 'Untested', tested: 'Tested', broken: 'Broken' },
  stateHelp:
    "Tested: a candle's low (support) or high (resistance) came within 0.1% of the level. Broken: a candle closed beyond it (below a support, above a resistance).",
  supports: 'Supports',
  resistances: 'Resistances',
  columns: { price: 'Price', distance: 'From last', state: 'State', strength: 'Strength', reason: 'Reason' },
  lines: { support: 'Support', resistance: 'Resistance', invalidation: 'Invalidation', target: 'Target' },
  invalidation: 'Invalidation',
  targets: 'Targets',
  lastPrice: 'Last price',
  stale: 'The exchange cannot be reached; showing data from {{at}}',
  noMarket: "This symbol's market data cannot be read right now",
  published: 'Published {{at}}',
  updated: 'Updated {{at}}',
  expires: 'Expires {{at}}',
  expired: 'Expired {{at}}',
  watch: 'Alert me',
  watching: 'Alerts on',
  watchHelp:
    'When the last price crosses any level of this set you get a notification and the reminder sound (once per crossing).',
  watched: 'Alerts on for {{symbol}}',
  unwatched: 'Alerts off for {{symbol}}',
  empty: 'No support and pressure levels yet',
  emptyHistory: 'No expired level sets',
  chartNotice: 'Charts by TradingView Lightweight Charts™ · Copyright (c) 2025 TradingView, Inc.',
  updatedLive: 'Levels for {{symbol}} were updated',
};
