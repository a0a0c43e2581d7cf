import { HomeOutlined, LoginOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { useAuthClient } from '../../lib/auth/auth-context.tsx';
import {
  AUTH_PATHS,
  LOGIN_ACTIONS,
  type LoginAction,
  loginPath,
  QUERY_PARAMETERS,
} from '../../lib/auth/auth-paths.ts';
import { failResult, type PageStep, pageStep } from '../../lib/auth/auth-state.ts';
import { checkReturnUrl, InvalidReturnUrlError, pendingReturnUrl } from '../../lib/auth/return-url.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AuthProgress, AuthResult } from './auth-card.tsx';

type Action = Exclude<LoginAction, typeof LOGIN_ACTIONS.loginManual>;

/**
 * The sign-in steps of spec §2/§4 under /authentication: Login runs the sign-in (silently first, else by
 * redirect to the provider), LoginCallback finishes a redirect, LoginFailed shows the provider's message,
 * Profile leads to the personal area.
 */
export function LoginPage({ action }: { action: Action }) {
  if (action === LOGIN_ACTIONS.profile) return <Navigate to={AUTH_PATHS.personalInfo} replace />;
  if (action === LOGIN_ACTIONS.loginFailed) return <LoginFailed />;
  return <SignInStep action={action} />;
}

function SignInStep({ action }: { action: typeof LOGIN_ACTIONS.login | typeof LOGIN_ACTIONS.loginCallback }) {
  const { t } = useTranslation('auth');
  const auth = useAuthClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<PageStep>({ kind: 'wait' });

  useEffect(() => {
    let active = true;
    const run = async () => {
      if (action === LOGIN_ACTIONS.loginCallback) {
        return auth.completeSignIn(`${window.location.origin}${location.pathname}${location.search}`);
      }
      let returnUrl: string;
      try {
        const raw = new URLSearchParams(location.search).get(QUERY_PARAMETERS.returnUrl);
        returnUrl = checkReturnUrl(raw, window.location.origin);
      } catch (error) {
        if (error instanceof InvalidReturnUrlError) return failResult('invalid-return-url', error.message);
        throw error;
      }
      return auth.signIn(returnUrl);
    };
    void run().then((result) => {
      if (!active) return;
      const next = pageStep(result);
      if (next.kind === 'navigate') navigate(next.to, { replace: true });
      else setStep(next);
    });
    return () => {
      active = false;
    };
  }, [action, auth, navigate, location.pathname, location.search]);

  if (step.kind === 'error') {
    const message =
      step.reason === 'settings'
        ? t('errors.settings')
        : step.reason === 'invalid-return-url'
          ? t('errors.invalidReturnUrl')
          : step.message;
    return (
      <AuthResult
        testId="sign-in-error"
        status="error"
        title={t('signIn.failedTitle')}
        subTitle={message}
        extra={
          <RetryButtons
            href={
              action === LOGIN_ACTIONS.login
                ? `${location.pathname}${location.search}`
                : loginPath(pendingReturnUrl(window.location.origin))
            }
          />
        }
      />
    );
  }
  return (
    <AuthProgress
      testId="sign-in-progress"
      title={action === LOGIN_ACTIONS.loginCallback ? t('signIn.completing') : t('signIn.starting')}
    />
  );
}

/** "Try again" loads the page afresh (a plain link), so the sign-in starts over with new settings and state. */
function RetryButtons({ href }: { href: string }) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  return (
    <Flex gap={12} justify="center" wrap>
      <Button type="primary" icon={<LoginOutlined />} href={href} data-testid="sign-in-retry">
        {t('signIn.retry')}
      </Button>
      <LinkButton icon={<HomeOutlined />} to="/">
        {tCommon('notFound.backHome')}
      </LinkButton>
    </Flex>
  );
}

function LoginFailed() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const message = params.get(QUERY_PARAMETERS.message);
  return (
    <AuthResult
      testId="login-failed"
      status="error"
      title={t('signIn.failedTitle')}
      subTitle={message || t('signIn.failedUnknown')}
      extra={<RetryButtons href={loginPath(pendingReturnUrl(window.location.origin))} />}
    />
  );
}
