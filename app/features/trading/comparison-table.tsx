import { Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface.js';
import type { ReactNode } from 'react';
import type { StatisticsFiguresDto } from '#shared/schemas/trading.ts';
import type { StatisticsFigure, StatisticsPeriod } from '#shared/trading-statistics.ts';
import { QueryError } from '../../components/query-error.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useComparison } from './live-api.ts';
import { NUMERIC, Pnl } from './live-positions.tsx';
import { FigureTitle, profitFactorText } from './statistics-figures.tsx';
import { formatDuration, formatPercent, formatRatio } from './trading-format.ts';

type Row = StatisticsFiguresDto;

/**
 * Compares by a figure that may be missing: missing values come last whichever way the column is sorted
 * (antd reverses the comparison for a descending sort, so the missing side is flipped with it).
 */
export function byFigure(read: (row: Row) => number | null) {
  return (a: Row, b: Row, order?: SortOrder) => {
    const x = read(a);
    const y = read(b);
    if (x === null && y === null) return 0;
    const last = order === 'descend' ? -1 : 1;
    if (x === null) return last;
    if (y === null) return -last;
    return x === y ? 0 : x < y ? -1 : 1;
  };
}

const profitFactorValue = (row: Row) =>
  row.profitFactorInfinite ? Number.POSITIVE_INFINITY : row.profitFactor;

/** Every watched trader's figures for the period, sortable by each of them (ROI, highest first, to begin). */
export function ComparisonTable({ period }: { period: StatisticsPeriod }) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  const comparison = useComparison(period);

  const numeric = (
    key: string,
    figure: StatisticsFigure,
    title: string,
    read: (row: Row) => number | null,
    render: (row: Row) => ReactNode,
  ) => ({
    key,
    title: <FigureTitle figure={figure}>{title}</FigureTitle>,
    align: 'right' as const,
    sorter: { compare: byFigure(read) },
    sortDirections: ['descend', 'ascend'] as SortOrder[],
    render: (_: unknown, row: Row) => <span style={NUMERIC}>{render(row)}</span>,
  });

  const columns: TableColumnsType<Row> = [
    {
      key: 'trader',
      title: t('statistics.comparison.trader'),
      fixed: 'left',
      sorter: { compare: (a, b) => a.keyName.localeCompare(b.keyName) },
      render: (_, row) => <Typography.Text strong>{row.keyName}</Typography.Text>,
    },
    {
      ...numeric(
        'roi',
        'roi',
        t('statistics.figures.roi'),
        (row) => row.roi,
        (row) => <Pnl value={row.roi} percent />,
      ),
      defaultSortOrder: 'descend',
    },
    numeric(
      'pnl',
      'pnl',
      t('statistics.figures.pnl'),
      (row) => row.pnl.total,
      (row) => <Pnl value={row.pnl.total} />,
    ),
    numeric(
      'maxDrawdown',
      'maxDrawdown',
      t('statistics.figures.maxDrawdown'),
      (row) => row.maxDrawdown,
      (row) => formatPercent(locale, row.maxDrawdown),
    ),
    numeric(
      'winRate',
      'winRate',
      t('statistics.figures.winRate'),
      (row) => row.winRate,
      (row) => formatPercent(locale, row.winRate),
    ),
    numeric('profitFactor', 'profitFactor', t('statistics.figures.profitFactor'), profitFactorValue, (row) =>
      profitFactorText(row, locale),
    ),
    numeric(
      'trades',
      'trades',
      t('statistics.figures.trades'),
      (row) => row.trades,
      (row) => row.trades,
    ),
    numeric(
      'averageHoldingTime',
      'averageHoldingTime',
      t('statistics.figures.averageHoldingTime'),
      (row) => row.averageHoldingMs,
      (row) => formatDuration(t, row.averageHoldingMs),
    ),
    numeric(
      'long',
      'longShort',
      t('statistics.comparison.long'),
      (row) => row.long.trades,
      (row) => row.long.trades,
    ),
    numeric(
      'short',
      'longShort',
      t('statistics.comparison.short'),
      (row) => row.short.trades,
      (row) => row.short.trades,
    ),
    numeric(
      'tradingDays',
      'tradingDays',
      t('statistics.figures.tradingDays'),
      (row) => row.tradingDays,
      (row) => row.tradingDays,
    ),
    numeric(
      'sharpe',
      'sharpe',
      t('statistics.figures.sharpe'),
      (row) => row.sharpe,
      (row) => formatRatio(locale, row.sharpe),
    ),
  ];

  return (
    <Flex
      vertical
      gap={8}
      component="section"
      aria-label={t('statistics.comparison.title')}
      data-testid="comparison"
    >
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('statistics.comparison.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('statistics.comparison.intro')}</Typography.Text>
      <Card styles={{ body: { padding: 0 } }}>
        {comparison.isError ? (
          <QueryError onRetry={() => void comparison.refetch()} />
        ) : (
          <Table<Row>
            rowKey="keyId"
            columns={columns}
            dataSource={comparison.data ?? []}
            loading={comparison.isPending}
            pagination={false}
            size="small"
            scroll={{ x: 1300 }}
            locale={{ emptyText: t('statistics.comparison.empty') }}
            data-testid="comparison-table"
          />
        )}
      </Card>
    </Flex>
  );
}
