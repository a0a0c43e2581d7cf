import type { SignoutResponse, User, UserManagerSettings } from 'oidc-client-ts';
import type { SubscriberConfiguration } from '#shared/schemas/auth.ts';
import { hasStoredSession } from './stored-session.ts';

// What the auth service needs from the browser and the identity provider, and the browser's own versions
// of it (tests give the service fakes instead). The OpenID Connect client itself is in oidc-client.ts,
// downloaded when a tab first needs it: a visitor who never signed in in this tab does not load it.

/** The web app's OpenID Connect client id (spec §7: `GET /_configuration/SubscriberSys`). */
export const CLIENT_ID = 'SubscriberSys';
export const SETTINGS_URL = `/_configuration/${CLIENT_ID}`;
/** Name of the BroadcastChannel on which a tab tells the others that it signed out. */
export const AUTH_CHANNEL = 'portal-auth';
/** The call that tells whether the session behind the stored tokens is still open (401 when it ended). */
export const SESSION_PROBE_URL = '/api/PersonalInfo/UserVo';

export { OIDC_STORE_PREFIX } from './stored-session.ts';

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** The part of oidc-client-ts' UserManager the service uses (a fake stands in for it in tests). */
export interface OidcManager {
  readonly events: {
    addUserLoaded(callback: (user: User) => void): () => void;
    addUserUnloaded(callback: () => void): () => void;
    addSilentRenewError(callback: (error: Error) => void): () => void;
  };
  getUser(): Promise<User | null>;
  removeUser(): Promise<void>;
  /**
   * Stops renewing the stored tokens (they are about to be revoked) and resolves once a renewal under way
   * has finished, so that no refresh reaches the provider after the sign-out.
   */
  stopRenewals(): Promise<void>;
  /** Renews again after a sign-out that could not start (and lets other tabs renew again). */
  resumeRenewals(): void;
  /**
   * Waits, at most `timeoutMs`, until no tab of this origin is renewing, and keeps the other tabs from
   * renewing until this page has left (or resumeRenewals). Resolves at once where Web Locks are missing.
   */
  holdRenewalsEverywhere(timeoutMs: number): Promise<void>;
  signinSilent(): Promise<User | null>;
  signinRedirect(args: { state: unknown }): Promise<void>;
  signinCallback(url: string): Promise<User | undefined>;
  signinSilentCallback(url: string): Promise<void>;
  signoutRedirect(args: { id_token_hint: string | undefined; state: unknown }): Promise<void>;
  signoutCallback(url: string): Promise<SignoutResponse | undefined>;
}

export interface CrossTabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface AuthServiceDeps {
  loadSettings: () => Promise<SubscriberConfiguration>;
  /** The manager for these settings; the browser's keeps its tokens in the tab's sessionStorage. */
  createManager: (settings: UserManagerSettings) => OidcManager | Promise<OidcManager>;
  /** True when this tab holds what a sign-in left (tokens, or a sign-in under way). */
  hasStoredSession: () => boolean;
  origin: () => string;
  /** The path of the page the app runs on. */
  currentPath: () => string;
  /** True inside the hidden silent sign-in frame, which must not renew or watch anything itself. */
  inFrame: () => boolean;
  openChannel: () => CrossTabChannel | null;
  /** Asks the API whether the session behind a token is still open. */
  probeSession: (accessToken: string) => Promise<'open' | 'ended' | 'unknown'>;
  /** Resolves after so many milliseconds (tests skip the wait). */
  wait: (ms: number) => Promise<void>;
}

async function probeSession(accessToken: string): Promise<'open' | 'ended' | 'unknown'> {
  try {
    const response = await fetch(SESSION_PROBE_URL, { headers: { authorization: `Bearer ${accessToken}` } });
    if (response.status === 401) return 'ended';
    return response.ok ? 'open' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The OpenID Connect client (oidc-client-ts and the settings' schema), loaded when a tab first needs it. */
const oidcClient = () => import('./oidc-client.ts');

export const browserDeps: AuthServiceDeps = {
  loadSettings: async () => (await oidcClient()).fetchSettings(),
  createManager: async (settings) => (await oidcClient()).createBrowserManager(settings),
  hasStoredSession,
  origin: () => window.location.origin,
  currentPath: () => window.location.pathname,
  inFrame: () => {
    try {
      return window.self !== window.top;
    } catch {
      return true;
    }
  },
  openChannel: () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL)),
  probeSession,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
