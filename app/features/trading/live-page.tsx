import { DisconnectOutlined } from '@ant-design/icons';
import { Alert, Badge, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PlaceholderLines } from '../../components/placeholder.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { useHubStatus } from '../../lib/hub/live-connection.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type LiveTrader, useLiveSnapshot, useLiveTraders } from './live-api.ts';
import { LiveBadge } from './live-badge.tsx';
import { useLiveNotifications } from './live-notifications.tsx';
import { PositionsTable } from './live-positions.tsx';
import { ClosedTable, FillsTable, OrdersTable } from './live-tables.tsx';
import { TraderTabs } from './trader-tabs.tsx';
import { formatRatio } from './trading-format.ts';

const { Text } = Typography;

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          {title}
          <Badge count={count} showZero color="rgba(0, 0, 0, 0.25)" />
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Card>
  );
}

/** Why the account may be behind: not followed, refused or failing (the reason itself is for administrators). */
function SyncNotice({ trader }: { trader: LiveTrader }) {
  const { t } = useTranslation('trading');
  const state = trader.sync.state;
  if (state === 'syncing') return null;
  return (
    <Alert
      type={state === 'idle' ? 'info' : 'warning'}
      showIcon
      title={t(`live.sync.${state}`)}
      data-testid="live-sync-notice"
    />
  );
}

/** One trader's account: positions with the copy at the key's ratios, open orders, fills, closed positions. */
export function TraderLivePanel({ trader }: { trader: LiveTrader }) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  const snapshot = useLiveSnapshot(trader.id);

  const header = (
    <Flex justify="space-between" gap={12} wrap>
      <Text type="secondary" data-testid="live-ratios">
        {t('live.ratios', {
          co: formatRatio(locale, trader.coEfficient),
          lev: formatRatio(locale, trader.leverageCoefficient),
        })}
      </Text>
      <Text type="secondary" data-testid="live-synced-at">
        {snapshot.data?.syncedAt
          ? t('live.updatedAt', { time: dayjs(snapshot.data.syncedAt).format('YYYY-MM-DD HH:mm:ss') })
          : t('live.notSynced')}
      </Text>
    </Flex>
  );

  if (snapshot.isPending) {
    return (
      <Flex vertical gap={16} data-testid="live-loading">
        {header}
        <Card>
          <PlaceholderLines rows={8} />
        </Card>
      </Flex>
    );
  }
  if (snapshot.isError) return <QueryError onRetry={() => void snapshot.refetch()} />;
  const { positions, orders, fills, closed } = snapshot.data;

  return (
    <Flex vertical gap={16} data-testid="live-panel" data-key-id={trader.id} data-seq={snapshot.data.seq}>
      {header}
      <SyncNotice trader={trader} />
      <Section title={t('live.sections.positions')} count={positions.length}>
        <PositionsTable positions={positions} trader={trader} />
      </Section>
      <Section title={t('live.sections.orders')} count={orders.length}>
        <OrdersTable orders={orders} />
      </Section>
      <Section title={t('live.sections.fills')} count={fills.length}>
        <FillsTable fills={fills} />
      </Section>
      <Section title={t('live.sections.closed')} count={closed.length}>
        <ClosedTable closed={closed} />
      </Section>
    </Flex>
  );
}

/**
 * Live trading (/?type=1): a tab per trader the member may watch (administrators: every key), the account's
 * snapshot kept current by the hub, with a notification and the reminder sound when a position opens or closes.
 */
export function LivePage() {
  const { t } = useTranslation('trading');
  const { t: tHub } = useTranslation('live');
  const traders = useLiveTraders();
  const status = useHubStatus();
  useLiveNotifications(traders.data);

  return (
    <Flex vertical gap={16} data-testid="live-page">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Text type="secondary" style={{ flex: '1 1 420px' }}>
          {t('live.intro')}
        </Text>
        <LiveBadge />
      </Flex>
      {status === 'reconnecting' ? (
        <Alert
          type="warning"
          showIcon
          icon={<DisconnectOutlined />}
          title={tHub('hub.reconnecting')}
          data-testid="hub-offline"
        />
      ) : null}
      <TraderTabs>{(trader) => <TraderLivePanel trader={trader} />}</TraderTabs>
    </Flex>
  );
}
