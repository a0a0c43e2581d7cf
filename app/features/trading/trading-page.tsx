import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { Heading } from '../../components/prose.tsx';
import { TabBar } from '../../components/tab-bar.tsx';
import { TRADING_VIEWS, type TradingViewKey } from '../../lib/sections.ts';
import { useScreen } from '../../lib/use-media-query.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { loadTradingView } from './trading-views.ts';

// Each view downloads with its own code: the strategy feed does not bring the live tables, nor the live
// tables the feed's articles (the index route starts the open view's download beside the section's).
const VIEWS: Record<TradingViewKey, LazyExoticComponent<ComponentType>> = {
  tradingLive: lazy(() => loadTradingView('tradingLive')),
  tradingStrategy: lazy(() => loadTradingView('tradingStrategy')),
  tradingStatistics: lazy(() => loadTradingView('tradingStatistics')),
};

function viewContent(key: TradingViewKey) {
  const View = VIEWS[key];
  return (
    <Suspense fallback={<PageSpinner />}>
      <View />
    </Suspense>
  );
}

/** The strategy feed reads best narrow; the live tables and the statistics need the room. */
const MAX_WIDTH: Record<TradingViewKey, number> = {
  tradingLive: 1400,
  tradingStrategy: 1000,
  tradingStatistics: 1400,
};

/** Trading (spec §2: `/?type=1|2|3`, members only): live trading, strategy trading and statistics as tabs. */
export function TradingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const phone = !useScreen('sm');
  const active = TRADING_VIEWS.find((view) => view.type === params.get('type')) ?? TRADING_VIEWS[1]!;

  return (
    <div
      data-testid="trading-page"
      style={{
        width: '100%',
        maxWidth: MAX_WIDTH[active.key],
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '28px 24px 48px',
      }}
    >
      <title>{`${t(`nav.${active.key}`)} · ${t('product.name')}`}</title>
      <Heading level={2} style={{ marginTop: 0, marginBottom: 8, fontSize: phone ? 22 : 28 }}>
        {t('nav.trading')}
      </Heading>
      <TabBar
        activeKey={active.type}
        onChange={(type) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('type', type);
            return next;
          })
        }
        items={TRADING_VIEWS.map((view) => ({
          key: view.type,
          label: <span data-testid={`trading-tab-${view.type}`}>{t(`nav.${view.key}`)}</span>,
        }))}
      >
        {viewContent(active.key)}
      </TabBar>
    </div>
  );
}
