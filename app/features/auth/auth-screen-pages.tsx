import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { INVITE_QUERY_PARAMETER } from '#shared/invitations.ts';
import { AuthScreen } from './auth-screen.tsx';
import { rememberInviteCode } from './invite-code.ts';

/**
 * /authentication/register: the login screen in register mode. An invitation link's `?invite=CODE` is kept
 * (before the form reads it) for the registration, even one made later or after a detour through sign-in.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  useState(() => rememberInviteCode(params.get(INVITE_QUERY_PARAMETER)));
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
