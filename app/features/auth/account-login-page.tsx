import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthClient } from '../../lib/auth/auth-context.tsx';
import { QUERY_PARAMETERS } from '../../lib/auth/auth-paths.ts';
import { failResult, type PageStep, pageStep } from '../../lib/auth/auth-state.ts';
import {
  checkReturnUrl,
  forgetLoginMessage,
  InvalidReturnUrlError,
  keepLoginMessage,
  peekLoginMessage,
} from '../../lib/auth/return-url.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AuthProgress, AuthResult } from './auth-card.tsx';
import { AuthScreen } from './auth-screen.tsx';

/**
 * The manual login page /Account/Login (LoginManual): with the provider's `interaction` it is the login
 * screen; without one it starts the provider's sign-in flow itself, keeping `message` to show when the
 * provider brings the person back.
 */
export function AccountLoginPage() {
  const [params] = useSearchParams();
  const interaction = params.get(QUERY_PARAMETERS.interaction);
  if (interaction)
    return <InteractionLogin interaction={interaction} message={params.get(QUERY_PARAMETERS.message)} />;
  return (
    <StartSignIn
      returnUrl={params.get(QUERY_PARAMETERS.returnUrl)}
      message={params.get(QUERY_PARAMETERS.message)}
    />
  );
}

function InteractionLogin({ interaction, message }: { interaction: string; message: string | null }) {
  const [notice] = useState(() => message ?? peekLoginMessage());
  useEffect(() => {
    forgetLoginMessage();
  }, []);
  return <AuthScreen initialMode="login" interaction={interaction} notice={notice} />;
}

function StartSignIn({ returnUrl, message }: { returnUrl: string | null; message: string | null }) {
  const { t } = useTranslation('auth');
  const auth = useAuthClient();
  const [step, setStep] = useState<PageStep>({ kind: 'wait' });

  useEffect(() => {
    let active = true;
    const run = async () => {
      let target: string;
      try {
        target = checkReturnUrl(returnUrl, window.location.origin);
      } catch (error) {
        if (error instanceof InvalidReturnUrlError) return failResult('invalid-return-url', error.message);
        throw error;
      }
      if (message) keepLoginMessage(message);
      return auth.signInRedirect(target);
    };
    void run().then((result) => {
      if (active) setStep(pageStep(result));
    });
    return () => {
      active = false;
    };
  }, [auth, returnUrl, message]);

  if (step.kind === 'error') {
    const text =
      step.reason === 'settings'
        ? t('errors.settings')
        : step.reason === 'invalid-return-url'
          ? t('errors.invalidReturnUrl')
          : step.message;
    return (
      <AuthResult testId="sign-in-error" status="error" title={t('signIn.failedTitle')} subTitle={text} />
    );
  }
  return <AuthProgress testId="sign-in-progress" title={t('signIn.starting')} />;
}
