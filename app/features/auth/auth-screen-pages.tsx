import { useSearchParams } from 'react-router';
import { AuthScreen } from './auth-screen.tsx';

/** /authentication/register: the login screen in register mode. */
export function RegisterPage() {
  return <AuthScreen initialMode="register" interaction={null} />;
}

/**
 * /authentication/forgotpassword: the login screen in forgot-password mode; with `code` and `userId` (the
 * mailed link) it is step two, setting the new password.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const userId = params.get('userId');
  const reset = code && userId ? { code, userId } : null;
  return (
    <AuthScreen key={reset ? 'reset' : 'forgot'} initialMode="forgot" interaction={null} reset={reset} />
  );
}
