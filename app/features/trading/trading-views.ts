import type { ComponentType } from 'react';
import type { TradingViewKey } from '../../lib/sections.ts';

/** The code of each view of the trading section (the bundler fetches each module once). */
const IMPORTS: Record<TradingViewKey, () => Promise<{ default: ComponentType }>> = {
  tradingLive: () => import('./live-page.tsx').then((module) => ({ default: module.LivePage })),
  tradingStrategy: () => import('./advisory-feed.tsx').then((module) => ({ default: module.AdvisoryFeed })),
  tradingStatistics: () =>
    import('./statistics-page.tsx').then((module) => ({ default: module.StatisticsPage })),
};

export function loadTradingView(key: TradingViewKey): Promise<{ default: ComponentType }> {
  return IMPORTS[key]();
}
