import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { followRequest } from '#shared/schemas/advisories.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { rememberReactionChange } from '../../lib/hub/hub-reactions.ts';
import { useApiClient } from '../../lib/use-api.ts';

// The member's reaction to a strategy, as the trading page and the engagement page change it. The counts come
// back through the hub (LoadAdvisoryCount); the member's own choice is written into the caches at once here,
// and reaches the member's other tabs and devices through the hub (AdvisoryReactionChanged).

/** POST /api/AdvisoryFeedBack/Follow: the member's one reaction to a strategy (changeable). */
export function useReact() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const sub = useAuth().user?.sub;
  return useMutation({
    mutationFn: (body: z.input<typeof followRequest>) => api.post('/api/AdvisoryFeedBack/Follow', body),
    onSuccess: (_answer, body) => rememberReactionChange(queryClient, sub, body),
  });
}

/** POST /api/AdvisoryFeedBack/Withdraw: the member takes their reaction back. */
export function useWithdrawReaction() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const sub = useAuth().user?.sub;
  return useMutation({
    mutationFn: (advisoryId: number) => api.post('/api/AdvisoryFeedBack/Withdraw', { advisoryId }),
    onSuccess: (_answer, advisoryId) => rememberReactionChange(queryClient, sub, { advisoryId, kind: null }),
  });
}
