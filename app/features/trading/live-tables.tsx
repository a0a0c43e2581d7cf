import { Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ClosedPositionDto, LiveFill, LiveOrder } from '#shared/schemas/trading.ts';
import { POSITION_MODE } from '#shared/trading.ts';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, SIDE_LABELS } from '#shared/trading-labels.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { DirectionTag, NUMERIC, Pnl, timeOf } from './live-positions.tsx';
import {
  codeLabel,
  DASH,
  directionLabel,
  formatDuration,
  formatPrice,
  formatQuantity,
} from './trading-format.ts';

const HISTORY_PAGE = { pageSize: 10, size: 'small', hideOnSinglePage: true } as const;

/** Buy or sell, with the position side in hedge mode ("Buy · Long"). */
function OrderSide({ side, positionSide }: { side: number; positionSide: number }) {
  const locale = currentLocale();
  const hedge = positionSide === POSITION_MODE.long || positionSide === POSITION_MODE.short;
  return (
    <Flex gap={4} wrap>
      <Tag color={side === 0 ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
        {codeLabel(SIDE_LABELS, side, locale)}
      </Tag>
      {hedge ? (
        <Typography.Text type="secondary">
          {directionLabel(positionSide === POSITION_MODE.long ? 1 : 0, locale)}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

export function OrdersTable({ orders }: { orders: LiveOrder[] }) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  const columns: TableColumnsType<LiveOrder> = [
    {
      key: 'symbol',
      title: t('live.columns.symbol'),
      fixed: 'left',
      render: (_, order) => <Typography.Text strong>{order.symbol}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('live.columns.type'),
      render: (_, order) => (
        <Flex gap={4} wrap>
          <span data-testid="order-type">{codeLabel(ORDER_TYPE_LABELS, order.type, locale)}</span>
          {order.algo ? <Tag style={{ marginInlineEnd: 0 }}>{t('live.algo')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('live.columns.status'),
      render: (_, order) => (
        <span data-testid="order-status">{codeLabel(ORDER_STATUS_LABELS, order.status, locale)}</span>
      ),
    },
    {
      key: 'side',
      title: t('live.columns.side'),
      render: (_, order) => <OrderSide side={order.side} positionSide={order.positionSide} />,
    },
    {
      key: 'price',
      title: t('live.columns.price'),
      align: 'right',
      render: (_, order) => <span style={NUMERIC}>{formatPrice(locale, order.price)}</span>,
    },
    {
      key: 'triggerPrice',
      title: t('live.columns.triggerPrice'),
      align: 'right',
      render: (_, order) => <span style={NUMERIC}>{formatPrice(locale, order.triggerPrice)}</span>,
    },
    {
      key: 'quantity',
      title: t('live.columns.quantity'),
      align: 'right',
      render: (_, order) => <span style={NUMERIC}>{formatQuantity(locale, order.quantity)}</span>,
    },
    {
      key: 'filled',
      title: t('live.columns.filled'),
      align: 'right',
      render: (_, order) => <span style={NUMERIC}>{formatQuantity(locale, order.filled)}</span>,
    },
    {
      key: 'reduceOnly',
      title: t('live.columns.reduceOnly'),
      render: (_, order) => (order.reduceOnly ? t('live.yes') : t('live.no')),
    },
    {
      key: 'createdAt',
      title: t('live.columns.createdAt'),
      render: (_, order) => <span style={NUMERIC}>{timeOf(order.createdAt)}</span>,
    },
  ];
  return (
    <Table<LiveOrder>
      rowKey="orderId"
      columns={columns}
      dataSource={orders}
      pagination={false}
      size="small"
      scroll={{ x: 1100 }}
      locale={{ emptyText: t('live.empty.orders') }}
      data-testid="orders-table"
    />
  );
}

export function FillsTable({ fills }: { fills: LiveFill[] }) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  const columns: TableColumnsType<LiveFill> = [
    {
      key: 'time',
      title: t('live.columns.time'),
      render: (_, fill) => <span style={NUMERIC}>{dayjs(fill.time).format('YYYY-MM-DD HH:mm:ss')}</span>,
    },
    {
      key: 'symbol',
      title: t('live.columns.symbol'),
      render: (_, fill) => <Typography.Text strong>{fill.symbol}</Typography.Text>,
    },
    {
      key: 'side',
      title: t('live.columns.side'),
      render: (_, fill) => <OrderSide side={fill.side} positionSide={fill.positionSide} />,
    },
    {
      key: 'price',
      title: t('live.columns.price'),
      align: 'right',
      render: (_, fill) => <span style={NUMERIC}>{formatPrice(locale, fill.price)}</span>,
    },
    {
      key: 'quantity',
      title: t('live.columns.quantity'),
      align: 'right',
      render: (_, fill) => <span style={NUMERIC}>{formatQuantity(locale, fill.quantity)}</span>,
    },
    {
      key: 'realizedPnl',
      title: t('live.columns.realizedPnl'),
      align: 'right',
      render: (_, fill) => (fill.realizedPnl === 0 ? DASH : <Pnl value={fill.realizedPnl} />),
    },
    {
      key: 'commission',
      title: t('live.columns.commission'),
      align: 'right',
      render: (_, fill) => (
        <span style={NUMERIC}>
          {formatQuantity(locale, fill.commission)} {fill.commissionAsset}
        </span>
      ),
    },
  ];
  return (
    <Table<LiveFill>
      rowKey={(fill) => `${fill.symbol}|${fill.tradeId}`}
      columns={columns}
      dataSource={fills}
      pagination={HISTORY_PAGE}
      size="small"
      scroll={{ x: 900 }}
      locale={{ emptyText: t('live.empty.fills') }}
      data-testid="fills-table"
    />
  );
}

export function ClosedTable({ closed }: { closed: ClosedPositionDto[] }) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  const columns: TableColumnsType<ClosedPositionDto> = [
    {
      key: 'symbol',
      title: t('live.columns.symbol'),
      fixed: 'left',
      render: (_, item) => <Typography.Text strong>{item.symbol}</Typography.Text>,
    },
    {
      key: 'side',
      title: t('live.columns.side'),
      render: (_, item) => <DirectionTag direction={item.side === 'LONG' ? 1 : 0} locale={locale} />,
    },
    {
      key: 'size',
      title: t('live.columns.size'),
      align: 'right',
      render: (_, item) => <span style={NUMERIC}>{formatQuantity(locale, item.size)}</span>,
    },
    {
      key: 'entryPrice',
      title: t('live.columns.entryPrice'),
      align: 'right',
      render: (_, item) => <span style={NUMERIC}>{formatPrice(locale, item.entryPrice)}</span>,
    },
    {
      key: 'exitPrice',
      title: t('live.columns.exitPrice'),
      align: 'right',
      render: (_, item) => <span style={NUMERIC}>{formatPrice(locale, item.exitPrice)}</span>,
    },
    {
      key: 'realizedPnl',
      title: t('live.columns.realizedPnl'),
      align: 'right',
      render: (_, item) => <Pnl value={item.realizedPnl} />,
    },
    {
      key: 'netPnl',
      title: t('live.columns.netPnl'),
      align: 'right',
      render: (_, item) => <Pnl value={item.netPnl} />,
    },
    {
      key: 'openedAt',
      title: t('live.columns.openedAt'),
      render: (_, item) => <span style={NUMERIC}>{timeOf(item.openedAt)}</span>,
    },
    {
      key: 'closedAt',
      title: t('live.columns.closedAt'),
      render: (_, item) => <span style={NUMERIC}>{timeOf(item.closedAt)}</span>,
    },
    {
      key: 'holding',
      title: t('live.columns.holding'),
      align: 'right',
      render: (_, item) => <span style={NUMERIC}>{formatDuration(t, item.holdingMs)}</span>,
    },
  ];
  return (
    <Table<ClosedPositionDto>
      rowKey={(item) => `${item.symbol}|${item.side}|${item.openedAt}|${item.closedAt}`}
      columns={columns}
      dataSource={closed}
      pagination={HISTORY_PAGE}
      size="small"
      scroll={{ x: 1100 }}
      locale={{ emptyText: t('live.empty.closed') }}
      data-testid="closed-table"
    />
  );
}
