import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

// The rule's schema (with zod and the messages) downloads when the form first checks the address.
const forgotPasswordSchema = async () => (await import('#shared/schemas/auth.ts')).forgotPasswordRequest;

type ForgotValues = { email: string };

/**
 * Spec §4 forgot password, step one: send a reset code to the e-mail. Sending is possible only with a
 * non-empty e-mail without a field error, and only once; then the e-mail is locked and a message says so.
 */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ForgotValues>();
  useRevalidateOnLanguageChange(form);
  const api = useApiClient();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (values: ForgotValues) =>
      api.post(
        '/Auth/PostForgetPassword',
        { email: values.email, locale: currentLocale() },
        { anonymous: true, formFields: ['email'] },
      ),
  });

  const submit = async (values: ForgotValues) => {
    try {
      await send.mutateAsync(values);
      setSentTo(values.email.trim());
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ['email']);
    }
  };

  return (
    <Form<ForgotValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ email: '' }}
      onFinish={(values) => void submit(values)}
      data-testid="forgot-form"
    >
      <Form.Item name="email" rules={[zodRule(forgotPasswordSchema, 'email')]} validateFirst>
        <Input
          data-testid="forgot-email"
          aria-label={t('fields.email')}
          placeholder={t('fields.email')}
          prefix={<MailOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />}
          autoComplete="email"
          inputMode="email"
          disabled={sentTo !== null}
        />
      </Form.Item>
      {sentTo ? (
        <Alert
          data-testid="forgot-sent"
          type="success"
          showIcon
          style={{ marginBottom: 20 }}
          title={t('forgot.sent', { email: sentTo })}
          description={t('forgot.sentHint')}
        />
      ) : null}
      <Form.Item shouldUpdate noStyle>
        {() => {
          const email = String(form.getFieldValue('email') ?? '').trim();
          const canSend = email.length > 0 && form.getFieldError('email').length === 0 && sentTo === null;
          return (
            <Button
              type="primary"
              htmlType="submit"
              block
              disabled={!canSend}
              loading={send.isPending}
              data-testid="forgot-submit"
            >
              {sentTo ? t('forgot.sentButton') : t('forgot.submit')}
            </Button>
          );
        }}
      </Form.Item>
      <div style={{ textAlign: 'center', marginTop: 20 }}>
        <Button type="link" onClick={onBackToLogin} data-testid="forgot-back">
          {t('backToLogin')}
        </Button>
      </div>
    </Form>
  );
}
