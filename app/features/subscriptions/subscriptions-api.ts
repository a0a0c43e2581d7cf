import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addOrUpdateSubscriptionsRequest } from '#shared/schemas/advisories.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { applySubscriptionChange, type SubscriptionKeys } from '../../lib/hub/hub-cache.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

/**
 * POST /api/Subscription/AddOrUpdateSubscriptions. The answer updates the list at once; the hub then sends
 * AdvisorySubChanged (to every tab of the member) and the new strategy feed.
 */
export function useSetSubscription() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const sub = useAuth().user?.sub;
  return useMutation({
    mutationFn: (body: z.input<typeof addOrUpdateSubscriptionsRequest>) =>
      api.post('/api/Subscription/AddOrUpdateSubscriptions', body),
    onSuccess: (saved) =>
      queryClient.setQueryData<SubscriptionKeys>(hubKeys.subscriptions(sub), (current) =>
        applySubscriptionChange(current, {
          key: { id: saved.id, keyName: saved.keyName },
          subscribed: saved.subscribed,
        }),
      ),
  });
}
