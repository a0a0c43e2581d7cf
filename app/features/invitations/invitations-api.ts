import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// The signed-in person's invitation rebate and credit ledger (/api/Invitation/..., /api/Credit/Mine), under
// their query prefix (signing out drops them). Read fresh on every visit: rewards come from admins' grants.

export const INVITEES_PAGE_SIZE = 10;
export const LEDGER_PAGE_SIZE = 10;

export const invitationKeys = {
  summary: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'invitation', 'summary'] as const,
  invitees: (sub: string | undefined, page: number) =>
    [USER_QUERY_PREFIX, sub, 'invitation', 'invitees', page] as const,
  credit: (sub: string | undefined, page: number) => [USER_QUERY_PREFIX, sub, 'credit', page] as const,
};

export function useInvitationSummary() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: invitationKeys.summary(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/Invitation/Mine', { signal }),
    staleTime: 0,
  });
}

export function useInvitees(page: number) {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: invitationKeys.invitees(auth.user?.sub, page),
    queryFn: ({ signal }) =>
      api.get('/api/Invitation/Invitees', { query: { current: page, pageSize: INVITEES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMyCredit(page: number) {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: invitationKeys.credit(auth.user?.sub, page),
    queryFn: ({ signal }) =>
      api.get('/api/Credit/Mine', { query: { current: page, pageSize: LEDGER_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
