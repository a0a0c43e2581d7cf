import { Form, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import type { Role } from '#shared/schemas/management.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { roleName } from '../../lib/role-labels.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useUpdateKeyRoles } from './traders-api.ts';

export interface PermissionTarget {
  id: number;
  keyName: string;
  roleIds: number[];
  /** Just added: the admin is asked which roles may subscribe. */
  justCreated?: boolean;
}

/** Spec §6: which roles may subscribe to a trader key (POST /api/TraderKey/UpdateApiKeySubConfig). */
export function TraderPermissionsModal({
  target,
  roles,
  onClose,
}: {
  target: PermissionTarget | null;
  roles: readonly Role[];
  onClose: () => void;
}) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('advisoriesAdmin');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ permissionMap: number[] }>();
  const save = useUpdateKeyRoles();

  useEffect(() => {
    if (target) form.setFieldsValue({ permissionMap: target.roleIds });
  }, [target, form]);

  const submit = async ({ permissionMap }: { permissionMap: number[] }) => {
    if (!target) return;
    try {
      await save.mutateAsync({ id: target.id, permissionMap });
      void message.success(t('permissions.saved', { name: target.keyName }));
      onClose();
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('permissions.title', { name: target?.keyName ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      okButtonProps={{ 'data-testid': 'permissions-save' }}
    >
      {target?.justCreated ? (
        <Typography.Paragraph type="secondary">{t('permissions.afterCreate')}</Typography.Paragraph>
      ) : null}
      <Form
        form={form}
        {...formLayout}
        onFinish={(values) => void submit(values)}
        data-testid="permissions-form"
      >
        <Form.Item name="permissionMap" label={t('permissions.roles')} extra={t('permissions.hint')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('permissions.placeholder')}
            options={roles.map((role) => ({ value: role.roleId, label: roleName(t, role.roleName) }))}
            // Spec §8: a role id that no role has any more shows as 'Unknown', not as its number.
            labelRender={({ label }) => label ?? t('roles.unknown')}
            optionFilterProp="label"
            data-testid="permissions-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
