import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAccount } from '../lib/account.ts';
import { PageSpinner } from './page-spinner.tsx';
import { QueryError } from './query-error.tsx';

// The notice draws antd's Result: members, who never see it, do not download it.
const NotMemberNotice = lazy(async () => ({
  default: (await import('./not-member-notice.tsx')).NotMemberNotice,
}));

/**
 * Members-only content (spec §6). A member holds at least one role and, unless an Admin, a membership that
 * has not expired; the server decides (`isMember` of the profile), so an admin's change applies at once.
 * Place it inside AuthorizeRoute.
 */
export function MembersOnly({ children }: { children?: ReactNode }) {
  const account = useAccount();
  if (account.isPending) return <PageSpinner />;
  if (account.isError) return <QueryError onRetry={() => void account.refetch()} />;
  if (!account.data.isMember) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <NotMemberNotice />
      </Suspense>
    );
  }
  return children ?? <Outlet />;
}
