import { LineChartOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { QuantStrategy } from '#shared/schemas/quant.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { FigureTitle, type HelpKey } from './figure-title.tsx';
import { useLiveFigures } from './quant-api.ts';
import { formatCount, formatPercent, formatRatio, signColor } from './quant-format.ts';

const { Text } = Typography;

type Row = { key: HelpKey; label: ReactNode; backtest: string; live: string; color?: [string?, string?] };

/** The linked trader's live figures (all time) beside the backtest's, for a trader the member may watch. */
export function LiveComparison({ strategy }: { strategy: QuantStrategy }) {
  const { t } = useTranslation('quant');
  const locale = currentLocale();
  const trader = strategy.trader;
  const live = useLiveFigures(trader?.watchable ? trader.id : null);
  if (!trader) return null;
  if (!trader.watchable) return null;

  const r = strategy.results;
  const s = live.data;
  const rows: Row[] = [
    {
      key: 'totalReturn',
      label: t('live.roi'),
      backtest: formatPercent(locale, r.totalReturn, true),
      live: formatPercent(locale, s?.roi, true),
      color: [signColor(r.totalReturn), signColor(s?.roi)],
    },
    {
      key: 'maxDrawdown',
      label: t('figures.maxDrawdown'),
      backtest: formatPercent(locale, r.maxDrawdown),
      live: formatPercent(locale, s?.maxDrawdown),
    },
    {
      key: 'winRate',
      label: t('figures.winRate'),
      backtest: formatPercent(locale, r.winRate),
      live: formatPercent(locale, s?.winRate),
    },
    {
      key: 'sharpe',
      label: t('figures.sharpe'),
      backtest: formatRatio(locale, r.sharpe),
      live: formatRatio(locale, s?.sharpe),
    },
    {
      key: 'trades',
      label: t('figures.trades'),
      backtest: formatCount(locale, r.trades),
      live: formatCount(locale, s?.trades),
    },
  ];

  return (
    <Card
      data-testid="live-comparison"
      title={t('live.title', { name: trader.keyName })}
      extra={
        <LinkButton type="link" to="/?type=3" icon={<LineChartOutlined />} data-testid="live-link">
          {t('live.open')}
        </LinkButton>
      }
    >
      <Flex vertical gap={12}>
        <Text type="secondary">{t('live.intro')}</Text>
        {live.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Table<Row>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                key: 'figure',
                title: t('live.figure'),
                render: (_, row) => <FigureTitle help={row.key}>{row.label}</FigureTitle>,
              },
              {
                key: 'backtest',
                title: t('live.backtest'),
                align: 'right',
                render: (_, row) => (
                  <span
                    data-testid={`backtest-${row.key}`}
                    style={{ color: row.color?.[0], fontVariantNumeric: 'tabular-nums' }}
                  >
                    {row.backtest}
                  </span>
                ),
              },
              {
                key: 'live',
                title: t('live.live'),
                align: 'right',
                render: (_, row) => (
                  <span
                    data-testid={`live-${row.key}`}
                    style={{ color: row.color?.[1], fontVariantNumeric: 'tabular-nums' }}
                  >
                    {row.live}
                  </span>
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
