import { LockOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Select, Tag, Tooltip } from 'antd';
import { EDIT_PERMISSION_EMAIL_MAX_LENGTH } from '#shared/constants.ts';
import { message as sharedMessage } from '#shared/messages.ts';
import { isAdminRole } from '#shared/roles.ts';
import {
  type AssignUserRoleRequest,
  assignUserRoleRequest,
  type Role,
  type UserDetail,
} from '#shared/schemas/management.ts';
import { FormActions } from '../../components/form-actions.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { memberDaysRemaining } from '../../lib/membership-days.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ASSIGN_FIELDS, useAssignUserRole } from './admin-users-api.ts';
import { adminRoleId, roleLabel } from './role-tags.ts';

/** Member days the form accepts (the server's bounds). */
const MEMBER_DAYS_LIMIT = 36500;

interface PermissionValues {
  permissionMap: number[];
  memberDays: number | null;
  email: string;
}

/** The edit form's starting values: the tags without Admin, the days left today, the e-mail. */
export function permissionValuesOf(user: UserDetail, adminId: number | undefined): PermissionValues {
  return {
    permissionMap: user.tags.filter((id) => id !== adminId),
    memberDays: memberDaysRemaining(user.memberExpiryDate),
    email: user.email,
  };
}

/**
 * The request of POST /api/Management/AssignUserRole. Untouched or emptied member days leave the expiry as it
 * is (to the minute); an unchanged e-mail is not sent.
 */
export function assignRequestOf(
  user: UserDetail,
  initial: PermissionValues,
  values: PermissionValues,
  adminId: number | undefined,
): AssignUserRoleRequest {
  const email = values.email.trim();
  const days = values.memberDays;
  return {
    userId: user.userId,
    permissionMap: [...new Set(values.permissionMap)].filter((id) => id !== adminId),
    ...(days !== null && days !== undefined && days !== initial.memberDays ? { memberDays: days } : {}),
    ...(email && email.toLowerCase() !== user.email.toLowerCase() ? { email } : {}),
  };
}

/** The detail page's one tab, "edit permissions" (spec §2, §5): tags, member days, e-mail. */
export function EditPermissionsForm({
  user,
  roles,
}: {
  user: UserDetail;
  roles: readonly Role[] | undefined;
}) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('adminUsers');
  const { message } = useFeedback();
  const [form] = Form.useForm<PermissionValues>();
  useRevalidateOnLanguageChange(form);
  const assign = useAssignUserRole();
  const adminId = adminRoleId(roles);
  const initial = permissionValuesOf(user, adminId);
  const holdsAdmin = adminId !== undefined && user.tags.includes(adminId);
  const rule = (field: string) => zodRule(assignUserRoleRequest, field);

  const submit = async (values: PermissionValues) => {
    try {
      await assign.mutateAsync(assignRequestOf(user, initial, values, adminId));
      void message.success(t('detail.saved'));
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ASSIGN_FIELDS);
    }
  };

  const options = (roles ?? []).map((role) => {
    const label = roleLabel(t, role.roleName);
    const locked = isAdminRole(role.roleName);
    return {
      value: role.roleId,
      name: label,
      disabled: locked,
      label: locked ? (
        <Tooltip title={t('batch.adminLocked')} placement="right">
          <span>
            <LockOutlined /> {label}
          </span>
        </Tooltip>
      ) : (
        label
      ),
    };
  });

  return (
    <Form<PermissionValues>
      form={form}
      {...formLayout}
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 560 }}
      data-testid="permissions-form"
    >
      <Form.Item label={t('fields.tags')} required={false} extra={t('detail.tagsHint')}>
        <Flex vertical gap={8}>
          {holdsAdmin ? (
            <div>
              <Tooltip title={t('batch.adminLocked')}>
                <Tag color="red" variant="outlined" icon={<LockOutlined />} data-testid="locked-admin-tag">
                  {t('roles.Admin')}
                </Tag>
              </Tooltip>
            </div>
          ) : null}
          <Form.Item name="permissionMap" noStyle rules={[rule('permissionMap')]}>
            <Select
              mode="multiple"
              options={options}
              loading={!roles}
              showSearch={{ optionFilterProp: 'name' }}
              placeholder={t('list.noTags')}
              aria-label={t('fields.tags')}
              data-testid="permissions-tags"
            />
          </Form.Item>
        </Flex>
      </Form.Item>
      <Form.Item
        name="memberDays"
        label={t('detail.memberDays')}
        extra={t('detail.memberDaysHint')}
        rules={[rule('memberDays')]}
      >
        <InputNumber<number>
          min={-MEMBER_DAYS_LIMIT}
          max={MEMBER_DAYS_LIMIT}
          precision={0}
          step={1}
          suffix={t('batch.daysSuffix')}
          placeholder={t('detail.memberDaysPlaceholder')}
          style={{ width: 200 }}
          data-testid="permissions-days"
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('fields.email')}
        extra={t('detail.emailHint')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: sharedMessage('emailRequired', currentLocale()) },
          rule('email'),
        ]}
      >
        <Input
          type="email"
          autoComplete="off"
          showCount={{
            formatter: ({ count }) => `${count} / ${EDIT_PERMISSION_EMAIL_MAX_LENGTH}`,
          }}
          data-testid="permissions-email"
        />
      </Form.Item>
      <FormActions>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={assign.isPending}
          data-testid="permissions-save"
        >
          {t('detail.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
