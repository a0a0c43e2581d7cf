import { EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useFeedback } from '../../lib/feedback.tsx';
import { roleLookup, roleTagColor, roleTagLabel } from '../../lib/role-labels.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { TraderFormDrawer } from './trader-form-drawer.tsx';
import { CheckKeyButton, KeyViewLinks, keyStatusColumns } from './trader-key-check.tsx';
import { rolesOfKey, traderName } from './trader-labels.ts';
import { type PermissionTarget, TraderPermissionsModal } from './trader-permissions-modal.tsx';
import {
  useActivateKey,
  useApiKeys,
  useRoleMapping,
  useTraderRoles,
  useTraderSummaries,
} from './traders-api.ts';

const { Title, Text } = Typography;

const MONO = { fontFamily: "'SFMono-Regular', Consolas, 'Liberation Mono', Menlo, monospace", fontSize: 13 };

function ActiveSwitch({ traderKey }: { traderKey: TraderKey }) {
  const { t } = useTranslation('advisoriesAdmin');
  const { message } = useFeedback();
  const activate = useActivateKey();
  return (
    <Switch
      checked={activate.isPending ? activate.variables?.active : traderKey.isActive}
      loading={activate.isPending}
      checkedChildren={t('traders.active')}
      unCheckedChildren={t('traders.inactive')}
      aria-label={t('traders.activeLabel', { name: traderKey.keyName })}
      data-testid="trader-active-switch"
      onChange={async (active) => {
        try {
          await activate.mutateAsync({ apiKeyId: traderKey.id, active });
          void message.success(
            t(active ? 'traders.activated' : 'traders.deactivated', { name: traderKey.keyName }),
          );
        } catch {
          // The API client has shown why.
        }
      }}
    />
  );
}

/** /admin/trader/management: trader API keys (spec §2, §3, §4, §5, §6). */
export function TraderManagementPage() {
  const { t } = useTranslation('advisoriesAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const keys = useApiKeys();
  const traders = useTraderSummaries();
  const roles = useTraderRoles();
  const mapping = useRoleMapping();
  const [drawer, setDrawer] = useState<{ open: boolean; editing: TraderKey | null }>({
    open: false,
    editing: null,
  });
  const [permissions, setPermissions] = useState<PermissionTarget | null>(null);

  const roleNames = useMemo(() => roleLookup(roles.data), [roles.data]);
  const traderNames = useMemo(
    () => new Map((traders.data ?? []).map((trader) => [trader.id, trader.keyName])),
    [traders.data],
  );
  const keyRoles = (key: TraderKey) => (mapping.data ? rolesOfKey(mapping.data, key.id) : key.permissionMap);

  const columns: TableColumnsType<TraderKey> = [
    {
      key: 'keyName',
      title: t('traders.fields.keyName'),
      render: (_, key) => (
        <Text strong data-testid="trader-row-name">
          {traders.data ? traderName(t, traderNames, key.id) : key.keyName}
        </Text>
      ),
    },
    {
      key: 'keyValue',
      title: t('traders.fields.keyValue'),
      dataIndex: 'keyValue',
      render: (value: string) => <span style={MONO}>{value}</span>,
    },
    {
      key: 'secretValue',
      title: t('traders.fields.secretValue'),
      dataIndex: 'secretValue',
      responsive: ['lg'],
      render: (value: string) => <span style={MONO}>{value}</span>,
    },
    {
      key: 'coEfficient',
      title: t('traders.fields.coEfficient'),
      dataIndex: 'coEfficient',
      align: 'right',
      render: (value: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>,
    },
    {
      key: 'leverageCoefficient',
      title: t('traders.fields.leverageCoefficient'),
      dataIndex: 'leverageCoefficient',
      align: 'right',
      render: (value: number) => (
        <span style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="trader-leverage">
          {value}
        </span>
      ),
    },
    {
      key: 'isActive',
      title: t('traders.fields.isActive'),
      render: (_, key) => <ActiveSwitch traderKey={key} />,
    },
    {
      key: 'roles',
      title: t('traders.fields.roles'),
      render: (_, key) => {
        const ids = keyRoles(key);
        if (ids.length === 0) return <Text type="secondary">{t('traders.noRoles')}</Text>;
        return (
          <Flex gap={4} wrap data-testid="trader-roles">
            {ids.map((id) => (
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
        );
      },
    },
    ...keyStatusColumns(t),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: phone ? undefined : 'right',
      width: 250,
      render: (_, key) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDrawer({ open: true, editing: key })}
            data-testid="trader-edit"
          >
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<SafetyOutlined />}
            onClick={() => setPermissions({ id: key.id, keyName: key.keyName, roleIds: keyRoles(key) })}
            data-testid="trader-permissions"
          >
            {t('traders.permissions')}
          </Button>
          <CheckKeyButton traderKey={key} />
          <KeyViewLinks traderKey={key} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="trader-management">
      <title>{`${tAdmin('menu.traderManagement')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Title level={4} style={{ margin: 0 }}>
            {tAdmin('menu.traderManagement')}
          </Title>
          <Text type="secondary">{t('traders.intro')}</Text>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDrawer({ open: true, editing: null })}
          data-testid="trader-add"
        >
          {t('traders.add')}
        </Button>
      </Flex>
      {keys.isError && !keys.data ? (
        <QueryError onRetry={() => void keys.refetch()} />
      ) : (
        <Table<TraderKey>
          rowKey="id"
          columns={columns}
          dataSource={keys.data ?? []}
          loading={keys.isPending || keys.isFetching}
          size={phone ? 'small' : 'middle'}
          scroll={{ x: 1700 }}
          locale={{ emptyText: t('traders.empty') }}
          pagination={{
            defaultPageSize: ADMIN_PAGE_SIZE,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (total) => t('traders.total', { count: total }),
            size: phone ? 'small' : undefined,
          }}
          data-testid="traders-table"
        />
      )}
      <TraderFormDrawer
        open={drawer.open}
        editing={drawer.editing}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        onCreated={(id, keyName) => setPermissions({ id, keyName, roleIds: [], justCreated: true })}
      />
      <TraderPermissionsModal
        target={permissions}
        roles={roles.data ?? []}
        onClose={() => setPermissions(null)}
      />
    </div>
  );
}
