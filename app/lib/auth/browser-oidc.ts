import {
  ErrorResponse,
  type SigninSilentArgs,
  type SignoutResponse,
  type User,
  UserManager,
  type UserManagerSettings,
} from 'oidc-client-ts';
import { type SubscriberConfiguration, subscriberConfiguration } from '#shared/schemas/auth.ts';
import { singleFlight } from './auth-state.ts';

// What the auth service needs from the browser and the identity provider, and the browser's own versions
// of it (tests give the service fakes instead).

/** The web app's OpenID Connect client id (spec §7: `GET /_configuration/SubscriberSys`). */
export const CLIENT_ID = 'SubscriberSys';
export const SETTINGS_URL = `/_configuration/${CLIENT_ID}`;
/** Name of the BroadcastChannel on which a tab tells the others that it signed out. */
export const AUTH_CHANNEL = 'portal-auth';
/** The call that tells whether the session behind the stored tokens is still open (401 when it ended). */
export const SESSION_PROBE_URL = '/api/PersonalInfo/UserVo';

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
  /** Stops renewing the stored tokens by itself (they are about to be revoked). */
  stopSilentRenew(): void;
  signinSilent(): Promise<User | null>;
  signinRedirect(args: { state: unknown }): Promise<void>;
  signinCallback(url: string): Promise<User | undefined>;
  signinSilentCallback(url: string): Promise<void>;
  signoutRedirect(args: { id_token_hint: string | undefined; state: unknown }): Promise<void>;
  signoutCallback(url: string): Promise<SignoutResponse | undefined>;
}

/**
 * Marks, in the tab's storage, the refresh token a renewal is spending. A page that leaves while the token
 * endpoint answers loses the answer (and the rotated token in it); the next load then finds the mark on
 * the token it still holds and knows the provider may already have used it up.
 */
const RENEWAL_MARK_KEY = 'portal.renewal-spends';

/** The end of a refresh token: enough to recognise it, without a second copy of the credential. */
const tokenMark = (refreshToken: string) => refreshToken.slice(-12);

/** A UserManager whose silent renewals never overlap (rotating refresh tokens are single use). */
class PortalUserManager extends UserManager {
  private readonly renewOnce = singleFlight(() => this.renew());

  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    if (args && Object.keys(args).length > 0) return super.signinSilent(args);
    return this.renewOnce();
  }

  private async renew(): Promise<User | null> {
    const before = await this.getUser();
    const refreshToken = before?.refresh_token;
    // A refresh token a previous page was spending when it left may be used up: spending it again would be
    // refused, and the provider would revoke the grant. The prompt=none frame renews through the provider's
    // session instead.
    if (refreshToken && readMark() === tokenMark(refreshToken)) {
      try {
        return await super.signinSilent({ forceIframeAuth: true });
      } finally {
        writeMark(undefined);
      }
    }
    if (refreshToken) writeMark(tokenMark(refreshToken));
    let renewed: User | null;
    try {
      renewed = await super.signinSilent();
    } catch (error) {
      // No answer (the page is leaving, the network failed): the provider may have spent the token, so the
      // mark stays for the next attempt.
      if (!(error instanceof ErrorResponse)) throw error;
      writeMark(undefined);
      // The refresh token was refused (revoked, or used up by a tab that copied this tab's storage) but the
      // provider session may still be open: ask the prompt=none frame once before giving up.
      if (refreshToken) return super.signinSilent({ forceIframeAuth: true });
      throw error;
    }
    writeMark(undefined);
    return renewed;
  }
}

function readMark(): string | null {
  try {
    return window.sessionStorage.getItem(RENEWAL_MARK_KEY);
  } catch {
    return null;
  }
}

function writeMark(mark: string | undefined): void {
  try {
    if (mark === undefined) window.sessionStorage.removeItem(RENEWAL_MARK_KEY);
    else window.sessionStorage.setItem(RENEWAL_MARK_KEY, mark);
  } catch {
    // Storage refused (private mode quota): renewals work as before, without the mark.
  }
}

export interface CrossTabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface AuthServiceDeps {
  loadSettings: () => Promise<SubscriberConfiguration>;
  createManager: (settings: UserManagerSettings) => OidcManager;
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

async function fetchSettings(): Promise<SubscriberConfiguration> {
  let response: Response;
  try {
    response = await fetch(SETTINGS_URL, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new SettingsError(String(error));
  }
  if (!response.ok) throw new SettingsError(`HTTP ${response.status}`);
  const parsed = subscriberConfiguration.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SettingsError('invalid settings');
  return parsed.data;
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

export const browserDeps: AuthServiceDeps = {
  loadSettings: fetchSettings,
  createManager: (settings) => new PortalUserManager(settings),
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
