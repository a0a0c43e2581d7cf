import { HomeOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { useAuth, useAuthClient } from '../../lib/auth/auth-context.tsx';
import { AUTH_PATHS, isLocalSignOut, LOGOUT_ACTIONS, type LogoutAction } from '../../lib/auth/auth-paths.ts';
import { isSettled, type PageStep, pageStep } from '../../lib/auth/auth-state.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AuthProgress, AuthResult } from './auth-card.tsx';

/**
 * The sign-out steps of spec §4: Logout signs out by redirect to the provider (popup sign-out is disabled),
 * LogoutCallback finishes it and tells the other tabs, LoggedOut says "You successfully logged out!".
 */
export function LogoutPage({ action }: { action: LogoutAction }) {
  if (action === LOGOUT_ACTIONS.loggedOut) return <LoggedOut />;
  if (action === LOGOUT_ACTIONS.logoutCallback) return <SignOutCallback />;
  return <SignOut />;
}

function useStepError(step: PageStep): string | null {
  const { t } = useTranslation('auth');
  if (step.kind !== 'error') return null;
  return step.reason === 'settings' ? t('errors.settings') : step.message;
}

function SignOut() {
  const { t } = useTranslation('auth');
  const auth = useAuthClient();
  const snapshot = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // A sign-out asked for from inside the app runs at once; a link from elsewhere asks first.
  const [confirmed, setConfirmed] = useState(() => isLocalSignOut(location.state));
  const [step, setStep] = useState<PageStep>({ kind: 'wait' });
  const settled = isSettled(snapshot);

  const signOut = useCallback(async () => {
    const result = await auth.signOut('/');
    const next = pageStep(result);
    if (next.kind === 'navigate') navigate(AUTH_PATHS.loggedOut, { replace: true });
    else setStep(next);
  }, [auth, navigate]);

  useEffect(() => {
    if (confirmed && settled) void signOut();
  }, [confirmed, settled, signOut]);

  const error = useStepError(step);
  if (error) {
    return (
      <AuthResult testId="sign-out-error" status="error" title={t('signOut.failedTitle')} subTitle={error} />
    );
  }
  if (!confirmed) {
    return (
      <AuthResult
        testId="sign-out-confirm"
        status="warning"
        icon={<LogoutOutlined />}
        title={t('signOut.confirmTitle')}
        subTitle={t('signOut.confirmText')}
        extra={
          <Flex gap={12} justify="center" wrap>
            <Button type="primary" danger icon={<LogoutOutlined />} onClick={() => setConfirmed(true)}>
              {t('signOut.confirm')}
            </Button>
            <LinkButton icon={<HomeOutlined />} to="/">
              {t('signOut.stay')}
            </LinkButton>
          </Flex>
        }
      />
    );
  }
  return <AuthProgress testId="sign-out-progress" title={t('signOut.inProgress')} />;
}

function SignOutCallback() {
  const { t } = useTranslation('auth');
  const auth = useAuthClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<PageStep>({ kind: 'wait' });

  useEffect(() => {
    let active = true;
    void auth
      .completeSignOut(`${window.location.origin}${location.pathname}${location.search}`)
      .then((result) => {
        if (!active) return;
        const next = pageStep(result);
        if (next.kind === 'navigate') navigate(AUTH_PATHS.loggedOut, { replace: true });
        else setStep(next);
      });
    return () => {
      active = false;
    };
  }, [auth, navigate, location.pathname, location.search]);

  const error = useStepError(step);
  if (error) {
    return (
      <AuthResult testId="sign-out-error" status="error" title={t('signOut.failedTitle')} subTitle={error} />
    );
  }
  return <AuthProgress testId="sign-out-progress" title={t('signOut.inProgress')} />;
}

function LoggedOut() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  return (
    <AuthResult
      testId="logged-out"
      status="success"
      title={t('signOut.done')}
      subTitle={t('signOut.doneText')}
      extra={
        <Flex gap={12} justify="center" wrap>
          <LinkButton type="primary" icon={<LoginOutlined />} to={AUTH_PATHS.manualLogin}>
            {t('signOut.signInAgain')}
          </LinkButton>
          <LinkButton icon={<HomeOutlined />} to="/">
            {tCommon('notFound.backHome')}
          </LinkButton>
        </Flex>
      }
    />
  );
}
