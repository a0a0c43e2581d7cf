import { Button, Card, Col, Empty, Flex, Grid, Row, Skeleton, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TraderStatistics } from '#shared/schemas/trading.ts';
import { STATISTICS_PERIODS, type StatisticsPeriod } from '#shared/trading-statistics.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { ComparisonTable } from './comparison-table.tsx';
import { type LiveTrader, useLiveTraders, useTraderStatistics } from './live-api.ts';
import type { ChartPoint } from './statistics-chart.tsx';
import { FigureTitle, StatisticsFigures } from './statistics-figures.tsx';
import { TraderTabs } from './trader-tabs.tsx';

const { Text } = Typography;

// The charting library is large: it loads with this chunk, only when a trader's statistics are shown.
const StatisticsChart = lazy(() =>
  import('./statistics-chart.tsx').then((module) => ({ default: module.StatisticsChart })),
);

export const PERIOD_PARAM = 'period';
export const DEFAULT_PERIOD: StatisticsPeriod = '30d';

const isPeriod = (value: string | null): value is StatisticsPeriod =>
  (STATISTICS_PERIODS as readonly (string | null)[]).includes(value);

/** No closed position, no trading day and nothing to draw: the trader has no history yet. */
export function hasNoHistory(statistics: TraderStatistics): boolean {
  return (
    statistics.trades === 0 &&
    statistics.tradingDays === 0 &&
    statistics.netValueCurve.length === 0 &&
    statistics.dailyPnl.length === 0
  );
}

function ChartCard({
  figure,
  title,
  seriesName,
  points,
}: {
  figure: 'netValueCurve' | 'dailyPnl';
  title: string;
  seriesName: string;
  points: readonly ChartPoint[];
}) {
  const { t } = useTranslation('trading');
  return (
    <Card
      size="small"
      title={<FigureTitle figure={figure}>{title}</FigureTitle>}
      data-testid={`chart-card-${figure}`}
    >
      {points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.charts.noData')} />
      ) : (
        <Suspense
          fallback={
            <Flex justify="center" align="center" style={{ height: 260 }} data-testid="chart-loading">
              <Spin description={t('statistics.charts.loading')} />
            </Flex>
          }
        >
          <StatisticsChart
            kind={figure === 'netValueCurve' ? 'netValue' : 'dailyPnl'}
            points={points}
            seriesName={seriesName}
            label={title}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** One trader's figures for the period and the two charts. */
export function TraderStatisticsPanel({ trader, period }: { trader: LiveTrader; period: StatisticsPeriod }) {
  const { t } = useTranslation('trading');
  const statistics = useTraderStatistics(trader.id, period);
  const data = statistics.data;
  const curve = useMemo(
    () => (data?.netValueCurve ?? []).map((point) => ({ day: point.day, value: point.netValue })),
    [data],
  );
  const daily = useMemo(
    () => (data?.dailyPnl ?? []).map((point) => ({ day: point.day, value: point.pnl })),
    [data],
  );

  if (statistics.isPending) {
    return (
      <Card data-testid="statistics-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (statistics.isError) return <QueryError onRetry={() => void statistics.refetch()} />;
  if (hasNoHistory(statistics.data)) {
    return (
      <Card>
        <Empty
          data-testid="statistics-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <Text strong>{t('statistics.empty.title')}</Text>
              <Text type="secondary">{t('statistics.empty.text')}</Text>
            </Flex>
          }
        />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="statistics-panel" data-key-id={trader.id} data-period={period}>
      <StatisticsFigures figures={statistics.data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ChartCard
            figure="netValueCurve"
            title={t('statistics.charts.netValue')}
            seriesName={t('statistics.charts.netValueSeries')}
            points={curve}
          />
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard
            figure="dailyPnl"
            title={t('statistics.charts.dailyPnl')}
            seriesName={t('statistics.charts.pnlSeries')}
            points={daily}
          />
        </Col>
      </Row>
    </Flex>
  );
}

/**
 * Trading statistics (/?type=3): a period switch, a tab per trader with the figures and charts, and all the
 * traders compared.
 */
export function StatisticsPage() {
  const { t } = useTranslation('trading');
  const [params, setParams] = useSearchParams();
  const traders = useLiveTraders();
  // On a phone the five periods share the width (in English they would run past the page's edge).
  const phone = Grid.useBreakpoint().sm === false;
  const requested = params.get(PERIOD_PARAM);
  const period = isPeriod(requested) ? requested : DEFAULT_PERIOD;
  const choosePeriod = (value: StatisticsPeriod) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(PERIOD_PARAM, value);
      return next;
    });

  return (
    <Flex vertical gap={16} data-testid="statistics-page">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Text type="secondary" style={{ flex: '1 1 420px' }}>
          {t('statistics.intro')}
        </Text>
        {/* Buttons rather than antd's Segmented, which would add to the vendor chunk every page loads. */}
        <Space.Compact
          block={phone}
          role="group"
          aria-label={t('statistics.period')}
          data-testid="period-switch"
        >
          {STATISTICS_PERIODS.map((value) => (
            <Button
              key={value}
              style={phone ? { flex: 1, paddingInline: 4 } : undefined}
              type={value === period ? 'primary' : 'default'}
              aria-pressed={value === period}
              onClick={() => choosePeriod(value)}
              data-testid={`period-${value}`}
            >
              {t(`statistics.periods.${value}`)}
            </Button>
          ))}
        </Space.Compact>
      </Flex>
      <TraderTabs>{(trader) => <TraderStatisticsPanel trader={trader} period={period} />}</TraderTabs>
      {traders.data && traders.data.length > 0 ? <ComparisonTable period={period} /> : null}
    </Flex>
  );
}
