import { ClearOutlined, EditOutlined, ReloadOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Input, Select, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ManagedUserRow } from '#shared/schemas/management.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { adminPagination } from './admin-table.ts';
import { useAllUsersCount, useRoles, useUsersPage } from './admin-users-api.ts';
import { BatchOperationModal } from './batch-operation-modal.tsx';
import { isFiltered, readListParams, userDetailPath, writeListParams } from './list-params.ts';
import { MembershipTermView } from './membership-term-view.tsx';
import { RoleTagList } from './role-tag-list.tsx';
import { roleLabel, roleLookup } from './role-tags.ts';

const { Title, Text } = Typography;

/** /admin/account/list (and the /admin index): users with their tags and membership, and batch operations. */
export function UserListPage() {
  const { t } = useTranslation('adminUsers');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const [query, setQuery] = useSearchParams();
  const params = readListParams(query);
  const users = useUsersPage(params);
  const roles = useRoles();
  const allUsers = useAllUsersCount();
  const [searchText, setSearchText] = useState(params.search);
  const [selected, setSelected] = useState<string[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const lookup = roleLookup(roles.data);
  // The box follows the address (back and forward, a link with a search).
  useEffect(() => setSearchText(params.search), [params.search]);

  const show = (next: Partial<typeof params>) => setQuery(writeListParams({ ...params, ...next }));
  const reset = () => {
    setSearchText('');
    setQuery(new URLSearchParams());
  };

  const columns: TableColumnsType<ManagedUserRow> = [
    {
      key: 'user',
      title: t('fields.user'),
      render: (_, user) => (
        <div style={{ minWidth: 0 }}>
          <Link to={userDetailPath(user.userId)} data-testid="user-link" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Link>
          {user.userName !== user.email ? (
            <div>
              <Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                {user.userName}
              </Text>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'tags',
      title: t('fields.tags'),
      width: 220,
      render: (_, user) => <RoleTagList tags={user.tags} lookup={lookup} />,
    },
    {
      key: 'expiry',
      title: t('fields.memberExpiryDate'),
      width: 170,
      render: (_, user) =>
        user.memberExpiryDate ? (
          <Tooltip title={dayjs(user.memberExpiryDate).format('LLL')}>
            <span data-testid="expiry-date">{dayjs(user.memberExpiryDate).format('LL')}</span>
          </Tooltip>
        ) : (
          <Text type="secondary">—</Text>
        ),
    },
    {
      key: 'days',
      title: t('fields.memberDaysRemaining'),
      width: 140,
      render: (_, user) => <MembershipTermView expiry={user.memberExpiryDate} />,
    },
    {
      key: 'credit',
      title: t('fields.memberCredit'),
      dataIndex: 'memberCredit',
      align: 'right',
      width: 110,
      render: (credit: number) => credit.toLocaleString(),
    },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      width: 150,
      responsive: ['xl'],
      render: (_, user) => dayjs(user.createdAt).format('LL'),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      render: (_, user) => (
        <LinkButton type="link" size="small" icon={<EditOutlined />} to={userDetailPath(user.userId)}>
          {t('list.details')}
        </LinkButton>
      ),
    },
  ];

  const roleOptions = (roles.data ?? []).map((role) => ({
    value: role.roleId,
    label: roleLabel(t, role.roleName),
  }));

  return (
    <div data-testid="user-list">
      <title>{`${t('list.title')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Title level={4} style={{ margin: 0 }}>
          {t('list.title')}
        </Title>
        <Flex gap={8} align="center" wrap>
          {selected.length > 0 ? (
            <>
              <Text data-testid="selected-count">{t('list.selected', { count: selected.length })}</Text>
              <Button
                type="link"
                size="small"
                icon={<ClearOutlined />}
                onClick={() => setSelected([])}
                data-testid="clear-selection"
              >
                {t('list.clearSelection')}
              </Button>
            </>
          ) : null}
          <Button
            type="primary"
            icon={<TeamOutlined />}
            onClick={() => setBatchOpen(true)}
            disabled={!roles.data}
            data-testid="batch-open"
          >
            {t('list.batch')}
          </Button>
        </Flex>
      </Flex>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onSearch={(value) => show({ search: value, current: 1 })}
          placeholder={t('list.searchPlaceholder')}
          enterButton={t('list.search')}
          allowClear
          maxLength={100}
          style={{ width: phone ? '100%' : 340 }}
          aria-label={t('list.searchPlaceholder')}
          data-testid="user-search"
        />
        <Select
          value={params.roleId ?? undefined}
          onChange={(roleId?: number) => show({ roleId: roleId ?? null, current: 1 })}
          options={roleOptions}
          placeholder={t('list.tagFilter')}
          allowClear
          loading={roles.isPending}
          style={{ width: phone ? '100%' : 200 }}
          aria-label={t('list.tagFilter')}
          data-testid="tag-filter"
        />
        {isFiltered(params) || params.current !== 1 ? (
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="reset-filters">
            {t('list.reset')}
          </Button>
        ) : null}
      </Flex>
      {users.isError && !users.data ? (
        <QueryError onRetry={() => void users.refetch()} />
      ) : (
        <Table<ManagedUserRow>
          rowKey="userId"
          columns={columns}
          dataSource={users.data?.records ?? []}
          loading={users.isFetching || roles.isPending}
          size={phone ? 'small' : 'middle'}
          scroll={{ x: 980 }}
          locale={{ emptyText: t('list.empty') }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (user) => ({ 'aria-label': t('list.selectRow', { email: user.email }) }),
          }}
          pagination={adminPagination({
            current: params.current,
            pageSize: params.pageSize,
            total: users.data?.total ?? 0,
            showTotal: (total) => t('list.total', { count: total }),
            onChange: (current, pageSize) =>
              show({ current: pageSize === params.pageSize ? current : 1, pageSize }),
            size: phone ? 'small' : undefined,
          })}
          data-testid="users-table"
        />
      )}
      {roles.data ? (
        <BatchOperationModal
          open={batchOpen}
          selectedIds={selected}
          allUsers={allUsers.count}
          filtered={isFiltered(params)}
          roles={roles.data}
          onClose={() => setBatchOpen(false)}
          onDone={() => {
            setBatchOpen(false);
            setSelected([]);
          }}
        />
      ) : null}
    </div>
  );
}
