import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Heading, Paragraph } from '../../components/prose.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAuthClient } from '../../lib/auth/auth-context.tsx';
import { loginPath } from '../../lib/auth/auth-paths.ts';
import { AuthenticationResultStatus } from '../../lib/auth/auth-state.ts';
import { pendingReturnUrl } from '../../lib/auth/return-url.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { currentLocale, loadTexts } from '../../lib/i18n.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { LoginForm } from './login-form.tsx';

// The registration form, with its terms of use and restricted-regions notice in both languages and the
// dialog that shows them, downloads when the register mode opens: most visits of this screen sign in.
// Its texts (it offers an invitation code) download beside it.
const RegisterForm = lazy(() =>
  Promise.all([import('./register-form.tsx'), loadTexts(currentLocale(), ['invitation'])]).then(
    ([module]) => ({
      default: module.RegisterForm,
    }),
  ),
);

// The forgotten-password forms (asking for the mail, then choosing a new password from its link) download
// when their mode opens.
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form.tsx').then((module) => ({ default: module.ForgotPasswordForm })),
);
const ResetPasswordForm = lazy(() =>
  import('./reset-password-form.tsx').then((module) => ({ default: module.ResetPasswordForm })),
);

// The illustrated slides (antd's Carousel and its slider) show beside the form on wide screens only
// (styles.css, .auth-screen-carousel): a phone never downloads them.
const AuthCarousel = lazy(() =>
  import('./auth-carousel.tsx').then((module) => ({ default: module.AuthCarousel })),
);
/** Where styles.css shows the slides (.auth-screen-carousel). */
const WIDE_SCREEN = '(min-width: 992px)';

export type AuthMode = 'login' | 'register' | 'forgot';

interface AuthScreenProps {
  initialMode: AuthMode;
  /** The provider's interaction: signing in is possible only inside one (the login mode needs it). */
  interaction: string | null;
  notice?: string | null;
  /** Step two of the forgot-password mode: the mailed link's code and user. */
  reset?: { code: string; userId: string } | null;
}

/**
 * The login screen of spec §2: the carousel on the left, on the right a card switching among login,
 * register and forgot-password modes (one screen, three modes).
 */
export function AuthScreen({ initialMode, interaction, notice = null, reset = null }: AuthScreenProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const navigate = useNavigate();
  const auth = useAuthClient();
  const { message } = useFeedback();

  const backToLogin = () => {
    if (interaction) setMode('login');
    // Outside a sign-in flow (registration or recovery opened from a link): start one, returning to where
    // the person was going before the detour.
    else navigate(loginPath(pendingReturnUrl(window.location.origin)));
  };

  const restart = () => {
    void message.info(t('login.restarting'));
    void auth.signInRedirect(pendingReturnUrl(window.location.origin)).then((result) => {
      if (result.status === AuthenticationResultStatus.fail) {
        void message.error(result.reason === 'settings' ? t('errors.settings') : result.message);
      }
    });
  };

  const heading =
    mode === 'login'
      ? t('login.title')
      : mode === 'register'
        ? t('register.title')
        : reset
          ? t('reset.title')
          : t('forgot.title');
  const subtitle =
    mode === 'login'
      ? t('login.subtitle')
      : mode === 'register'
        ? t('register.subtitle')
        : reset
          ? t('reset.subtitle')
          : t('forgot.subtitle');

  return (
    <div className="auth-screen" data-testid="auth-screen" data-mode={mode}>
      <title>{`${heading} · ${tCommon('product.name')}`}</title>
      <div className="auth-screen-carousel">
        {wide ? (
          <Suspense fallback={null}>
            <AuthCarousel />
          </Suspense>
        ) : null}
      </div>
      <div className="auth-screen-form">
        <div style={{ width: '100%', maxWidth: 400, margin: '0 auto' }}>
          <Heading level={2} style={{ marginTop: 0, marginBottom: 6 }} testId="auth-heading">
            {heading}
          </Heading>
          <Paragraph secondary style={{ marginBottom: 28 }}>
            {subtitle}
          </Paragraph>
          {mode === 'login' ? (
            <LoginForm
              notice={notice}
              onForgot={() => setMode('forgot')}
              onRegister={() => setMode('register')}
              onRestart={restart}
            />
          ) : (
            <Suspense
              fallback={
                <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
                  <Spinner label={tCommon('loading')} />
                </div>
              }
            >
              {mode === 'register' ? (
                <RegisterForm onBackToLogin={backToLogin} />
              ) : reset ? (
                <ResetPasswordForm code={reset.code} userId={reset.userId} onBackToLogin={backToLogin} />
              ) : (
                <ForgotPasswordForm onBackToLogin={backToLogin} />
              )}
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
