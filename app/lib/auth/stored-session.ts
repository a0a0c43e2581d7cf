/** The prefix of what oidc-client-ts keeps in the tab's sessionStorage (its default). */
export const OIDC_STORE_PREFIX = 'oidc.';

/**
 * Whether this tab holds a session's tokens (they may have expired or been revoked since). Read without the
 * sign-in client, so that a tab without a session does not download it.
 */
export function hasStoredSession(): boolean {
  try {
    return Object.keys(window.sessionStorage).some((key) => key.startsWith(OIDC_STORE_PREFIX));
  } catch {
    return false;
  }
}
