import { BellOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Flex, Row, Skeleton, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { distancePercent } from '#shared/levels.ts';
import type { LevelSetView, LevelView } from '#shared/schemas/levels.ts';
import { RichTextView } from '../../components/rich-text/rich-text-view.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useLiveMarketPrice } from '../../lib/hub/market-price.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { PriceLineSpec } from './candle-chart.tsx';
import { useChartCandles, useWatchLevelSet } from './pressure-api.ts';

const CandleChart = lazy(() => import('./candle-chart.tsx'));
const { Text } = Typography;

const BIAS_COLOR = { bullish: 'green', bearish: 'red', neutral: 'default' } as const;
const STATE_COLOR = { untested: 'default', tested: 'gold', broken: 'volcano' } as const;
const SUPPORT = '#16a34a';
const RESISTANCE = '#dc2626';

/** Whether this browser can draw the chart (a canvas with a 2D context). */
const canDrawCharts = (() => {
  if (typeof document === 'undefined') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
})();

export function formatLevelPrice(value: number, precision: number): string {
  return value.toLocaleString(undefined, {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  });
}

function LevelTable({
  title,
  levels,
  precision,
  testId,
}: {
  title: string;
  levels: LevelView[];
  precision: number;
  testId: string;
}) {
  const { t } = useTranslation('pressure');
  if (levels.length === 0) return null;
  return (
    <div data-testid={testId}>
      <Text strong>{title}</Text>
      <Table<LevelView>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={levels}
        style={{ marginTop: 4 }}
        columns={[
          {
            key: 'price',
            title: t('columns.price'),
            render: (_, l) => (
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatLevelPrice(l.price, precision)}
              </span>
            ),
          },
          {
            key: 'distance',
            title: t('columns.distance'),
            align: 'right',
            render: (_, l) =>
              l.distancePercent === null ? (
                '—'
              ) : (
                <span
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >{`${l.distancePercent > 0 ? '+' : ''}${l.distancePercent.toFixed(2)}%`}</span>
              ),
          },
          {
            key: 'state',
            title: (
              <Tooltip title={t('stateHelp')}>
                <span>
                  {t('columns.state')} <QuestionCircleOutlined />
                </span>
              </Tooltip>
            ),
            render: (_, l) =>
              l.state ? (
                <Tag color={STATE_COLOR[l.state]} data-testid="level-state">
                  {t(`state.${l.state}`)}
                </Tag>
              ) : (
                '—'
              ),
          },
          {
            key: 'strength',
            title: t('columns.strength'),
            responsive: ['sm'],
            render: (_, l) => (l.strength ? '●'.repeat(l.strength) : '—'),
          },
          {
            key: 'reason',
            title: t('columns.reason'),
            responsive: ['md'],
            render: (_, l) => l.reason || '—',
          },
        ]}
      />
    </div>
  );
}

function WatchSwitch({ set }: { set: LevelSetView }) {
  const { t } = useTranslation('pressure');
  const { message } = useFeedback();
  const watch = useWatchLevelSet();
  return (
    <Tooltip title={t('watchHelp')}>
      <Flex align="center" gap={6}>
        <BellOutlined />
        <Switch
          size="small"
          checked={watch.isPending ? watch.variables?.watch : set.watched}
          loading={watch.isPending}
          aria-label={t('watch')}
          data-testid="level-watch"
          onChange={async (checked) => {
            try {
              await watch.mutateAsync({ id: set.id, watch: checked });
              void message.success(t(checked ? 'watched' : 'unwatched', { symbol: set.symbol }));
            } catch {
              // The API client has shown why.
            }
          }}
        />
        <Text type="secondary">{set.watched ? t('watching') : t('watch')}</Text>
      </Flex>
    </Tooltip>
  );
}

