import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Flex, Grid, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { QuantCard } from '#shared/schemas/quant.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { type RoleLookup, roleLookup, roleTagColor, roleTagLabel } from '../../lib/role-labels.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useDeleteQuant, useQuantRoles, useQuantStrategies } from './quant-admin-api.ts';
import { percentText, RISK_COLOR, ratioText, STATUS_COLOR } from './quant-labels.ts';
import { QUANT_ADD_PATH, quantEditPath } from './quant-paths.ts';

const { Title, Text } = Typography;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The role tags that may see a strategy (none: every member). */
function RolesCell({ roleIds, roleNames }: { roleIds: number[]; roleNames: RoleLookup }) {
  const { t } = useTranslation('quantAdmin');
  if (roleIds.length === 0)
    return (
      <Text type="secondary" data-testid="quant-row-roles">
        {t('allMembers')}
      </Text>
    );
  return (
    <Flex gap={4} wrap data-testid="quant-row-roles">
      {roleIds.map((roleId) => (
        <Tag
          key={roleId}
          color={roleTagColor(roleNames, roleId)}
          variant="outlined"
          style={{ marginInlineEnd: 0 }}
        >
          {roleTagLabel(t, roleNames, roleId)}
        </Tag>
      ))}
    </Flex>
  );
}

function DeleteButton({ strategy }: { strategy: QuantCard }) {
  const { t } = useTranslation('quantAdmin');
  const remove = useDeleteQuant();
  return (
    <ConfirmDeleteButton
      title={t('deleteConfirm', { name: strategy.name })}
      description={t('deleteHint')}
      deleteText={t('delete')}
      cancelText={t('cancel')}
      deletedText={t('deleted', { name: strategy.name })}
      pending={remove.isPending}
      remove={() => remove.mutateAsync(strategy.id)}
      testId="quant-delete"
    />
  );
}

/** /admin/content/quant: the quantitative strategies, to edit or delete. */
export function QuantAdminListPage() {
  const { t } = useTranslation('quantAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const strategies = useQuantStrategies();
  const roles = useQuantRoles();
  const roleNames = useMemo(() => roleLookup(roles.data), [roles.data]);

  const columns: TableColumnsType<QuantCard> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, strategy) => (
        <Flex vertical>
          <Text strong data-testid="quant-row-name">
            {strategy.name}
          </Text>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {[t(`types.${strategy.type}`), strategy.timeframe].filter(Boolean).join(' · ')}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      responsive: ['sm'],
      render: (_, strategy) => (
        <Flex gap={4} wrap>
          <Tag
            color={STATUS_COLOR[strategy.status]}
            style={{ marginInlineEnd: 0 }}
            data-testid="quant-row-status"
          >
            {t(`status.${strategy.status}`)}
          </Tag>
          <Tag
            color={RISK_COLOR[strategy.riskLevel]}
            style={{ marginInlineEnd: 0 }}
            data-testid="quant-row-risk"
          >
            {t(`riskLevel.${strategy.riskLevel}`)}
          </Tag>
        </Flex>
      ),
    },
    {
      key: 'symbols',
      title: t('fields.symbols'),
      responsive: ['lg'],
      render: (_, strategy) => (
        <span data-testid="quant-row-symbols">{strategy.symbols.join(', ') || t('none')}</span>
      ),
    },
    {
      key: 'totalReturn',
      title: t('fields.totalReturn'),
      align: 'right',
      render: (_, strategy) => {
        const value = strategy.headline.totalReturn;
        let type: 'success' | 'danger' | undefined;
        if (value !== null && value > 0) type = 'success';
        else if (value !== null && value < 0) type = 'danger';
        return (
          <Flex vertical align="flex-end">
            <Text type={type} style={NOWRAP} data-testid="quant-row-return">
              {percentText(value)}
            </Text>
            {/* A phone has no drawdown column. */}
            {phone && (
              <Text type="secondary" style={{ ...NOWRAP, fontSize: 12 }}>
                {`${t('fields.maxDrawdown')} ${percentText(strategy.headline.maxDrawdown)}`}
              </Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'maxDrawdown',
      title: t('fields.maxDrawdown'),
      align: 'right',
      responsive: ['sm'],
      render: (_, strategy) => (
        <span style={NOWRAP} data-testid="quant-row-drawdown">
          {percentText(strategy.headline.maxDrawdown)}
        </span>
      ),
    },
    {
      key: 'sharpe',
      title: t('fields.sharpe'),
      align: 'right',
      responsive: ['md'],
      render: (_, strategy) => (
        <span data-testid="quant-row-sharpe">{ratioText(strategy.headline.sharpe)}</span>
      ),
    },
    {
      key: 'trades',
      title: t('fields.trades'),
      align: 'right',
      responsive: ['md'],
      render: (_, strategy) => (
        <span data-testid="quant-row-trades">{strategy.headline.trades ?? t('none')}</span>
      ),
    },
    {
      key: 'roles',
      title: t('fields.roles'),
      responsive: ['lg'],
      render: (_, strategy) => <RolesCell roleIds={strategy.roleIds} roleNames={roleNames} />,
    },
    {
      key: 'updatedAt',
      title: t('fields.updatedAt'),
      responsive: ['xl'],
      render: (_, strategy) => <span style={NOWRAP}>{formatDateTime(strategy.updatedAt)}</span>,
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      render: (_, strategy) => (
        <Space size={0} wrap={phone}>
          <LinkButton
            type="link"
            size="small"
            icon={<EditOutlined />}
            to={quantEditPath(strategy.id)}
            data-testid="quant-edit-link"
          >
            {t('edit')}
          </LinkButton>
          <DeleteButton strategy={strategy} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="quant-admin-list">
      <title>{`${tAdmin('menu.quant')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <div style={{ flex: '1 1 320px' }}>
            <Title level={4} style={{ margin: 0 }}>
              {tAdmin('menu.quant')}
            </Title>
            <Text type="secondary">{t('intro')}</Text>
          </div>
          <LinkButton type="primary" icon={<PlusOutlined />} to={QUANT_ADD_PATH} data-testid="quant-add">
            {t('add')}
          </LinkButton>
        </Flex>
        {strategies.isError && !strategies.data ? (
          <QueryError onRetry={() => void strategies.refetch()} />
        ) : (
          <Table<QuantCard>
            rowKey="id"
            columns={columns}
            dataSource={strategies.data ?? []}
            loading={strategies.isPending || strategies.isFetching}
            size={phone ? 'small' : 'middle'}
            locale={{ emptyText: t('empty') }}
            pagination={{
              defaultPageSize: ADMIN_PAGE_SIZE,
              showTotal: (total) => t('total', { count: total }),
              size: phone ? 'small' : undefined,
            }}
            data-testid="quant-table"
          />
        )}
      </Flex>
    </div>
  );
}
