import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { followRequest } from '#shared/schemas/advisories.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import type { MyReactions } from '../../lib/hub/hub-queries.ts';
import { useApiClient } from '../../lib/use-api.ts';

/**
 * POST /api/AdvisoryFeedBack/Follow: the member's one reaction to a strategy (changeable). The counts come
 * back through the hub (LoadAdvisoryCount); the member's own choice updates GET /api/AdvisoryFeedBack/Mine's cache.
 */
export function useReact() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const sub = useAuth().user?.sub;
  return useMutation({
    mutationFn: (body: z.input<typeof followRequest>) => api.post('/api/AdvisoryFeedBack/Follow', body),
    onSuccess: async (_answer, body) => {
      // A first load still under way would otherwise overwrite the new choice with the old answer.
      await queryClient.cancelQueries({ queryKey: hubKeys.reactions(sub) });
      queryClient.setQueryData<MyReactions>(hubKeys.reactions(sub), (current) => ({
        ...current,
        [String(body.advisoryId)]: body.kind,
      }));
    },
  });
}
