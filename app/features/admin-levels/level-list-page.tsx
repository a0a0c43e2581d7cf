import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Flex, Grid, Segmented, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { LEVEL_BIASES, type LevelSetView } from '#shared/schemas/levels.ts';
import { MARKET_INTERVALS, type MarketInterval } from '#shared/schemas/market.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { roleLookup, roleTagColor, roleTagLabel } from '../../lib/role-labels.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { BIAS_COLOR } from './level-labels.ts';
import { LEVEL_ADD_PATH, levelEditPath } from './level-paths.ts';
import {
  type LevelBias,
  type LevelSetFilter,
  useDeleteLevelSet,
  useLevelRoles,
  useLevelSets,
  useMarketSymbols,
} from './levels-api.ts';

const { Title, Text } = Typography;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The list's filter, kept in the address (`?history=true&symbol=&timeframe=&bias=`) so that it survives an edit. */
function filterOf(params: URLSearchParams): LevelSetFilter {
  const timeframe = params.get('timeframe');
  const bias = params.get('bias');
  return {
    history: params.get('history') === 'true',
    symbol: params.get('symbol') || undefined,
    timeframe: MARKET_INTERVALS.find((interval) => interval === timeframe),
    bias: LEVEL_BIASES.find((candidate) => candidate === bias),
  };
}

function DeleteButton({ set }: { set: LevelSetView }) {
  const { t } = useTranslation('levelsAdmin');
  const remove = useDeleteLevelSet();
  return (
    <ConfirmDeleteButton
      title={t('deleteConfirm', { symbol: set.symbol, timeframe: set.timeframe })}
      description={t('deleteHint')}
      deleteText={t('delete')}
      cancelText={t('cancel')}
      deletedText={t('deleted', { symbol: set.symbol })}
      pending={remove.isPending}
      remove={() => remove.mutateAsync(set.id)}
      testId="level-delete"
    />
  );
}

