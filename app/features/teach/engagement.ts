import { useAccount } from '../../lib/account.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';

/** What the person may do with likes, collections and comments (members only, spec §6). */
export type Engagement = 'member' | 'signed-out' | 'not-member' | 'unknown';

export function useEngagement(): Engagement {
  const auth = useAuth();
  const account = useAccount();
  if (auth.status === 'anonymous') return 'signed-out';
  if (auth.status !== 'authenticated' || !account.data) return 'unknown';
  return account.data.isMember ? 'member' : 'not-member';
}
