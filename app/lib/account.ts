import { useQuery } from '@tanstack/react-query';
import { USER_QUERY_PREFIX, useAuth } from './auth/auth-context.tsx';
import { useApiClient } from './use-api.ts';

/** Where an administrator without two-factor sign-in is sent before the back office opens. */
export const TWO_FACTOR_SETUP_PATH = '/personal/safeset?twoFactor=required';

/** Query keys of the signed-in person's data; all start with USER_QUERY_PREFIX so sign-out drops them. */
export const accountKeys = {
  info: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'personal-info'] as const,
  avatar: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'user-vo'] as const,
  sessions: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'sessions'] as const,
  twoFactor: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'two-factor'] as const,
};

/**
 * The signed-in person's profile (GET /api/PersonalInfo/GetPersonalInfo): roles, membership and expiry read
 * fresh by the server, so guards and menus follow an admin's changes.
 */
export function useAccount() {
  const auth = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: accountKeys.info(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/PersonalInfo/GetPersonalInfo', { signal }),
    enabled: auth.status === 'authenticated',
  });
}

/** The avatar of the header (GET /api/PersonalInfo/UserVo). */
export function useAvatar() {
  const auth = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: accountKeys.avatar(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/PersonalInfo/UserVo', { signal }),
    enabled: auth.status === 'authenticated',
  });
}
