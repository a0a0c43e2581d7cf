import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { ROLE } from '#shared/roles.ts';
import { TWO_FACTOR_SETUP_PATH, useAccount } from '../lib/account.ts';
import { PageSpinner } from './page-spinner.tsx';
import { PermissionDenied } from './permission-denied.tsx';
import { QueryError } from './query-error.tsx';

/**
 * The admin back office is for the Admin role only; anyone else gets the 403 page. An administrator without
 * two-factor sign-in is sent to set it up. Place it inside AuthorizeRoute.
 */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const account = useAccount();
  if (account.isPending) return <PageSpinner />;
  if (account.isError) return <QueryError onRetry={() => void account.refetch()} />;
  if (!account.data.roles.includes(ROLE.admin)) return <PermissionDenied />;
  // The back office opens once the administrator signs in with a second factor: set it up first.
  if (!account.data.twoFactorEnabled) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  return children ?? <Outlet />;
}
