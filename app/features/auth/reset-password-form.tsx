import { CheckCircleOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { PasswordResetRequest } from '#shared/schemas/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { TEXT_COLORS } from '../../lib/theme.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

// The rules' schema (with zod and the messages) downloads when the form first checks a field.
const passwordResetSchema = async () => (await import('#shared/schemas/auth.ts')).passwordResetRequest;

const FORM_FIELDS = ['password', 'confirm', 'resetCode'] as const;

/**
 * Spec §4 forgot password, step two (the mailed link carries `code` and `userId`): a new password. On success
 * the button says so and is disabled; the way back is the sign-in link.
 */
export function ResetPasswordForm({
  code,
  userId,
  onBackToLogin,
}: {
  code: string;
  userId: string;
  onBackToLogin: () => void;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<PasswordResetRequest>();
  useRevalidateOnLanguageChange(form);
  const api = useApiClient();
  const [done, setDone] = useState(false);
  const rule = (field: string) => zodRule(passwordResetSchema, field);

  const reset = useMutation({
    mutationFn: (values: PasswordResetRequest) =>
      api.post('/Auth/PostPasswordReset', values, { anonymous: true, formFields: FORM_FIELDS }),
  });

  const submit = async (values: PasswordResetRequest) => {
    try {
      await reset.mutateAsync({ ...values, userId });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, FORM_FIELDS);
    }
  };

  return (
    <Form<PasswordResetRequest>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ password: '', confirm: '', resetCode: code, userId }}
      onFinish={(values) => void submit(values)}
      disabled={done}
      data-testid="reset-form"
    >
      <Form.Item name="userId" hidden>
        <Input />
      </Form.Item>
      <NewPasswordFields rule={rule} testIdPrefix="reset" />
      <Form.Item name="resetCode" rules={[rule('resetCode')]} validateFirst>
        <Input
          data-testid="reset-code"
          aria-label={t('fields.resetCode')}
          placeholder={t('fields.resetCode')}
          prefix={<KeyOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />}
          autoComplete="one-time-code"
          spellCheck={false}
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={reset.isPending}
        icon={done ? <CheckCircleOutlined /> : undefined}
        data-testid="reset-submit"
        // Disabled, but it reads as the success it reports.
        style={
          done
            ? {
                whiteSpace: 'normal',
                height: 'auto',
                minHeight: 40,
                color: TEXT_COLORS.gain,
                borderColor: '#b7eb8f',
                background: '#f6ffed',
              }
            : undefined
        }
      >
        {done ? t('reset.done') : t('reset.submit')}
      </Button>
      <div style={{ textAlign: 'center', marginTop: 20 }}>
        <Button type="link" onClick={onBackToLogin} disabled={false} data-testid="reset-back">
          {t('backToLogin')}
        </Button>
      </div>
    </Form>
  );
}
