import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ROLE } from '#shared/roles.ts';
import { useAccount } from '../lib/account.ts';
import { PageSpinner } from './page-spinner.tsx';
import { PermissionDenied } from './permission-denied.tsx';
import { QueryError } from './query-error.tsx';

/** The admin back office is for the Admin role only; anyone else gets the 403 page. Place it inside AuthorizeRoute. */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const account = useAccount();
  if (account.isPending) return <PageSpinner />;
  if (account.isError) return <QueryError onRetry={() => void account.refetch()} />;
  if (!account.data.roles.includes(ROLE.admin)) return <PermissionDenied />;
  return children ?? <Outlet />;
}
