import { lazy, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AuthorizeRoute } from '../../components/authorize-route.tsx';
import { MembersOnly } from '../../components/members-only.tsx';
import { TRADING_VIEWS } from '../../lib/sections.ts';

const TradingPage = lazy(() =>
  import('./trading-page.tsx').then((module) => ({ default: module.TradingPage })),
);

/**
 * The index route (spec §2): `/` is the home page; with `?type=1|2|3` it is the trading section, which is
 * for signed-in members only.
 */
export function TradingIndex({ home }: { home: ReactNode }) {
  const [params] = useSearchParams();
  const type = params.get('type');
  if (!TRADING_VIEWS.some((view) => view.type === type)) return home;
  return (
    <AuthorizeRoute>
      <MembersOnly>
        <TradingPage />
      </MembersOnly>
    </AuthorizeRoute>
  );
}
