import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { LoginResponse } from '#shared/schemas/auth.ts';
import { signInMessage } from '#shared/sign-in-messages.ts';
import { LOGIN_RESULT, LOGIN_RESULT_NAME } from '#shared/trading.ts';
import { ColorTag } from '../../components/color-tag.tsx';
import { Heading, Paragraph } from '../../components/prose.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

// The rules' schemas (with zod and the messages) download when the form first checks the code.
const codeSchema = async () => (await import('#shared/schemas/auth.ts')).twoFactorCodeRequest;
const recoverySchema = async () => (await import('#shared/schemas/auth.ts')).twoFactorRecoveryRequest;

type Values = { code?: string; recoveryCode?: string };

interface TwoFactorStepProps {
  /** The token of the password step's answer. */
  token: string;
  /** Signed in: where the browser continues. */
  onSignedIn: (result: LoginResponse) => void;
  /** Back to the password (also when the sign-in has expired). */
  onRestart: () => void;
}

/**
 * The sign-in's second step (after the password and captcha): a code of the authenticator app, or one of the
 * recovery codes. Wrong codes count towards the account's lockout like wrong passwords (result codes 1, 2).
 */
export function TwoFactorStep({ token, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const api = useApiClient();
  const { message: toast } = useFeedback();
  const [recovery, setRecovery] = useState(false);
  const [failed, setFailed] = useState<
    typeof LOGIN_RESULT.locked | typeof LOGIN_RESULT.incorrectPassword | null
  >(null);
  const [leaving, setLeaving] = useState(false);
  const field = recovery ? 'recoveryCode' : 'code';
  const input = useRef<React.ComponentRef<typeof Input>>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);

  const verify = useMutation({
    mutationFn: (values: Values) =>
      api.post(
        '/Auth/PostLoginTwoFactor',
        {
          twoFactorToken: token,
          ...(recovery ? { recoveryCode: values.recoveryCode } : { code: values.code }),
        },
        { anonymous: true, quiet: true, formFields: [field] },
      ),
  });

  const submit = async (values: Values) => {
    setFailed(null);
    try {
      const result = await verify.mutateAsync(values);
      if (result.code === LOGIN_RESULT.ok) {
        setLeaving(true);
        onSignedIn(result);
        return;
      }
      setFailed(result.code);
      form.setFieldValue(field, '');
      input.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onRestart();
        return;
      }
      if (error instanceof ApiError) {
        applyFieldErrors(form, error.fieldErrors, [field]);
        if (error.status !== 400) for (const text of error.messages) void toast.error(text);
      }
    }
  };

  const switchKind = () => {
    setFailed(null);
    form.resetFields();
    setRecovery((value) => !value);
    requestAnimationFrame(() => input.current?.focus());
  };

  const locale = currentLocale();
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      data-testid="two-factor-form"
    >
      <Heading level={4} style={{ marginTop: 0 }}>
        <SafetyOutlined /> {t('twoFactor.title')}
      </Heading>
      <Paragraph secondary id="two-factor-prompt">
        {recovery ? t('twoFactor.recoveryPrompt') : t('twoFactor.prompt')}
      </Paragraph>
      <Form.Item
        key={field}
        name={field}
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        rules={[zodRule(recovery ? recoverySchema : codeSchema, field)]}
        validateFirst
      >
        <Input
          ref={input}
          data-testid={recovery ? 'two-factor-recovery' : 'two-factor-code'}
          aria-describedby="two-factor-prompt"
          prefix={<KeyOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 8}
          placeholder={recovery ? 'abcde-12345' : '123456'}
        />
      </Form.Item>
      {failed !== null ? (
        <Alert
          data-testid="two-factor-outcome"
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 20 }}
          title={
            failed === LOGIN_RESULT.locked ? signInMessage('accountLocked', locale) : t('twoFactor.incorrect')
          }
          action={
            failed === LOGIN_RESULT.locked ? (
              <ColorTag tone="red" variant="outlined" style={{ fontFamily: 'monospace' }}>
                {LOGIN_RESULT_NAME[failed]}
              </ColorTag>
            ) : undefined
          }
        />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={verify.isPending || leaving}
        data-testid="two-factor-submit"
      >
        {t('twoFactor.submit')}
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16, flexWrap: 'wrap' }}>
        <Button type="link" onClick={switchKind} style={{ paddingInline: 0 }} data-testid="two-factor-switch">
          {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
        </Button>
        <Button type="link" onClick={onRestart} style={{ paddingInline: 0 }} data-testid="two-factor-back">
          {t('twoFactor.back')}
        </Button>
      </div>
    </Form>
  );
}
