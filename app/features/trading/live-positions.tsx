import { QuestionCircleOutlined } from '@ant-design/icons';
import { Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { Locale } from '#shared/constants.ts';
import type { LivePosition } from '#shared/schemas/trading.ts';
import { POSITION_MODE_LABELS } from '#shared/trading-labels.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { positionKey } from '../../lib/hub/hub-live.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { LiveTrader } from './live-api.ts';
import {
  copyOf,
  DASH,
  directionLabel,
  formatAmount,
  formatLeverage,
  formatPercent,
  formatPrice,
  formatQuantity,
  isOneWay,
  pnlColor,
  positionDirection,
} from './trading-format.ts';

export const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** A gain or loss in its colour. */
export function Pnl({ value, percent = false }: { value: number | null; percent?: boolean }) {
  const locale = currentLocale();
  return (
    <span style={{ ...NUMERIC, color: pnlColor(value) }}>
      {percent ? formatPercent(locale, value, true) : formatAmount(locale, value, true)}
    </span>
  );
}

/** Long (green) or short (red). */
export function DirectionTag({ direction, locale }: { direction: 0 | 1; locale: Locale }) {
  return (
    <Tag color={direction === 1 ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
      {directionLabel(direction, locale)}
    </Tag>
  );
}

export const timeOf = (value: string | null) => (value ? dayjs(value).format(TIME_FORMAT) : DASH);

/** The trader's open positions, each with what a copy at the key's ratios holds. */
export function PositionsTable({ positions, trader }: { positions: LivePosition[]; trader: LiveTrader }) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  const ratios = { co: trader.coEfficient, lev: trader.leverageCoefficient };

  const columns: TableColumnsType<LivePosition> = [
    {
      key: 'symbol',
      title: t('live.columns.symbol'),
      fixed: 'left',
      render: (_, position) => <Typography.Text strong>{position.symbol}</Typography.Text>,
    },
    {
      key: 'side',
      title: t('live.columns.side'),
      render: (_, position) => (
        <Flex gap={4} wrap>
          <DirectionTag direction={positionDirection(position)} locale={locale} />
          {isOneWay(position.positionSide) ? (
            <Tag style={{ marginInlineEnd: 0 }}>{POSITION_MODE_LABELS[2][locale]}</Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'size',
      title: t('live.columns.size'),
      align: 'right',
      render: (_, position) => <span style={NUMERIC}>{formatQuantity(locale, Math.abs(position.size))}</span>,
    },
    {
      key: 'entryPrice',
      title: t('live.columns.entryPrice'),
      align: 'right',
      render: (_, position) => <span style={NUMERIC}>{formatPrice(locale, position.entryPrice)}</span>,
    },
    {
      key: 'markPrice',
      title: t('live.columns.markPrice'),
      align: 'right',
      render: (_, position) => <span style={NUMERIC}>{formatPrice(locale, position.markPrice)}</span>,
    },
    {
      key: 'unrealizedPnl',
      title: t('live.columns.unrealizedPnl'),
      align: 'right',
      render: (_, position) => <Pnl value={position.unrealizedPnl} />,
    },
    {
      key: 'roe',
      title: t('live.columns.roe'),
      align: 'right',
      render: (_, position) => <Pnl value={position.roe} percent />,
    },
    {
      key: 'leverage',
      title: t('live.columns.leverage'),
      align: 'right',
      render: (_, position) => <span style={NUMERIC}>{formatLeverage(locale, position.leverage)}</span>,
    },
    {
      key: 'marginMode',
      title: t('live.columns.marginMode'),
      render: (_, position) => t(`live.marginMode.${position.marginMode}`),
    },
    {
      key: 'liquidationPrice',
      title: t('live.columns.liquidationPrice'),
      align: 'right',
      render: (_, position) => <span style={NUMERIC}>{formatPrice(locale, position.liquidationPrice)}</span>,
    },
    {
      key: 'openedAt',
      title: t('live.columns.openedAt'),
      // The table lays its columns out at fixed widths (a fixed column): room for the whole time, unwrapped.
      width: 150,
      render: (_, position) => <span style={NUMERIC}>{timeOf(position.openedAt)}</span>,
    },
    {
      key: 'copy',
      title: (
        <Tooltip title={t('live.copyHelp', ratios)}>
          <span data-testid="copy-help" style={{ cursor: 'help' }}>
            {t('live.columns.copy')} <QuestionCircleOutlined />
          </span>
        </Tooltip>
      ),
      onCell: () => ({ style: { background: 'rgba(22, 119, 255, 0.04)' } }),
      render: (_, position) => {
        const copy = copyOf(position, trader);
        return (
          <Flex vertical data-testid="position-copy" style={NUMERIC}>
            <span data-testid="copy-size">
              {t('live.copySize', { size: formatQuantity(locale, Math.abs(copy.size)) })}
            </span>
            <Typography.Text type="secondary" data-testid="copy-leverage">
              {t('live.copyLeverage', { leverage: formatLeverage(locale, copy.leverage) })}
            </Typography.Text>
          </Flex>
        );
      },
    },
  ];

  return (
    <Table<LivePosition>
      rowKey={positionKey}
      columns={columns}
      dataSource={positions}
      pagination={false}
      size="small"
      scroll={{ x: 1300 }}
      locale={{ emptyText: t('live.empty.positions') }}
      data-testid="positions-table"
    />
  );
}
