import { FireFilled, PlusOutlined } from '@ant-design/icons';
import {
  Badge,
  Button,
  Flex,
  Grid,
  Input,
  Segmented,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import {
  ONCHAIN_CHAIN_IDS,
  ONCHAIN_DIRECTIONS,
  ONCHAIN_SOURCES,
  type OnchainChain,
  type OnchainDirection,
  type OnchainSource,
  type OnchainStatus,
} from '#shared/onchain.ts';
import type { OnchainAdminAlert } from '#shared/schemas/onchain.ts';
import { QueryError } from '../../components/query-error.tsx';
import { exactTime, RelativeTime } from '../../components/relative-time.tsx';
import { DirectionTag } from '../../domains/onchain/direction-tag.tsx';
import { chainName, formatAmount, formatBlock, formatUsd } from '../../domains/onchain/onchain-format.ts';
import { PartyView, TxLink } from '../../domains/onchain/onchain-links.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { AlertActions } from './alert-actions.tsx';
import { type AlertDialog, AlertFormDrawer } from './alert-form-drawer.tsx';
import { useAdminAlerts, useQueueSize } from './onchain-admin-api.ts';
import { type AdminFilterChange, useAdminFilters } from './use-admin-filters.ts';

const { Text } = Typography;

const STATUS_COLOR: Record<OnchainStatus, string> = {
  queued: 'gold',
  published: 'green',
  discarded: 'default',
};

function StatusTags({ alert, phone }: { alert: OnchainAdminAlert; phone: boolean }) {
  const { t } = useTranslation('onchainAdmin');
  return (
    <Flex gap={4} vertical={!phone} wrap align="flex-start">
      <Tag color={STATUS_COLOR[alert.status]} style={{ marginInlineEnd: 0 }} data-testid="alert-row-status">
        {t(`statuses.${alert.status}`)}
      </Tag>
      <Tag style={{ marginInlineEnd: 0 }} data-testid="alert-row-source">
        {t(`sources.${alert.source}`)}
      </Tag>
    </Flex>
  );
}

/** Chain, direction, amount and value of an alert. */
function Transfer({ alert }: { alert: OnchainAdminAlert }) {
  const { t } = useTranslation('onchain');
  return (
    <Flex vertical gap={4} style={{ minWidth: 160 }}>
      <Flex gap={4} wrap>
        {alert.importance === 'high' && (
          <Tag
            color="red"
            icon={<FireFilled />}
            style={{ marginInlineEnd: 0 }}
            data-testid="alert-row-importance"
          >
            {t('importance.high')}
          </Tag>
        )}
        <DirectionTag direction={alert.direction} testId="alert-row-direction" />
        <Tag style={{ marginInlineEnd: 0 }}>{chainName(alert.chain)}</Tag>
      </Flex>
      <Text
        strong
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        data-testid="alert-row-amount"
      >
        {formatAmount(alert.amount)} {alert.asset}
      </Text>
      <Text type="secondary" style={{ fontSize: 12 }}>
        {alert.usdValue === null ? t('alert.unknownUsd') : formatUsd(alert.usdValue)}
      </Text>
      {alert.comment && (
        <Text
          type="secondary"
          ellipsis={{ tooltip: alert.comment }}
          style={{ maxWidth: 260, fontSize: 12 }}
          data-testid="alert-row-comment"
        >
          {t('alert.comment')}: {alert.comment}
        </Text>
      )}
    </Flex>
  );
}

/** Both sides, with their labels. */
function Parties({ alert }: { alert: OnchainAdminAlert }) {
  const { t } = useTranslation('onchain');
  return (
    <Flex vertical gap={4} style={{ fontSize: 13 }}>
      <Flex gap={4} align="center">
        <Text type="secondary">{t('alert.from')}</Text>
        <PartyView chain={alert.chain} party={alert.from} testId="alert-row-from" />
      </Flex>
      <Flex gap={4} align="center">
        <Text type="secondary">{t('alert.to')}</Text>
        <PartyView chain={alert.chain} party={alert.to} testId="alert-row-to" />
      </Flex>
    </Flex>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: ReturnType<typeof useAdminFilters>[0];
  onChange: AdminFilterChange;
}) {
  const { t } = useTranslation('onchainAdmin');
  const { t: tOnchain } = useTranslation('onchain');
  const wide = Grid.useBreakpoint().sm !== false;
  const queue = useQueueSize();
  const all = { value: '', label: t('common.all') };
  const queueCount = queue.data ? `${queue.data.count}${queue.data.more ? '+' : ''}` : '';
  const half = wide ? undefined : 'calc(50% - 4px)';
  return (
    <Flex gap={8} wrap align="center" data-testid="onchain-admin-filters">
      <Segmented<OnchainStatus | ''>
        value={filters.status ?? ''}
        onChange={(value) => onChange({ status: value || undefined })}
        options={[
          {
            value: 'queued',
            label: (
              <span data-testid="onchain-admin-queue">
                {t('alerts.queue')} {/* An empty queue shows no count: a grey zero reads as an icon. */}
                {queue.data?.count ? (
                  <Badge
                    count={queueCount}
                    color="#faad14"
                    size="small"
                    data-testid="onchain-admin-queue-count"
                  />
                ) : null}
              </span>
            ),
          },
          { value: '', label: t('common.all') },
          { value: 'published', label: t('statuses.published') },
          { value: 'discarded', label: t('statuses.discarded') },
        ]}
        aria-label={t('alerts.filters.status')}
        data-testid="onchain-admin-status"
      />
      <Select
        value={filters.source ?? ''}
        onChange={(value: OnchainSource | '') => onChange({ source: value || undefined })}
        options={[
          all,
          ...ONCHAIN_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) })),
        ]}
        prefix={`${t('alerts.filters.source')}:`}
        aria-label={t('alerts.filters.source')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 120 : undefined }}
        data-testid="onchain-admin-source"
      />
      <Select
        value={filters.chain ?? ''}
        onChange={(value: OnchainChain | '') => onChange({ chain: value || undefined })}
        options={[all, ...ONCHAIN_CHAIN_IDS.map((chain) => ({ value: chain, label: chainName(chain) }))]}
        prefix={`${t('alerts.filters.chain')}:`}
        aria-label={t('alerts.filters.chain')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 140 : undefined }}
        data-testid="onchain-admin-chain"
      />
      <Select
        value={filters.direction ?? ''}
        onChange={(value: OnchainDirection | '') => onChange({ direction: value || undefined })}
        options={[
          all,
          ...ONCHAIN_DIRECTIONS.map((direction) => ({
            value: direction,
            label: tOnchain(`directions.${direction}`),
          })),
        ]}
        prefix={`${t('alerts.filters.direction')}:`}
        aria-label={t('alerts.filters.direction')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 150 : undefined }}
        data-testid="onchain-admin-direction"
      />
      <Input.Search
        // A new asset in the address (filters cleared) shows in a fresh box.
        key={filters.asset ?? ''}
        defaultValue={filters.asset}
        allowClear
        placeholder={t('alerts.filters.asset')}
        aria-label={t('alerts.filters.asset')}
        onSearch={(value) => onChange({ asset: value.trim() || undefined })}
        style={{ width: half ?? 180 }}
        data-testid="onchain-admin-asset"
      />
    </Flex>
  );
}

