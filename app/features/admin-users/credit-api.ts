import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustCreditRequest } from '#shared/schemas/credit.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';
import { adminUsersKeys } from './admin-users-api.ts';

// A user's credit ledger and the admins' adjustments (/api/Credit/Ledger, /api/Credit/Adjust).

export const ADJUST_FIELDS = ['amount', 'reason'] as const;
export const USER_LEDGER_PAGE_SIZE = 10;

const ledgerKey = (sub: string | undefined, userId: string, page: number) =>
  [...adminUsersKeys.all(sub), 'credit', userId, page] as const;

export function useUserLedger(userId: string, page: number) {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: ledgerKey(auth.user?.sub, userId, page),
    queryFn: ({ signal }) =>
      api.get('/api/Credit/Ledger', {
        query: { userId, current: page, pageSize: USER_LEDGER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Quiet: a change that would go below 0 is asked about first; other refusals the form shows itself. */
export function useAdjustCredit() {
  const api = useApiClient();
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustCreditRequest) =>
      api.post('/api/Credit/Adjust', body, { formFields: ADJUST_FIELDS, quiet: true }),
    // The balance shows in the list and detail too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.all(auth.user?.sub) }),
        queryClient.invalidateQueries({ queryKey: [USER_QUERY_PREFIX, auth.user?.sub, 'personal-info'] }),
      ]),
  });
}
