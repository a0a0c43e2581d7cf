import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Result,
  Row,
  Skeleton,
  Spin,
  Table,
  Typography,
} from 'antd';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useParams } from 'react-router';
import { quantReturns } from '#shared/quant-returns.ts';
import type { QuantParameter, QuantStrategy } from '#shared/schemas/quant.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichTextView } from '../../components/rich-text/rich-text-view.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { ApiError } from '../../lib/api-client.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { FigureTitle, type HelpKey } from './figure-title.tsx';
import { LiveComparison } from './live-comparison.tsx';
import { MonthlyReturnsTable } from './monthly-returns-table.tsx';
import { useQuantStrategy } from './quant-api.ts';
import {
  formatAmount,
  formatCount,
  formatPercent,
  formatPeriod,
  formatRatio,
  signColor,
} from './quant-format.ts';
import { StrategyTags } from './strategy-tags.tsx';

const { Title, Text } = Typography;

// The charting library is large: it loads with this chunk, only when a strategy's page is open.
const QuantChart = lazy(() => import('./quant-chart.tsx').then((module) => ({ default: module.QuantChart })));

/** The id in /strategy/:id, or null when it is not one. */
function idOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function HeadlineFigures({ strategy }: { strategy: QuantStrategy }) {
  const { t } = useTranslation('quant');
  const locale = currentLocale();
  const r = strategy.results;
  type HeadlineKey = Exclude<HelpKey, 'monthly' | 'equity' | 'drawdown'>;
  const figures: Array<{ key: HeadlineKey; value: string; color?: string | undefined }> = [
    {
      key: 'totalReturn',
      value: formatPercent(locale, r.totalReturn, true),
      color: signColor(r.totalReturn),
    },
    {
      key: 'annualizedReturn',
      value: formatPercent(locale, r.annualizedReturn, true),
      color: signColor(r.annualizedReturn),
    },
    { key: 'maxDrawdown', value: formatPercent(locale, r.maxDrawdown) },
    { key: 'sharpe', value: formatRatio(locale, r.sharpe) },
    { key: 'sortino', value: formatRatio(locale, r.sortino) },
    { key: 'calmar', value: formatRatio(locale, r.calmar) },
    { key: 'winRate', value: formatPercent(locale, r.winRate) },
    { key: 'profitFactor', value: formatRatio(locale, r.profitFactor) },
    { key: 'trades', value: formatCount(locale, r.trades) },
  ];
  return (
    <Row gutter={[12, 12]}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={8}>
          <Card size="small" style={{ height: '100%' }} data-testid={`figure-${figure.key}`}>
            <Text type="secondary">
              <FigureTitle help={figure.key}>{t(`figures.${figure.key}`)}</FigureTitle>
            </Text>
            <div
              data-testid="figure-value"
              style={{
                fontSize: 22,
                fontWeight: 600,
                fontVariantNumeric: 'tabular-nums',
                color: figure.color,
                margin: '4px 0',
              }}
            >
              {figure.value}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function ChartCard({ kind, children }: { kind: 'equity' | 'drawdown'; children: ReactNode }) {
  const { t } = useTranslation('quant');
  return (
    <Card
      size="small"
      title={<FigureTitle help={kind}>{t(`detail.charts.${kind}`)}</FigureTitle>}
      data-testid={`chart-card-${kind}`}
    >
      <Suspense
        fallback={
          <Flex justify="center" align="center" style={{ height: 260 }} data-testid="chart-loading">
            <Spin description={t('detail.charts.loading')} />
          </Flex>
        }
      >
        {children}
      </Suspense>
    </Card>
  );
}

/** The curve, drawdown and monthly table, computed from the daily series by shared/quant-returns.ts. */
function DailySection({ strategy }: { strategy: QuantStrategy }) {
  const { t } = useTranslation('quant');
  const { daily, startingBalance } = strategy.results;
  const returns = useMemo(
    () => (daily ? quantReturns(daily.kind, daily.points, startingBalance) : null),
    [daily, startingBalance],
  );
  if (!returns) {
    return (
      <Card size="small">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('detail.noDaily')}
          data-testid="no-daily"
        />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ChartCard kind="equity">
            <QuantChart
              kind="equity"
              curve={returns.curve}
              seriesName={t('detail.charts.equitySeries')}
              label={t('detail.charts.equity')}
            />
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard kind="drawdown">
            <QuantChart
              kind="drawdown"
              curve={returns.curve}
              seriesName={t('detail.charts.drawdownSeries')}
              label={t('detail.charts.drawdown')}
            />
          </ChartCard>
        </Col>
      </Row>
      <Card
        size="small"
        title={<FigureTitle help="monthly">{t('detail.monthly')}</FigureTitle>}
        data-testid="monthly-card"
        styles={{ body: { padding: 0 } }}
      >
        <MonthlyReturnsTable rows={returns.monthly} />
      </Card>
    </Flex>
  );
}

function Parameters({ parameters }: { parameters: QuantParameter[] }) {
  const { t } = useTranslation('quant');
  if (parameters.length === 0) return null;
  return (
    <Card size="small" title={t('detail.parameters')} styles={{ body: { padding: 0 } }}>
      <Table<QuantParameter>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={parameters}
        data-testid="parameters"
        columns={[
          { key: 'key', title: t('detail.parameterKey'), dataIndex: 'key', width: '40%' },
          {
            key: 'value',
            title: t('detail.parameterValue'),
            dataIndex: 'value',
            render: (value: string) => (
              <Text code style={{ wordBreak: 'break-all' }}>
                {value || '—'}
              </Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

function StrategyView({ strategy }: { strategy: QuantStrategy }) {
  const { t } = useTranslation('quant');
  const locale = currentLocale();
  const phone = Grid.useBreakpoint().sm === false;
  const r = strategy.results;
  const period = formatPeriod(r.periodStart, r.periodEnd);
  return (
    <Flex vertical gap={16} data-testid="quant-detail" data-strategy-id={strategy.id}>
      <div>
        <Title
          level={2}
          style={{ marginTop: 0, marginBottom: 8, fontSize: phone ? 22 : 28 }}
          data-testid="strategy-title"
        >
          {strategy.name}
        </Title>
        <Flex gap={4} wrap align="center">
          <StrategyTags strategy={strategy} />
          {strategy.symbols.map((symbol) => (
            <Text key={symbol} code>
              {symbol}
            </Text>
          ))}
        </Flex>
      </div>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          data-testid="strategy-facts"
          items={[
            {
              key: 'period',
              label: t('figures.period'),
              children: <span data-testid="detail-period">{period ?? t('card.noPeriod')}</span>,
            },
            ...(strategy.market
              ? [{ key: 'market', label: t('detail.market'), children: strategy.market }]
              : []),
            ...(strategy.timeframe
              ? [{ key: 'timeframe', label: t('detail.timeframe'), children: strategy.timeframe }]
              : []),
            {
              key: 'startingBalance',
              label: t('figures.startingBalance'),
              children: (
                <span data-testid="starting-balance">
                  {formatAmount(locale, r.startingBalance, r.currency)}
                </span>
              ),
            },
            {
              key: 'finalBalance',
              label: t('figures.finalBalance'),
              children: (
                <span data-testid="final-balance">{formatAmount(locale, r.finalBalance, r.currency)}</span>
              ),
            },
            { key: 'source', label: t('detail.results'), children: t(`detail.source.${r.source}`) },
          ]}
        />
      </Card>
      <HeadlineFigures strategy={strategy} />
      <LiveComparison strategy={strategy} />
      <DailySection strategy={strategy} />
      <Parameters parameters={strategy.parameters} />
      {strategy.description ? (
        <Card size="small" title={t('detail.description')}>
          <RichTextView html={strategy.description} testId="strategy-description" />
        </Card>
      ) : null}
      <Text type="secondary">{t('detail.updated', { at: formatDateTime(strategy.updatedAt) })}</Text>
    </Flex>
  );
}

/** /strategy/:id: one strategy with its figures, charts, monthly returns, parameters and description. */
export function QuantDetailPage() {
  const { t } = useTranslation('quant');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const id = idOf(useParams().id);
  const strategy = useQuantStrategy(id);

  let content: ReactNode;
  if (id === null || (strategy.error instanceof ApiError && strategy.error.status === 404)) {
    content = (
      <Card>
        <Result status="404" title="404" subTitle={t('detail.notFound')} data-testid="quant-not-found" />
      </Card>
    );
  } else if (strategy.isPending) {
    content = (
      <Card data-testid="quant-detail-loading">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  } else if (strategy.isError) {
    content = <QueryError onRetry={() => void strategy.refetch()} />;
  } else {
    content = <StrategyView strategy={strategy.data} />;
  }

  return (
    <div
      data-testid="quant-detail-page"
      style={{
        width: '100%',
        maxWidth: 1200,
        margin: '0 auto',
        padding: phone ? '12px 12px 32px' : '24px 24px 48px',
      }}
    >
      <title>{`${strategy.data?.name ?? t('detail.documentTitle')} · ${tCommon('product.name')}`}</title>
      <LinkButton
        type="link"
        to="/strategy"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0, marginBottom: 8 }}
      >
        {t('detail.back')}
      </LinkButton>
      {content}
    </div>
  );
}
