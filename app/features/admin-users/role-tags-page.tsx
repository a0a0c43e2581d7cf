import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Flex,
  Form,
  Grid,
  Input,
  Popconfirm,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { type AddRoleRequest, addRoleRequest, type RoleWithCount } from '#shared/schemas/management.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { adminPagination } from './admin-table.ts';
import { ADD_ROLE_FIELDS, useAddRole, useDeleteRole, useRolesWithCount } from './admin-users-api.ts';
import { writeListParams } from './list-params.ts';
import { deleteBlocker, roleLabel, tagColor } from './role-tags.ts';

const { Title, Text } = Typography;

/** Longest tag name the server takes. */
const TAG_NAME_MAX_LENGTH = 30;

/** /admin/account/tag: role tags with member counts; add and delete (spec §2, §5, §6). */
export function RoleTagsPage() {
  const { t } = useTranslation('adminUsers');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const roles = useRolesWithCount();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;

  const columns: TableColumnsType<RoleWithCount> = [
    {
      key: 'name',
      title: t('tags.name'),
      render: (_, role) => {
        const label = roleLabel(t, role.roleName);
        return (
          <Flex vertical gap={2}>
            <span>
              <Tag
                color={tagColor(role.roleName, role.roleId)}
                variant="outlined"
                icon={deleteBlocker(role) === 'admin' ? <LockOutlined /> : undefined}
                data-testid="tag-name"
              >
                {label}
              </Tag>
            </span>
            {label !== role.roleName ? (
              <Text type="secondary" style={{ fontSize: 12 }}>
                {t('tags.systemName', { name: role.roleName })}
              </Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      key: 'userCount',
      title: t('tags.userCount'),
      dataIndex: 'userCount',
      align: 'right',
      width: 120,
      render: (count: number, role) => (
        <Tooltip title={t('tags.showUsers')}>
          <Link
            to={`/admin/account/list?${writeListParams({ current: 1, pageSize: ADMIN_PAGE_SIZE, search: '', roleId: role.roleId })}`}
            data-testid="tag-count"
          >
            {count.toLocaleString()}
          </Link>
        </Tooltip>
      ),
    },
    {
      key: 'kind',
      title: t('tags.kind'),
      width: 120,
      render: (_, role) =>
        role.builtIn ? <Tag variant="filled">{t('tags.builtIn')}</Tag> : <Text>{t('tags.custom')}</Text>,
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 120,
      render: (_, role) => <DeleteTagButton role={role} />,
    },
  ];

  return (
    <div data-testid="role-tags">
      <title>{`${t('tags.title')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Title level={4} style={{ marginTop: 0, marginBottom: 16 }}>
        {t('tags.title')}
      </Title>
      <Card size="small" title={t('tags.addTitle')} style={{ marginBottom: 16 }}>
        <AddTagForm phone={phone} />
      </Card>
      {roles.isError && !roles.data ? (
        <QueryError onRetry={() => void roles.refetch()} />
      ) : (
        <Table<RoleWithCount>
          rowKey="roleId"
          columns={columns}
          dataSource={roles.data ?? []}
          loading={roles.isFetching}
          size={phone ? 'small' : 'middle'}
          scroll={{ x: 560 }}
          locale={{ emptyText: t('tags.empty') }}
          pagination={adminPagination({
            showTotal: (total) => t('tags.total', { count: total }),
            size: phone ? 'small' : undefined,
          })}
          data-testid="tags-table"
        />
      )}
    </div>
  );
}

function AddTagForm({ phone }: { phone: boolean }) {
  const { t } = useTranslation('adminUsers');
  const { message } = useFeedback();
  const [form] = Form.useForm<AddRoleRequest>();
  useRevalidateOnLanguageChange(form);
  const add = useAddRole();

  const submit = async (values: AddRoleRequest) => {
    try {
      const created = await add.mutateAsync({ name: values.name.trim() });
      void message.success(t('tags.added', { name: created.roleName }));
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ADD_ROLE_FIELDS);
    }
  };

  return (
    <Form<AddRoleRequest>
      form={form}
      layout={phone ? 'vertical' : 'inline'}
      initialValues={{ name: '' }}
      onFinish={(values) => void submit(values)}
      data-testid="add-tag-form"
    >
      <Form.Item
        name="name"
        label={t('tags.name')}
        rules={[zodRule(addRoleRequest, 'name')]}
        style={phone ? undefined : { width: 360 }}
      >
        <Input
          maxLength={TAG_NAME_MAX_LENGTH}
          showCount
          placeholder={t('tags.namePlaceholder')}
          data-testid="add-tag-name"
        />
      </Form.Item>
      <Form.Item style={phone ? { marginBottom: 0 } : undefined}>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={add.isPending}
          data-testid="add-tag-submit"
        >
          {t('tags.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function DeleteTagButton({ role }: { role: RoleWithCount }) {
  const { t } = useTranslation('adminUsers');
  const { message } = useFeedback();
  const remove = useDeleteRole();
  const blocker = deleteBlocker(role);
  const name = roleLabel(t, role.roleName);

  if (blocker) {
    // A disabled button swallows pointer events; the wrapper keeps the tooltip working.
    return (
      <Tooltip title={t('tags.adminLocked')}>
        <span data-testid="tag-delete-locked" style={{ display: 'inline-block', cursor: 'not-allowed' }}>
          <Button
            danger
            size="small"
            icon={<DeleteOutlined />}
            disabled
            style={{ pointerEvents: 'none' }}
            data-testid="tag-delete"
          >
            {t('tags.delete')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={t('tags.deleteConfirm')}
      description={t('tags.deleteConfirmDetail', { name, count: role.userCount })}
      okText={t('tags.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending, 'data-testid': 'tag-delete-ok' }}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(role.roleId);
          void message.success(t('tags.deleted', { name }));
        } catch {
          // The error toast says why.
        }
      }}
    >
      <Button danger size="small" icon={<DeleteOutlined />} data-testid="tag-delete">
        {t('tags.delete')}
      </Button>
    </Popconfirm>
  );
}
