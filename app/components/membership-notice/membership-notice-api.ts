import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingMembershipNotice } from '#shared/schemas/membership.ts';
import { USER_QUERY_PREFIX } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// The signed-in person's membership notice (GET /api/MembershipNotice/Pending), read once a visit, and its
// dismissal, which the server keeps (another device does not show it again).

export const membershipNoticeKey = (sub: string | undefined) =>
  [USER_QUERY_PREFIX, sub, 'membership-notice'] as const;

export function usePendingMembershipNotice(sub: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: membershipNoticeKey(sub),
    queryFn: ({ signal }) => api.get('/api/MembershipNotice/Pending', { signal, quiet: true }),
    enabled: sub !== undefined,
    // Once a visit: a page load reads it again.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useDismissMembershipNotice(sub: string | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notice: NonNullable<PendingMembershipNotice['notice']>) =>
      api.post(
        '/api/MembershipNotice/Dismiss',
        { kind: notice.kind, expiryDate: notice.expiryDate },
        { quiet: true },
      ),
    // Closed at once on screen; a dismissal that did not reach the server shows again on the next visit.
    onMutate: () =>
      queryClient.setQueryData<PendingMembershipNotice>(membershipNoticeKey(sub), (current) =>
        current ? { ...current, notice: null } : current,
      ),
  });
}
