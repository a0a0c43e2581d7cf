import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox } from 'antd';
import { SizeContextProvider } from 'antd/es/config-provider/SizeContext.js';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginRequest, LoginResponse } from '#shared/schemas/auth.ts';
import { signInMessage } from '#shared/sign-in-messages.ts';
import { LOGIN_RESULT, LOGIN_RESULT_NAME } from '#shared/trading.ts';
import { ColorTag } from '../../components/color-tag.tsx';
import { InlineAlert } from '../../components/inline-alert.tsx';
import { PlainFormItem, usePlainForm } from '../../components/plain-form.tsx';
import { PasswordInput, TextInput } from '../../components/plain-inputs.ts';
import { Spinner } from '../../components/spinner.tsx';
import { Stack } from '../../components/stack.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { checkField, formFieldErrors } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useCaptcha } from './auth-api.ts';
import { CaptchaField } from './captcha-field.tsx';

// The rules' schema (with zod and the messages) downloads when the form first checks a field.
const loginSchema = async () => (await import('#shared/schemas/auth.ts')).loginRequest;

// The second factor's step, for the accounts that have one: downloaded once the password was right.
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step.tsx')).TwoFactorStep }));

type LoginValues = Omit<LoginRequest, 'captchaId'>;
const FORM_FIELDS = ['email', 'password', 'captcha'] as const;
const INITIAL_VALUES: LoginValues = { email: '', password: '', captcha: '', rememberMe: false };
const checkLoginField = (values: LoginValues, field: string) => checkField(loginSchema, values, field);

type FailedCode = typeof LOGIN_RESULT.locked | typeof LOGIN_RESULT.incorrectPassword;

/** Only a web address may be followed after signing in (the provider's "resume" URL). */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value, window.location.origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

interface LoginFormProps {
  /** The `message` of /Account/Login, shown above the form. */
  notice: string | null;
  onForgot: () => void;
  onRegister: () => void;
  /** The sign-in flow has expired (409): start a new one. */
  onRestart: () => void;
}

/**
 * Spec §2 login mode: e-mail, password, captcha, remember me; answers per result code (spec §4, §8). The
 * screen is a first page, so its form is components/plain-form.tsx rather than antd's Form (same checks,
 * same look).
 */
export function LoginForm({ notice, onForgot, onRegister, onRestart }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const form = usePlainForm(INITIAL_VALUES, checkLoginField);
  const api = useApiClient();
  const captcha = useCaptcha();
  const navigate = useNavigate();
  const { message: toast } = useFeedback();
  const [failed, setFailed] = useState<FailedCode | null>(null);
  const [leaving, setLeaving] = useState(false);
  /** The password was right and the account signs in with a second factor: its step's token. */
  const [twoFactorToken, setTwoFactorToken] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: (values: LoginValues) =>
      api.post(
        '/Auth/PostLogin',
        { ...values, captchaId: captcha.data?.captchaId ?? '' },
        { anonymous: true, quiet: true, formFields: FORM_FIELDS },
      ),
  });

  const signedIn = (result: LoginResponse) => {
    setLeaving(true);
    if (result.redirectUrl && isWebUrl(result.redirectUrl)) window.location.assign(result.redirectUrl);
    else navigate('/', { replace: true });
  };

  const submit = async () => {
    const values = await form.validate();
    if (!values) return;
    setFailed(null);
    try {
      const result = await login.mutateAsync(values);
      if (result.code === LOGIN_RESULT.ok && result.twoFactorRequired && result.twoFactorToken) {
        setTwoFactorToken(result.twoFactorToken);
        return;
      }
      if (result.code === LOGIN_RESULT.ok) {
        signedIn(result);
        return;
      }
      setFailed(result.code);
      form.setValue('captcha', '');
    } catch (error) {
      form.setValue('captcha', '');
      if (error instanceof ApiError && error.status === 409) {
        onRestart();
        return;
      }
      if (error instanceof ApiError) {
        form.setErrors(formFieldErrors(error.fieldErrors, FORM_FIELDS));
        // 403 means the e-mail is not confirmed: the e-mail field already says so.
        if (error.status !== 403) for (const text of error.messages) void toast.error(text);
      }
    }
    // Captchas are single use: every attempt needs a new one.
    void captcha.refetch();
  };

  if (twoFactorToken)
    return (
      <Suspense
        fallback={<Spinner label={tCommon('loading')} style={{ display: 'block', margin: '24px auto' }} />}
      >
        <TwoFactorStep token={twoFactorToken} onSignedIn={signedIn} onRestart={onRestart} />
      </Suspense>
    );

  const locale = currentLocale();
  return (
    // antd's Form made its fields and buttons large; the same size for them here.
    <SizeContextProvider size="large">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        data-testid="login-form"
      >
        {notice ? (
          <InlineAlert testId="login-notice" type="info" style={{ marginBottom: 20 }}>
            {notice}
          </InlineAlert>
        ) : null}
        <PlainFormItem field="email" errors={form.errors.email}>
          <TextInput
            {...form.textField('email')}
            data-testid="login-email"
            aria-label={t('fields.email')}
            placeholder={t('fields.email')}
            prefix={<MailOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />}
            autoComplete="username"
            inputMode="email"
          />
        </PlainFormItem>
        <PlainFormItem field="password" errors={form.errors.password}>
          <PasswordInput
            {...form.textField('password')}
            data-testid="login-password"
            aria-label={t('fields.password')}
            placeholder={t('fields.password')}
            prefix={<LockOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />}
            autoComplete="current-password"
          />
        </PlainFormItem>
        <CaptchaField captcha={captcha} field={form.textField('captcha')} errors={form.errors.captcha} />
        <Stack justify="space-between" align="center" style={{ marginBottom: 20 }}>
          <Checkbox
            id="rememberMe"
            checked={form.values.rememberMe}
            onChange={(event) => form.change('rememberMe', event.target.checked)}
            data-testid="login-remember"
          >
            {t('login.rememberMe')}
          </Checkbox>
          <Button type="link" onClick={onForgot} style={{ paddingInline: 0 }} data-testid="to-forgot">
            {t('login.forgot')}
          </Button>
        </Stack>
        {failed !== null ? (
          <InlineAlert
            testId="login-outcome"
            type="error"
            style={{ marginBottom: 20 }}
            action={
              <ColorTag tone="red" variant="outlined" style={{ fontFamily: 'monospace' }}>
                {LOGIN_RESULT_NAME[failed]}
              </ColorTag>
            }
          >
            {signInMessage(failed === LOGIN_RESULT.locked ? 'accountLocked' : 'incorrectLogin', locale)}
          </InlineAlert>
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={login.isPending || leaving}
          disabled={!captcha.data}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
        <div style={{ textAlign: 'center', marginTop: 20, color: 'rgba(0, 0, 0, 0.55)' }}>
          {t('login.noAccount')}
          <Button type="link" onClick={onRegister} style={{ paddingInline: 6 }} data-testid="to-register">
            {t('login.register')}
          </Button>
        </div>
      </form>
    </SizeContextProvider>
  );
}
