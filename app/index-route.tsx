import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from './components/page-spinner.tsx';
import { tradingViewOf } from './lib/sections.ts';

// The index route lives beside the router, as it chooses between two features. Each view loads with its own
// code: a visitor of the home page downloads nothing of the section and its sign-in and membership gates, a
// member opening the section nothing of the home page. The section's open view (`?type=`) starts downloading
// with the section, rather than after its membership check.
const HomePage = lazy(() =>
  import('./features/home/home-page.tsx').then((module) => ({ default: module.HomePage })),
);
const TradingSection = lazy(() => {
  const view = tradingViewOf(window.location.search);
  // A failure here is the view's own to report, when the section renders it.
  if (view)
    import('./features/trading/trading-views.ts')
      .then(({ loadTradingView }) => loadTradingView(view))
      .catch(() => undefined);
  return import('./features/trading/trading-section.tsx').then((module) => ({
    default: module.TradingSection,
  }));
});

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
