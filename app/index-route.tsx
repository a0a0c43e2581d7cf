import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from './components/page-spinner.tsx';
import { tradingViewOf } from './lib/sections.ts';

// The index route lives beside the router, as it chooses between two features. Each view loads with its own
// code: a visitor of the home page downloads nothing of the section and its sign-in and membership gates, a
// member opening the section nothing of the home page.
const HomePage = lazy(() =>
  import('./features/home/home-page.tsx').then((module) => ({ default: module.HomePage })),
);
const TradingSection = lazy(() =>
  import('./features/trading/trading-section.tsx').then((module) => ({ default: module.TradingSection })),
);

/**
 * The index route (spec §2): `/` is the home page; with `?type=1|2|3` it is the trading section, which is
 * for signed-in members only.
 */
export function IndexRoute() {
  const { search } = useLocation();
  return (
    <Suspense fallback={<PageSpinner />}>
      {tradingViewOf(search) ? <TradingSection /> : <HomePage />}
    </Suspense>
  );
}
