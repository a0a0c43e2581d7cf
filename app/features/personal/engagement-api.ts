import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

/** GET /api/AdvisoryFeedBack/MyEngagements' query (shared/schemas/advisories.ts engagementQuery). */
export type EngagementQuery = { kind?: 1 | 2 | 3; keyId?: number; current: number; pageSize: number };

/**
 * One page of the strategies the member reacted to (GET /api/AdvisoryFeedBack/MyEngagements), read on every
 * visit and again whenever the member's reaction changes, here, in another tab or on another device.
 */
export function useEngagements(query: EngagementQuery) {
  const api = useApiClient();
  const auth = useAuth();
  const sub = auth.status === 'authenticated' ? auth.user?.sub : undefined;
  return useQuery({
    queryKey: hubKeys.engagementList(sub, query),
    queryFn: ({ signal }) => api.get('/api/AdvisoryFeedBack/MyEngagements', { query, signal }),
    enabled: sub !== undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
