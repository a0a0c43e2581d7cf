import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Flex, Grid, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { AdminAdvisory } from '#shared/schemas/advisories.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAdvisories, useAdvisoryTraders, useDeleteAdvisory } from './advisories-api.ts';
import { advisoryDetailPath, advisoryEditPath } from './advisory-paths.ts';
import { advisoryTraders } from './advisory-traders.ts';

const { Title, Text } = Typography;

function DeleteButton({ advisory }: { advisory: AdminAdvisory }) {
  const { t } = useTranslation('advisoriesAdmin');
  const remove = useDeleteAdvisory();
  return (
    <ConfirmDeleteButton
      title={t('advisories.deleteConfirm')}
      description={advisory.title}
      deleteText={t('common.delete')}
      cancelText={t('common.cancel')}
      deletedText={t('advisories.deleted', { title: advisory.title })}
      pending={remove.isPending}
      remove={() => remove.mutateAsync(advisory.id)}
      testId="advisory-delete"
    />
  );
}

/** /admin/content/advisory: the strategies, with their traders, time and reaction counts (spec §2). */
export function AdvisoryListPage() {
  const { t } = useTranslation('advisoriesAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const advisories = useAdvisories();
  const traders = useAdvisoryTraders();
  const names = useMemo(
    () => (traders.data ? new Map(traders.data.map((trader) => [trader.id, trader.keyName])) : undefined),
    [traders.data],
  );

  const count = (kind: 1 | 2 | 3, label: string): TableColumnsType<AdminAdvisory>[number] => ({
    key: `count-${kind}`,
    title: label,
    align: 'right',
    width: 110,
    sorter: (a, b) => a.counts[kind] - b.counts[kind],
    render: (_, advisory) => (
      <span style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`advisory-count-${kind}`}>
        {advisory.counts[kind]}
      </span>
    ),
  });

  const columns: TableColumnsType<AdminAdvisory> = [
    {
      key: 'title',
      title: t('advisories.fields.title'),
      render: (_, advisory) => (
        <Flex vertical gap={2} style={{ minWidth: 180 }}>
          <Link to={advisoryDetailPath(advisory.id)} data-testid="advisory-row-title">
            {advisory.title}
          </Link>
          <Text
            type="secondary"
            ellipsis={{ tooltip: advisory.advisoryDesc || undefined }}
            style={{ fontSize: 12, maxWidth: 360 }}
          >
            {advisory.advisoryDesc || t('advisories.form.noDescription')}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'traders',
      title: t('advisories.fields.traders'),
      render: (_, advisory) => (
        <Flex gap={4} wrap>
          {advisoryTraders(t, advisory, names).map((trader) => (
            <Tag
              key={trader.id}
              color={trader.known ? 'blue' : 'default'}
              variant="outlined"
              style={{ marginInlineEnd: 0 }}
            >
              {trader.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'createdTimestamp',
      title: t('advisories.fields.createdTimestamp'),
      width: 160,
      sorter: (a, b) => Date.parse(a.createdTimestamp) - Date.parse(b.createdTimestamp),
      render: (_, advisory) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(advisory.createdTimestamp)}</span>
      ),
    },
    count(1, t('advisories.counts.following')),
    count(2, t('advisories.counts.reverseFollowing')),
    count(3, t('advisories.counts.watching')),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: phone ? undefined : 'right',
      width: 220,
      render: (_, advisory) => (
        <Space size={0} wrap>
          <LinkButton type="link" size="small" icon={<EyeOutlined />} to={advisoryDetailPath(advisory.id)}>
            {t('common.view')}
          </LinkButton>
          <LinkButton
            type="link"
            size="small"
            icon={<EditOutlined />}
            to={advisoryEditPath(advisory.id)}
            data-testid="advisory-edit"
          >
            {t('common.edit')}
          </LinkButton>
          <DeleteButton advisory={advisory} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="advisory-list">
      <title>{`${t('advisories.title')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Title level={4} style={{ margin: 0 }}>
            {t('advisories.title')}
          </Title>
          <Text type="secondary">{t('advisories.intro')}</Text>
        </div>
        <LinkButton type="primary" icon={<PlusOutlined />} to={advisoryEditPath()} data-testid="advisory-add">
          {t('advisories.add')}
        </LinkButton>
      </Flex>
      {advisories.isError && !advisories.data ? (
        <QueryError onRetry={() => void advisories.refetch()} />
      ) : (
        <Table<AdminAdvisory>
          rowKey="id"
          columns={columns}
          dataSource={advisories.data ?? []}
          loading={advisories.isPending || advisories.isFetching}
          size={phone ? 'small' : 'middle'}
          scroll={{ x: 1100 }}
          locale={{ emptyText: t('advisories.empty') }}
          pagination={{
            defaultPageSize: ADMIN_PAGE_SIZE,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (total) => t('advisories.total', { count: total }),
            size: phone ? 'small' : undefined,
          }}
          data-testid="advisories-table"
        />
      )}
    </div>
  );
}
