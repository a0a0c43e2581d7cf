import { useEffect } from 'react';
import { useAuthClient } from '../../lib/auth/auth-context.tsx';

/**
 * /authentication/silent-callback runs inside the hidden frame of a silent sign-in: it hands the provider's
 * answer to the parent tab (signinSilentCallback) and shows nothing.
 */
export function SilentCallbackPage() {
  const auth = useAuthClient();
  useEffect(() => {
    void auth.completeSilentSignIn(window.location.href).catch(() => undefined);
  }, [auth]);
  return null;
}
