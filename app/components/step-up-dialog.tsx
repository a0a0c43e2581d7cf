import { KeyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { message } from '#shared/messages.ts';
import { STEP_UP_MAX_AGE_MINUTES } from '#shared/two-factor.ts';
import { ApiError } from '../lib/api-client.ts';
import { currentLocale } from '../lib/i18n.ts';
import { setStepUpHandler } from '../lib/step-up.ts';
import { useApiClient } from '../lib/use-api.ts';
import { useTranslation } from '../lib/use-translation.ts';

type Values = { code?: string; recoveryCode?: string };

/**
 * The back office's "confirm with your authenticator" dialog: a sensitive action was refused because the
 * session's last code is too old; a code (or a recovery code) is verified, then the action goes again by
 * itself. Cancelling leaves the action refused.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((verified: boolean) => void) | null>(null);
  const input = useRef<React.ComponentRef<typeof Input>>(null);

  useEffect(
    () =>
      setStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            form.resetFields();
            setRecovery(false);
            setOpen(true);
          }),
      ),
    [form],
  );

  const close = (verified: boolean) => {
    setOpen(false);
    settle.current?.(verified);
    settle.current = null;
  };

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await api.post(
        '/api/PersonalInfo/TwoFactor/Verify',
        recovery ? { recoveryCode: values.recoveryCode ?? '' } : { code: values.code ?? '' },
        { quiet: true },
      );
      close(true);
    } catch (error) {
      const messages = error instanceof ApiError ? error.messages : [];
      form.setFields([
        {
          name: recovery ? 'recoveryCode' : 'code',
          errors: messages.length ? messages : [t('errors.network')],
        },
      ]);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const field = recovery ? 'recoveryCode' : 'code';
  return (
    <Modal
      open={open}
      title={t('stepUp.title')}
      onCancel={() => close(false)}
      afterOpenChange={(visible) => {
        if (visible) input.current?.focus();
      }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => close(false)} data-testid="step-up-cancel">
          {t('stepUp.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={busy}
          onClick={() => form.submit()}
          data-testid="step-up-confirm"
        >
          {t('stepUp.confirm')}
        </Button>,
      ]}
      data-testid="step-up-dialog"
    >
      <Typography.Paragraph id="step-up-text">
        {t('stepUp.text', { minutes: STEP_UP_MAX_AGE_MINUTES })}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          key={field}
          name={field}
          label={recovery ? t('stepUp.recoveryCode') : t('stepUp.code')}
          rules={[{ required: true, message: message('twoFactorCodeRequired', currentLocale()) }]}
        >
          <Input
            ref={input}
            data-testid={recovery ? 'step-up-recovery' : 'step-up-code'}
            aria-describedby="step-up-text"
            prefix={<KeyOutlined />}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 20 : 8}
          />
        </Form.Item>
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => {
            form.resetFields();
            setRecovery((value) => !value);
          }}
          data-testid="step-up-switch"
        >
          {recovery ? t('stepUp.useCode') : t('stepUp.useRecovery')}
        </Button>
      </Form>
    </Modal>
  );
}
