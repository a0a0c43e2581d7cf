import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth/auth-context.tsx';
import { loginPath } from '../lib/auth/auth-paths.ts';
import { isSettled } from '../lib/auth/auth-state.ts';
import { currentReturnUrl } from '../lib/auth/return-url.ts';
import { PageSpinner } from './page-spinner.tsx';

/**
 * Spec §2: a guarded route sends a person who is not signed in to the login route with the return URL. It
 * re-evaluates on every change of the authentication state (a sign-out here or in another tab, a failed
 * renewal, an ended session).
 */
export function AuthorizeRoute({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (!isSettled(auth)) return <PageSpinner />;
  if (auth.status !== 'authenticated') {
    return <Navigate to={loginPath(currentReturnUrl(location))} replace />;
  }
  return children ?? <Outlet />;
}
