import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { type AuthClient, authService } from './auth-service.ts';
import type { AuthSnapshot } from './auth-state.ts';

const AuthContext = createContext<AuthClient>(authService);

/** Query keys under this prefix belong to the signed-in person; they are dropped when the person changes. */
export const USER_QUERY_PREFIX = 'me';

/**
 * Provides the authentication client (the real service, or a fake in tests), starts it, and forgets the
 * signed-in person's cached data when they sign out or another person signs in.
 */
export function AuthProvider({
  client = authService,
  children,
}: {
  client?: AuthClient;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  const sub = snapshot.user?.sub ?? null;
  const previousSub = useRef(sub);

  useEffect(() => {
    client.start();
  }, [client]);

  useEffect(() => {
    if (previousSub.current !== sub) {
      // Only other people's data goes. The new person's queries were started by the pages in this same
      // commit (children's effects run first); removing them would cancel their requests and leave the
      // pages waiting forever.
      queryClient.removeQueries({
        queryKey: [USER_QUERY_PREFIX],
        predicate: (query) => (query.queryKey[1] ?? null) !== sub,
      });
      previousSub.current = sub;
    }
  }, [sub, queryClient]);

  return <AuthContext value={client}>{children}</AuthContext>;
}

export function useAuthClient(): AuthClient {
  return useContext(AuthContext);
}

/** The authentication state; components re-render (and route guards re-evaluate) on every change. */
export function useAuth(): AuthSnapshot {
  const client = useAuthClient();
  return useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
}
