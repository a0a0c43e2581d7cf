import { HomeOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { message } from '#shared/messages.ts';
import { confirmEmailRequest } from '#shared/schemas/auth.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { AUTH_PATHS, loginPath } from '../../lib/auth/auth-paths.ts';
import { pendingReturnUrl } from '../../lib/auth/return-url.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AuthProgress, AuthResult } from './auth-card.tsx';

/** /authentication/confirm-email?userId&code: the link of the confirmation mail (new account or new e-mail). */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const api = useApiClient();
  const auth = useAuth();
  const userId = params.get('userId') ?? '';
  const code = params.get('code') ?? '';
  const valid = confirmEmailRequest.safeParse({ userId, code }).success;

  const confirm = useMutation({
    mutationFn: (body: { userId: string; code: string }) =>
      api.post('/Auth/ConfirmEmail', body, { anonymous: true, quiet: true }),
  });
  // The code is single use: post it once, even when React runs the effect twice in development.
  const posted = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!valid || posted.current === code) return;
    posted.current = code;
    mutate({ userId, code });
  }, [valid, userId, code, mutate]);

  const signedIn = auth.status === 'authenticated';
  const actions = (
    <Flex gap={12} justify="center" wrap>
      {signedIn ? (
        <LinkButton
          type="primary"
          icon={<UserOutlined />}
          to={AUTH_PATHS.personalInfo}
          data-testid="confirm-account"
        >
          {t('confirm.toAccount')}
        </LinkButton>
      ) : (
        <LinkButton
          type="primary"
          icon={<LoginOutlined />}
          to={loginPath(pendingReturnUrl(window.location.origin))}
          data-testid="confirm-sign-in"
        >
          {t('confirm.signIn')}
        </LinkButton>
      )}
      <LinkButton icon={<HomeOutlined />} to="/">
        {tCommon('notFound.backHome')}
      </LinkButton>
    </Flex>
  );

  if (!valid || confirm.isError) {
    const reason =
      confirm.error instanceof ApiError && confirm.error.messages.length
        ? confirm.error.messages.join(' ')
        : message('confirmLinkInvalid', currentLocale());
    return (
      <AuthResult
        testId="confirm-email-error"
        status="error"
        title={t('confirm.failedTitle')}
        subTitle={reason}
        extra={actions}
      />
    );
  }
  if (!confirm.data) return <AuthProgress testId="confirm-email-progress" title={t('confirm.inProgress')} />;
  const changed = confirm.data.outcome === 'email-changed';
  return (
    <AuthResult
      testId="confirm-email-done"
      status="success"
      title={changed ? t('confirm.changedTitle') : t('confirm.confirmedTitle')}
      subTitle={changed ? t('confirm.changedText') : t('confirm.confirmedText')}
      extra={actions}
    />
  );
}