/** Every alert with its status and source, the queue to publish or discard, and adding, editing, deleting. */
export function AlertsTab() {
  const { t } = useTranslation('onchainAdmin');
  const { t: tOnchain } = useTranslation('onchain');
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const [filters, setFilters] = useAdminFilters();
  const alerts = useAdminAlerts(filters);
  const [dialog, setDialog] = useState<AlertDialog | null>(null);
  const rows = alerts.data?.pages.flatMap((page) => page.alerts) ?? [];

  const columns: TableColumnsType<OnchainAdminAlert> = [
    {
      key: 'time',
      title: t('alerts.fields.time'),
      render: (_, alert) => (
        <Flex vertical gap={4}>
          <Tooltip title={exactTime(alert.occurredAt)}>
            <Text style={{ whiteSpace: 'nowrap' }} data-testid="alert-row-time">
              {exactTime(alert.occurredAt).slice(0, 16)}
            </Text>
          </Tooltip>
          <Text type="secondary" style={{ fontSize: 12 }}>
            <RelativeTime iso={alert.occurredAt} />
          </Text>
          {/* A phone has no status or transfer columns: their gist goes here. */}
          {phone && <StatusTags alert={alert} phone />}
          {phone && <Transfer alert={alert} />}
          {/* Narrower than lg, the parties have no column of their own. */}
          {screens.lg === false && <Parties alert={alert} />}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('alerts.fields.status'),
      responsive: ['sm'],
      render: (_, alert) => <StatusTags alert={alert} phone={false} />,
    },
    {
      key: 'transfer',
      title: t('alerts.fields.transfer'),
      responsive: ['sm'],
      render: (_, alert) => <Transfer alert={alert} />,
    },
    {
      key: 'parties',
      title: t('alerts.fields.parties'),
      responsive: ['lg'],
      render: (_, alert) => <Parties alert={alert} />,
    },
    {
      key: 'tx',
      title: t('alerts.fields.tx'),
      responsive: ['md'],
      render: (_, alert) => (
        <Flex vertical gap={2} style={{ fontSize: 13 }}>
          <TxLink alert={alert} testId="alert-row-tx" />
          {alert.blockNumber !== null && (
            <Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {tOnchain('alert.block')} {formatBlock(alert.blockNumber)}
              {alert.logIndex !== null && ` · #${alert.logIndex}`}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: phone ? undefined : 'right',
      render: (_, alert) => <AlertActions alert={alert} onEdit={() => setDialog({ mode: 'edit', alert })} />,
    },
  ];

  const queueView = filters.status === 'queued';
  return (
    <Flex vertical gap={16} data-testid="onchain-admin-alerts">
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Text type="secondary" style={{ flex: '1 1 320px' }}>
          {t('alerts.queueHint')}
        </Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ mode: 'add' })}
          data-testid="alert-add"
        >
          {t('alerts.add')}
        </Button>
      </Flex>
      <Filters filters={filters} onChange={setFilters} />
      {alerts.isError && !alerts.data ? (
        <QueryError onRetry={() => void alerts.refetch()} />
      ) : (
        <Table<OnchainAdminAlert>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={alerts.isPending || (alerts.isPlaceholderData && alerts.isFetching)}
          size={phone ? 'small' : 'middle'}
          scroll={phone ? undefined : { x: 'max-content' }}
          locale={{ emptyText: queueView ? t('alerts.emptyQueue') : t('alerts.empty') }}
          pagination={false}
          onRow={(alert) =>
            ({
              'data-testid': 'onchain-admin-row',
              'data-alert-id': alert.id,
              'data-status': alert.status,
              'data-tx-hash': alert.txHash,
            }) as HTMLAttributes<HTMLElement>
          }
          footer={() => (
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Text type="secondary" style={{ fontSize: 12 }}>
                {t('alerts.total', { count: rows.length })} · {t('common.refreshHint')}
              </Text>
              {alerts.hasNextPage && (
                <Button
                  size="small"
                  loading={alerts.isFetchingNextPage}
                  onClick={() => void alerts.fetchNextPage()}
                  data-testid="onchain-admin-more"
                >
                  {t('common.loadMore')}
                </Button>
              )}
            </Flex>
          )}
          data-testid="onchain-admin-table"
        />
      )}
      <AlertFormDrawer dialog={dialog} onClose={() => setDialog(null)} />
    </Flex>
  );
}
