import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReverseRewardRequest, UpdateInvitationSettingsRequest } from '#shared/schemas/invitations.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// The invitation reward's settings and the rewards granted (/api/Invitation/... for admins).

export const SETTINGS_FIELDS = ['creditAmount', 'daysAmount'] as const;
export const REVERSE_FIELDS = ['reason'] as const;
export const REWARDS_PAGE_SIZE = 50;

export interface RewardsParams {
  current: number;
  search: string;
  status: 'granted' | 'reversed' | null;
}

export const invitationAdminKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-invitation'] as const,
  settings: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-invitation', 'settings'] as const,
  rewards: (sub: string | undefined, params: RewardsParams) =>
    [USER_QUERY_PREFIX, sub, 'admin-invitation', 'rewards', params] as const,
};

export function useInvitationSettings() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: invitationAdminKeys.settings(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/Invitation/Settings', { signal }),
    staleTime: 0,
  });
}

export function useUpdateInvitationSettings() {
  const api = useApiClient();
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInvitationSettingsRequest) =>
      api.post('/api/Invitation/UpdateSettings', body, { formFields: SETTINGS_FIELDS }),
    onSuccess: (saved) => queryClient.setQueryData(invitationAdminKeys.settings(auth.user?.sub), saved),
  });
}

export function useRewards(params: RewardsParams) {
  const api = useApiClient();
  const auth = useAuth();
  const search = params.search.trim();
  return useQuery({
    queryKey: invitationAdminKeys.rewards(auth.user?.sub, params),
    queryFn: ({ signal }) =>
      api.get('/api/Invitation/Rewards', {
        query: {
          current: params.current,
          pageSize: REWARDS_PAGE_SIZE,
          ...(search ? { search } : {}),
          ...(params.status ? { status: params.status } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Quiet: the page asks before a reversal takes the inviter below 0, and shows other refusals itself. */
export function useReverseReward() {
  const api = useApiClient();
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReverseRewardRequest) =>
      api.post('/api/Invitation/ReverseReward', body, { formFields: REVERSE_FIELDS, quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationAdminKeys.all(auth.user?.sub) }),
  });
}
