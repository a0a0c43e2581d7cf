import { GiftOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { message } from '#shared/messages.ts';
import { type RegisterRequest, registerRequest } from '#shared/schemas/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { forgetInviteCode, pendingInviteCode } from './invite-code.ts';
import { RESTRICTED_REGIONS_NOTICE } from './legal/restricted-regions.ts';
import { TERMS_OF_USE } from './legal/terms-of-use.ts';
import { LegalDocumentModal } from './legal-document-view.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

type RegisterValues = Omit<RegisterRequest, 'locale' | 'inviteCode'>;
const FORM_FIELDS = ['email', 'password', 'confirm', 'agreeTerms', 'notRestrictedResident'] as const;

/** Spec §2 register mode, with the terms of use and the restricted-regions notice in full (spec §1, §5). */
export function RegisterForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tInvitation } = useTranslation('invitation');
  const [form] = Form.useForm<RegisterValues>();
  useRevalidateOnLanguageChange(form);
  const api = useApiClient();
  const { message: toast } = useFeedback();
  const [legal, setLegal] = useState<'terms' | 'regions' | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  // The code of the invitation link the person came with (kept for 30 days), sent with the registration.
  const [inviteCode, setInviteCode] = useState(() => pendingInviteCode());
  const rule = (field: string) => zodRule(registerRequest, field);

  const register = useMutation({
    mutationFn: (values: RegisterValues) =>
      api.post(
        '/Auth/PostRegister',
        { ...values, locale: currentLocale(), ...(inviteCode ? { inviteCode } : {}) },
        { anonymous: true, formFields: FORM_FIELDS },
      ),
  });

  const submit = async (values: RegisterValues) => {
    try {
      await register.mutateAsync(values);
      // Sent once: the account keeps its inviter for good, a later registration here starts afresh.
      forgetInviteCode();
      setRegistered(values.email.trim());
      // Spec §4: registration success is a warning, "Email Confirm Needed".
      void toast.warning(t('register.confirmNeeded'));
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, FORM_FIELDS);
    }
  };

  if (registered) {
    return (
      <Result
        data-testid="register-done"
        status="info"
        icon={<MailOutlined />}
        title={t('register.confirmNeeded')}
        subTitle={t('register.checkMail', { email: registered })}
        style={{ paddingInline: 0 }}
        extra={
          <Button type="primary" onClick={onBackToLogin} data-testid="register-to-login">
            {t('backToLogin')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{
          email: '',
          password: '',
          confirm: '',
          agreeTerms: true,
          notRestrictedResident: true,
        }}
        onFinish={(values) => void submit(values)}
        onFinishFailed={({ errorFields }) => {
          // Spec §5: registering without accepting the terms raises a warning.
          if (errorFields.some((field) => field.name[0] === 'agreeTerms')) {
            void toast.warning(message('termsRequired', currentLocale()));
          }
        }}
        data-testid="register-form"
      >
        {inviteCode ? (
          <Alert
            data-testid="register-invite"
            type="success"
            showIcon
            icon={<GiftOutlined />}
            style={{ marginBottom: 20 }}
            title={tInvitation('register.invited', { code: inviteCode })}
            description={tInvitation('register.invitedHint')}
            closable={{
              'aria-label': tInvitation('register.removeInvite'),
              onClose: () => {
                forgetInviteCode();
                setInviteCode(null);
              },
            }}
          />
        ) : null}
        <Form.Item name="email" rules={[rule('email')]} validateFirst>
          <Input
            data-testid="register-email"
            aria-label={t('fields.email')}
            placeholder={t('fields.email')}
            prefix={<MailOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />}
            autoComplete="email"
            inputMode="email"
          />
        </Form.Item>
        <NewPasswordFields rule={rule} testIdPrefix="register" />
        <Form.Item
          name="agreeTerms"
          valuePropName="checked"
          rules={[rule('agreeTerms')]}
          style={{ marginBottom: 8 }}
        >
          <Checkbox data-testid="register-terms">
            {t('register.agreeTerms')}
            <Typography.Link
              onClick={(event) => {
                event.preventDefault();
                setLegal('terms');
              }}
              data-testid="open-terms"
            >
              {t('register.termsLink')}
            </Typography.Link>
          </Checkbox>
        </Form.Item>
        <Form.Item
          name="notRestrictedResident"
          valuePropName="checked"
          rules={[rule('notRestrictedResident')]}
        >
          <Checkbox data-testid="register-region">
            {t('register.notRestricted')}
            <Typography.Link
              onClick={(event) => {
                event.preventDefault();
                setLegal('regions');
              }}
              data-testid="open-regions"
            >
              {t('register.regionsLink')}
            </Typography.Link>
          </Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
        <div style={{ textAlign: 'center', marginTop: 20, color: 'rgba(0, 0, 0, 0.55)' }}>
          {t('register.haveAccount')}
          <Button
            type="link"
            onClick={onBackToLogin}
            style={{ paddingInline: 6 }}
            data-testid="register-back"
          >
            {t('backToLogin')}
          </Button>
        </div>
      </Form>
      <LegalDocumentModal
        document={TERMS_OF_USE}
        open={legal === 'terms'}
        onClose={() => setLegal(null)}
        testId="terms-of-use"
      />
      <LegalDocumentModal
        document={RESTRICTED_REGIONS_NOTICE}
        open={legal === 'regions'}
        onClose={() => setLegal(null)}
        testId="restricted-regions"
      />
    </>
  );
}
