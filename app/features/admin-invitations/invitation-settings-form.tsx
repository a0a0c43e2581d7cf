import { SaveOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Switch, Typography } from 'antd';
import {
  type InvitationSettings,
  type UpdateInvitationSettingsRequest,
  updateInvitationSettingsRequest,
} from '#shared/schemas/invitations.ts';
import { FormActions } from '../../components/form-actions.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { SETTINGS_FIELDS, useUpdateInvitationSettings } from './invitation-admin-api.ts';

// No min/max on the inputs: a value out of range gets the rule's message instead of being changed silently.
type SettingsValues = UpdateInvitationSettingsRequest;

/** The reward of an invitee's first membership: points and/or membership days, each on or off. */
export function InvitationSettingsForm({ settings }: { settings: InvitationSettings }) {
  const { t } = useTranslation('invitationAdmin');
  const formLayout = useFormLayout();
  const { message } = useFeedback();
  const [form] = Form.useForm<SettingsValues>();
  useRevalidateOnLanguageChange(form);
  const update = useUpdateInvitationSettings();
  const rule = (field: string) => zodRule(updateInvitationSettingsRequest, field);
  const creditOn = Form.useWatch('creditEnabled', form) ?? settings.creditEnabled;
  const daysOn = Form.useWatch('daysEnabled', form) ?? settings.daysEnabled;

  const submit = async (values: SettingsValues) => {
    try {
      await update.mutateAsync(values);
      void message.success(t('settings.saved'));
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, SETTINGS_FIELDS);
    }
  };

  return (
    <Form<SettingsValues>
      form={form}
      {...formLayout}
      initialValues={{
        creditEnabled: settings.creditEnabled,
        creditAmount: settings.creditAmount,
        daysEnabled: settings.daysEnabled,
        daysAmount: settings.daysAmount,
      }}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 560 }}
      data-testid="invitation-settings-form"
    >
      <Form.Item name="creditEnabled" label={t('settings.creditEnabled')} valuePropName="checked">
        <Switch
          checkedChildren={t('settings.on')}
          unCheckedChildren={t('settings.off')}
          data-testid="settings-credit-enabled"
        />
      </Form.Item>
      <Form.Item name="creditAmount" label={t('settings.creditAmount')} rules={[rule('creditAmount')]}>
        <InputNumber<number>
          precision={0}
          disabled={!creditOn}
          // The unit belongs to the field: disabled with it (its grey is then exempt from contrast).
          suffix={<span aria-disabled={!creditOn}>{t('settings.pointsSuffix')}</span>}
          style={{ width: 200 }}
          data-testid="settings-credit-amount"
        />
      </Form.Item>
      <Form.Item name="daysEnabled" label={t('settings.daysEnabled')} valuePropName="checked">
        <Switch
          checkedChildren={t('settings.on')}
          unCheckedChildren={t('settings.off')}
          data-testid="settings-days-enabled"
        />
      </Form.Item>
      <Form.Item
        name="daysAmount"
        label={t('settings.daysAmount')}
        extra={t('settings.daysHint')}
        rules={[rule('daysAmount')]}
      >
        <InputNumber<number>
          precision={0}
          disabled={!daysOn}
          suffix={<span aria-disabled={!daysOn}>{t('settings.daysSuffix')}</span>}
          style={{ width: 200 }}
          data-testid="settings-days-amount"
        />
      </Form.Item>
      <FormActions>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={update.isPending}
          data-testid="settings-save"
        >
          {t('settings.save')}
        </Button>
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 8, marginBottom: 0 }}
          data-testid="settings-updated"
        >
          {settings.updatedAt
            ? t('settings.updated', {
                time: formatDateTime(settings.updatedAt),
                by: settings.updatedBy ?? '—',
              })
            : t('settings.neverUpdated')}
        </Typography.Paragraph>
      </FormActions>
    </Form>
  );
}