/** `set` as listed (its lines change only when it is edited); `lastPrice` moves with the live price. */
function LevelChart({
  set,
  lastPrice,
  precision,
}: {
  set: LevelSetView;
  lastPrice: number | null;
  precision: number;
}) {
  const { t } = useTranslation('pressure');
  const candles = useChartCandles(set.symbol, set.timeframe);
  const lines = useMemo<PriceLineSpec[]>(
    () => [
      ...set.supports.map((l) => ({ price: l.price, color: SUPPORT, title: t('lines.support') })),
      ...set.resistances.map((l) => ({ price: l.price, color: RESISTANCE, title: t('lines.resistance') })),
      ...(set.invalidationPrice === null
        ? []
        : [{ price: set.invalidationPrice, color: '#64748b', title: t('lines.invalidation'), dashed: true }]),
      ...set.targets.map((price) => ({ price, color: '#2563eb', title: t('lines.target'), dashed: true })),
    ],
    [set, t],
  );
  const locale = currentLocale();
  // The candle still open follows the last price the list was read with (the candles are read less often).
  const bars = useMemo(() => {
    const data = candles.data?.candles ?? [];
    const last = data.at(-1);
    if (!last || lastPrice === null) return data;
    const price = lastPrice;
    return [
      ...data.slice(0, -1),
      { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) },
    ];
  }, [candles.data, lastPrice]);
  if (!canDrawCharts) return null;
  if (candles.isError) return <Alert type="warning" showIcon message={t('noMarket')} />;
  if (!candles.data) return <Skeleton.Node active style={{ width: '100%', height: 300 }} />;
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
      <CandleChart
        key={`${precision} ${locale}`}
        candles={bars}
        lines={lines}
        pricePrecision={precision}
        locale={locale === 'zh' ? 'zh-CN' : 'en-US'}
      />
    </Suspense>
  );
}

/** The set with its last price and distances from the live price, when the hub has sent a newer one. */
function withLivePrice(set: LevelSetView, live: number | undefined): LevelSetView {
  if (live === undefined || live === set.lastPrice) return set;
  const moved = (levels: LevelView[]) =>
    levels.map((l) => ({ ...l, distancePercent: distancePercent(l.price, live) }));
  return { ...set, lastPrice: live, supports: moved(set.supports), resistances: moved(set.resistances) };
}

/** One level set: its chart with a line per level, the levels with state and distance, and the notes. */
export function LevelSetCard({ set: listed, precision }: { set: LevelSetView; precision: number }) {
  const { t } = useTranslation('pressure');
  const live = useLiveMarketPrice(listed.expired ? undefined : listed.symbol);
  const set = useMemo(() => withLivePrice(listed, live?.price), [listed, live?.price]);
  return (
    <Card
      data-testid="level-set-card"
      data-set-id={set.id}
      title={
        <Flex align="center" gap={8} wrap>
          <Text strong style={{ fontSize: 16 }} data-testid="level-set-symbol">
            {set.symbol}
          </Text>
          <Tag>{set.timeframe}</Tag>
          <Tag color={BIAS_COLOR[set.bias]} data-testid="level-set-bias">
            {t(`bias.${set.bias}`)}
          </Tag>
          {set.lastPrice !== null && (
            <Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('lastPrice')} <Text strong>{formatLevelPrice(set.lastPrice, precision)}</Text>
            </Text>
          )}
        </Flex>
      }
      extra={set.expired ? null : <WatchSwitch set={set} />}
    >
      {set.stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('stale', { at: formatDateTime(set.updatedAt) })}
        />
      )}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <LevelChart set={listed} lastPrice={set.lastPrice} precision={precision} />
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={12}>
            <LevelTable
              title={t('resistances')}
              levels={set.resistances}
              precision={precision}
              testId="level-resistances"
            />
            <LevelTable
              title={t('supports')}
              levels={set.supports}
              precision={precision}
              testId="level-supports"
            />
            <Flex gap={16} wrap>
              {set.invalidationPrice !== null && (
                <Text>
                  {t('invalidation')}:{' '}
                  <Text strong>{formatLevelPrice(set.invalidationPrice, precision)}</Text>
                </Text>
              )}
              {set.targets.length > 0 && (
                <Text>
                  {t('targets')}:{' '}
                  <Text strong>{set.targets.map((p) => formatLevelPrice(p, precision)).join(' / ')}</Text>
                </Text>
              )}
            </Flex>
          </Flex>
        </Col>
      </Row>
      {set.notes && (
        <div style={{ marginTop: 16 }}>
          <RichTextView html={set.notes} testId="level-set-notes" />
        </div>
      )}
      <Flex gap={16} wrap style={{ marginTop: 12 }}>
        <Text type="secondary">{t('published', { at: formatDateTime(set.publishedAt) })}</Text>
        {set.updatedAt !== set.publishedAt && (
          <Text type="secondary">{t('updated', { at: formatDateTime(set.updatedAt) })}</Text>
        )}
        {set.expiresAt && (
          <Text type="secondary">
            {t(set.expired ? 'expired' : 'expires', { at: formatDateTime(set.expiresAt) })}
          </Text>
        )}
      </Flex>
    </Card>
  );
}