/** /admin/content/pressure: the support and pressure level sets, current or expired, to edit or delete. */
export function LevelListPage() {
  const { t } = useTranslation('levelsAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const sets = useLevelSets(filter);
  const symbols = useMarketSymbols();
  const roles = useLevelRoles();
  const roleNames = useMemo(() => roleLookup(roles.data), [roles.data]);
  const filtered = Boolean(filter.symbol || filter.timeframe || filter.bias);

  const setFilter = (name: keyof LevelSetFilter, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const columns: TableColumnsType<LevelSetView> = [
    {
      key: 'symbol',
      title: t('fields.symbol'),
      render: (_, set) => (
        <Flex vertical>
          <Text strong style={NOWRAP} data-testid="level-row-symbol">
            {set.symbol}
          </Text>
          {/* A phone has no timeframe column. */}
          {phone && <Text type="secondary">{set.timeframe}</Text>}
        </Flex>
      ),
    },
    {
      key: 'timeframe',
      title: t('fields.timeframe'),
      responsive: ['sm'],
      render: (_, set) => <span data-testid="level-row-timeframe">{set.timeframe}</span>,
    },
    {
      key: 'bias',
      title: t('fields.bias'),
      render: (_, set) => (
        <Tag color={BIAS_COLOR[set.bias]} style={{ marginInlineEnd: 0 }} data-testid="level-row-bias">
          {t(`bias.${set.bias}`)}
        </Tag>
      ),
    },
    {
      key: 'levels',
      title: t('fields.levels'),
      responsive: ['md'],
      render: (_, set) => (
        <span style={NOWRAP} data-testid="level-row-counts">
          {t('levelCounts.supports', { count: set.supports.length })}
          {' · '}
          {t('levelCounts.resistances', { count: set.resistances.length })}
        </span>
      ),
    },
    {
      key: 'roles',
      title: t('fields.roles'),
      responsive: ['md'],
      render: (_, set) =>
        set.roleIds.length === 0 ? (
          <Text type="secondary" data-testid="level-row-roles">
            {t('allMembers')}
          </Text>
        ) : (
          <Flex gap={4} wrap data-testid="level-row-roles">
            {set.roleIds.map((id) => (
              <Tag
                key={id}
                color={roleTagColor(roleNames, id)}
                variant="outlined"
                style={{ marginInlineEnd: 0 }}
              >
                {roleTagLabel(t, roleNames, id)}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      key: 'publishedAt',
      title: t('fields.publishedAt'),
      responsive: ['sm'],
      render: (_, set) => <span style={NOWRAP}>{formatDateTime(set.publishedAt)}</span>,
    },
    {
      key: 'updatedAt',
      title: t('fields.updatedAt'),
      responsive: ['xl'],
      render: (_, set) => <span style={NOWRAP}>{formatDateTime(set.updatedAt)}</span>,
    },
    {
      key: 'expiresAt',
      title: t('fields.expiresAt'),
      responsive: ['sm'],
      render: (_, set) => (
        <Flex gap={4} align="center" style={NOWRAP} data-testid="level-row-expiry">
          {set.expiresAt === null ? (
            <Text type="secondary">{t('noExpiry')}</Text>
          ) : (
            <span>{formatDateTime(set.expiresAt)}</span>
          )}
          {set.expired && <Tag style={{ marginInlineEnd: 0 }}>{t('expired')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      render: (_, set) => (
        <Space size={0} wrap={phone}>
          <LinkButton
            type="link"
            size="small"
            icon={<EditOutlined />}
            to={levelEditPath(set.id)}
            data-testid="level-edit-link"
          >
            {t('edit')}
          </LinkButton>
          <DeleteButton set={set} />
        </Space>
      ),
    },
  ];

  let emptyText = t('empty');
  if (filtered) emptyText = t('emptyFiltered');
  else if (filter.history) emptyText = t('emptyHistory');

  return (
    <div data-testid="level-list">
      <title>{`${tAdmin('menu.pressure')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <div style={{ flex: '1 1 320px' }}>
            <Title level={4} style={{ margin: 0 }}>
              {tAdmin('menu.pressure')}
            </Title>
            <Text type="secondary">{t('intro')}</Text>
          </div>
          <LinkButton type="primary" icon={<PlusOutlined />} to={LEVEL_ADD_PATH} data-testid="level-add">
            {t('add')}
          </LinkButton>
        </Flex>
        <Flex gap={8} wrap align="center" data-testid="level-filters">
          <Segmented
            value={filter.history ? 'history' : 'current'}
            onChange={(value) => setFilter('history', value === 'history' ? 'true' : undefined)}
            options={[
              { value: 'current', label: t('views.current') },
              { value: 'history', label: t('views.history') },
            ]}
            data-testid="level-view"
          />
          <Select
            allowClear
            showSearch
            value={filter.symbol ?? null}
            onChange={(value: string | undefined) => setFilter('symbol', value ?? undefined)}
            options={(symbols.data ?? []).map((s) => ({ value: s.symbol, label: s.symbol }))}
            placeholder={t('filters.symbol')}
            aria-label={t('filters.symbol')}
            style={{ width: phone ? '100%' : 180 }}
            data-testid="level-filter-symbol"
          />
          <Select
            allowClear
            value={filter.timeframe ?? null}
            onChange={(value: MarketInterval | undefined) => setFilter('timeframe', value ?? undefined)}
            options={MARKET_INTERVALS.map((interval) => ({ value: interval, label: interval }))}
            placeholder={t('filters.timeframe')}
            aria-label={t('filters.timeframe')}
            style={{ width: phone ? 'calc(50% - 4px)' : 140 }}
            data-testid="level-filter-timeframe"
          />
          <Select
            allowClear
            value={filter.bias ?? null}
            onChange={(value: LevelBias | undefined) => setFilter('bias', value ?? undefined)}
            options={LEVEL_BIASES.map((bias) => ({ value: bias, label: t(`bias.${bias}`) }))}
            placeholder={t('filters.bias')}
            aria-label={t('filters.bias')}
            style={{ width: phone ? 'calc(50% - 4px)' : 140 }}
            data-testid="level-filter-bias"
          />
        </Flex>
        {sets.isError && !sets.data ? (
          <QueryError onRetry={() => void sets.refetch()} />
        ) : (
          <Table<LevelSetView>
            rowKey="id"
            columns={columns}
            dataSource={sets.data ?? []}
            loading={sets.isPending || sets.isFetching}
            size={phone ? 'small' : 'middle'}
            locale={{ emptyText }}
            pagination={{
              defaultPageSize: ADMIN_PAGE_SIZE,
              showTotal: (total) => t('total', { count: total }),
              size: phone ? 'small' : undefined,
            }}
            data-testid="level-table"
          />
        )}
      </Flex>
    </div>
  );
}
