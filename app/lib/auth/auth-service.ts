import type { UserManagerSettings } from 'oidc-client-ts';
import type { SubscriberConfiguration } from '#shared/schemas/auth.ts';
import {
  type AuthEvent,
  type AuthenticationResult,
  type AuthSnapshot,
  authReducer,
  failResult,
  INITIAL_AUTH_STATE,
  redirectResult,
  successResult,
  toAuthUser,
} from './auth-state.ts';
import {
  type AuthServiceDeps,
  browserDeps,
  type CrossTabChannel,
  type OidcManager,
  SettingsError,
} from './browser-oidc.ts';
import { checkReturnUrl, forgetReturnUrl, InvalidReturnUrlError, rememberReturnUrl } from './return-url.ts';

/** What the app needs from authentication; AuthService is the real one, tests use a fake. */
export interface AuthClient {
  /** Reads the settings and the stored user and starts watching for sign-outs. Idempotent. */
  start(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): AuthSnapshot;
  /** The access token for an API call, renewed silently first when it is about to expire; null when signed out. */
  getAccessToken(): Promise<string | null>;
  /**
   * The API refused `rejected` (401). A token that expired on its way is not an ended session: answers a
   * newer token (the one stored since, or a silent renewal's), or null when there is none (the provider
   * refused the renewal). Rejects when the renewal got no answer, which says nothing of the session.
   */
  renewAccessToken(rejected: string): Promise<string | null>;
  /**
   * Spec §4 sign-in: silently first (refresh token, else a prompt=none frame), otherwise by redirect.
   * Throws InvalidReturnUrlError when the return URL is not of this origin.
   */
  signIn(returnUrl: string): Promise<AuthenticationResult>;
  /** Starts the provider's sign-in flow by redirect (the manual login page without an interaction). */
  signInRedirect(returnUrl: string): Promise<AuthenticationResult>;
  /** Finishes a redirect sign-in on /authentication/login-callback. */
  completeSignIn(url: string): Promise<AuthenticationResult>;
  /** Answers the hidden frame of a silent sign-in (/authentication/silent-callback). */
  completeSilentSignIn(url: string): Promise<void>;
  /** Sign-out by redirect to the provider's end-session endpoint (popup sign-out is disabled). */
  signOut(returnUrl: string): Promise<AuthenticationResult>;
  /** Finishes the sign-out on /authentication/logout-callback and tells the other tabs. */
  completeSignOut(url: string): Promise<AuthenticationResult>;
  /** The API said the session has ended (401): forget the stored user. */
  endLocalSession(): Promise<void>;
}

export {
  AUTH_CHANNEL,
  type AuthServiceDeps,
  CLIENT_ID,
  type OidcManager,
  SESSION_PROBE_URL,
  SETTINGS_URL,
  SettingsError,
} from './browser-oidc.ts';

/**
 * Renew this many seconds before the access token expires. oidc-client-ts defaults to 60, which would renew
 * short-lived test tokens (ACCESS_TOKEN_TTL=20) every second; 15 s leaves a refresh call plenty of time.
 */
const RENEW_BEFORE_EXPIRY_SECONDS = 15;
/** A token with less than this left is renewed before a call uses it. */
const TOKEN_MIN_REMAINING_SECONDS = 5;
const SESSION_PROBE_INTERVAL_MS = 5_000;
/** After a renewal that failed without an answer (a timeout, the network), try again this often… */
const RENEW_RETRY_MS = 5_000;
/** …this many times before the session is taken as lost. */
const RENEW_RETRIES = 6;
/**
 * How long a sign-out waits for the other tabs' renewals under way, and how long the other tabs hold off
 * renewing for a sign-out that neither finishes nor fails (its tab was closed on the way).
 */
const SIGN_OUT_WAIT_MS = 10_000;
const SIGN_OUT_HOLD_MS = 60_000;

/**
 * What the tabs tell each other: a sign-out is leaving for the provider (stop renewing: the provider is
 * about to revoke the grant), it could not start (renew again), or it has finished (forget the tokens).
 */
type TabMessage = { type: 'signing-out' | 'sign-out-failed' | 'signed-out' };

function tabMessageType(value: unknown): TabMessage['type'] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  return type === 'signing-out' || type === 'sign-out-failed' || type === 'signed-out' ? type : undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * True when the provider itself refused the renewal (login_required, invalid_grant…): the session is gone.
 * A timeout or a network failure says nothing about the session: the renewal is tried again.
 */
function renewalRefused(error: unknown): boolean {
  // oidc-client-ts' ErrorResponse, recognised by name: the library itself is loaded only when needed.
  return error instanceof Error && error.name === 'ErrorResponse';
}

function returnUrlOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value = (state as { returnUrl?: unknown }).returnUrl;
  return typeof value === 'string' ? value : undefined;
}

export class AuthService implements AuthClient {
  private readonly deps: AuthServiceDeps;
  private state: AuthSnapshot = INITIAL_AUTH_STATE;
  private readonly listeners = new Set<() => void>();
  private managerPromise: Promise<OidcManager> | undefined;
  private started = false;
  /** The manager's events, the other tabs and the window's focus are watched (once, outside the frame). */
  private watching = false;
  private channel: CrossTabChannel | null | undefined;
  private lastProbe = 0;
  /** The page a sign-out comes back to (post_logout_redirect_uri). */
  private signOutReturnPath: string | undefined;
  /** Callback pages may run twice (React's development double effects); the second run shares the first. */
  private readonly callbacks = new Map<string, Promise<AuthenticationResult>>();

  constructor(deps: Partial<AuthServiceDeps> = {}) {
    this.deps = { ...browserDeps, ...deps };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AuthSnapshot => this.state;

  private dispatch(event: AuthEvent): void {
    const next = authReducer(this.state, event);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** The UserManager, configured from the server's client settings; a failed load is retried next time. */
  private manager(): Promise<OidcManager> {
    this.managerPromise ??= this.deps
      .loadSettings()
      .then((settings) => {
        this.signOutReturnPath = new URL(settings.post_logout_redirect_uri, this.deps.origin()).pathname;
        return this.deps.createManager(this.managerSettings(settings));
      })
      .then((manager) => {
        // A manager first needed after start-up (a visitor signing in) is watched from then on.
        if (this.started) this.watch(manager);
        return manager;
      })
      .catch((error: unknown) => {
        this.managerPromise = undefined;
        throw error instanceof SettingsError ? error : new SettingsError(errorText(error));
      });
    return this.managerPromise;
  }

  /** The manager, or the 'settings' failure every flow answers when the configuration cannot be read. */
  private async loadManager(): Promise<{ manager: OidcManager } | { failure: AuthenticationResult }> {
    try {
      return { manager: await this.manager() };
    } catch (error) {
      return { failure: failResult('settings', errorText(error)) };
    }
  }

  private managerSettings(settings: SubscriberConfiguration): UserManagerSettings {
    const inFrame = this.deps.inFrame();
    return {
      authority: settings.authority,
      client_id: settings.client_id,
      redirect_uri: settings.redirect_uri,
      silent_redirect_uri: settings.silent_redirect_uri,
      post_logout_redirect_uri: settings.post_logout_redirect_uri,
      response_type: settings.response_type,
      scope: settings.scope,
      automaticSilentRenew: !inFrame,
      includeIdTokenInSilentRenew: true,
      // The provider has no check-session frame: sign-outs are detected by the tab channel, failed renewals
      // and the session probe on focus.
      monitorSession: false,
      accessTokenExpiringNotificationTimeInSeconds: RENEW_BEFORE_EXPIRY_SECONDS,
      loadUserInfo: false,
    };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    // The hidden silent sign-in frame only answers its parent; the parent tab does the watching.
    if (this.deps.inFrame()) return;
    // Nothing of a sign-in in this tab: signed out, without downloading the OpenID Connect client. A sign-in
    // (or a callback page that started before this) creates the manager, which is watched from then on.
    if (this.neverSignedInHere()) {
      this.watchFocus();
      this.dispatch({ type: 'restored', user: null, expired: false });
      return;
    }
    void this.initialize();
  }

  /** No manager yet and nothing of a sign-in stored in this tab: signed out, without the OIDC client. */
  private neverSignedInHere(): boolean {
    return !this.managerPromise && !this.deps.hasStoredSession();
  }

  private watch(manager: OidcManager): void {
    if (this.watching || this.deps.inFrame()) return;
    this.watching = true;
    manager.events.addUserLoaded((user) =>
      this.dispatch({ type: 'user-loaded', user: toAuthUser(user.profile) }),
    );
    manager.events.addUserUnloaded(() => this.dispatch({ type: 'user-unloaded' }));
    // A renewal the provider refuses means the session is gone (signed out elsewhere, ended, or expired); one
    // that got no answer (the hidden frame timed out on a busy machine, the network dropped) is tried again.
    manager.events.addSilentRenewError((error) => void this.afterFailedRenewal(manager, error));
    this.watchOtherTabs(manager);
  }

  private async initialize(): Promise<void> {
    let manager: OidcManager;
    try {
      manager = await this.manager();
    } catch {
      this.dispatch({ type: 'settings-failed' });
      return;
    }
    this.watch(manager);
    this.watchFocus();

    // The page that finishes a sign-out still holds the tokens the provider has just revoked: renewing
    // them would only be refused (a 400 from the token endpoint) before the callback forgets them.
    if (this.deps.currentPath() === this.signOutReturnPath) {
      await manager.stopRenewals();
      this.dispatch({ type: 'restored', user: null, expired: false });
      return;
    }
    const stored = await manager.getUser().catch(() => null);
    if (!stored) {
      this.dispatch({ type: 'restored', user: null, expired: false });
      return;
    }
    const expired = (stored.expires_in ?? 0) <= TOKEN_MIN_REMAINING_SECONDS;
    this.dispatch({ type: 'restored', user: toAuthUser(stored.profile), expired });
    // Back after a while (a sleeping laptop, a restored tab): renew before anything uses the old tokens.
    if (expired) await this.renew(manager);
  }

  /** A renewal; the stored user is forgotten when the provider refuses it, and kept for a retry otherwise. */
  private async renew(manager: OidcManager, retries = RENEW_RETRIES): Promise<void> {
    try {
      if (!(await manager.signinSilent())) await manager.removeUser();
    } catch (error) {
      await this.afterFailedRenewal(manager, error, retries);
    }
  }

  private async afterFailedRenewal(
    manager: OidcManager,
    error: unknown,
    retries = RENEW_RETRIES,
  ): Promise<void> {
    if (renewalRefused(error) || retries <= 0) {
      await manager.removeUser();
      return;
    }
    await this.deps.wait(RENEW_RETRY_MS);
    // Signed out meanwhile, or renewed by a call that needed a token: nothing left to do.
    const user = await manager.getUser().catch(() => null);
    if (!user || (user.expires_in ?? 0) > RENEW_BEFORE_EXPIRY_SECONDS) return;
    await this.renew(manager, retries - 1);
  }

  /** One channel per tab, opened on first use (a sign-out callback may finish before start-up does). */
  private tabChannel(): CrossTabChannel | null {
    if (this.channel === undefined) this.channel = this.deps.openChannel();
    return this.channel;
  }

  private watchOtherTabs(manager: OidcManager): void {
    // Each sign-out seen from another tab; a hold ends with the newest one's outcome or time-out.
    let holds = 0;
    this.tabChannel()?.addEventListener('message', (event) => {
      const type = tabMessageType(event.data);
      if (!type) return;
      const hold = ++holds;
      if (type === 'signed-out') {
        void manager.removeUser();
      } else if (type === 'sign-out-failed') {
        manager.resumeRenewals();
      } else {
        // A refresh answered after the provider revoked the grant would only be refused.
        void manager.stopRenewals();
        void this.deps.wait(SIGN_OUT_HOLD_MS).then(() => {
          if (hold === holds) manager.resumeRenewals();
        });
      }
    });
  }

  private tellOtherTabs(type: TabMessage['type']): void {
    this.tabChannel()?.postMessage({ type } satisfies TabMessage);
  }

  private watchFocus(): void {
    const probe = () => void this.probeSession();
    window.addEventListener('focus', probe);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') probe();
    });
  }

  /**
   * On focus: if a user is stored, ask the API whether the session is still open; a 401 that a renewed token
   * does not cure signs out here.
   */
  private async probeSession(now = Date.now()): Promise<void> {
    if (this.state.status !== 'authenticated' || now - this.lastProbe < SESSION_PROBE_INTERVAL_MS) return;
    this.lastProbe = now;
    const token = await this.getAccessToken();
    if (!token) return;
    if ((await this.deps.probeSession(token)) !== 'ended') return;
    // The token may have expired on its way: a renewed one asks again before the session is taken as ended.
    // A renewal without an answer says nothing: it is retried, and the next focus asks again.
    const renewed = await this.renewAccessToken(token).catch(() => undefined);
    if (renewed === undefined) return;
    if (!renewed || (await this.deps.probeSession(renewed)) === 'ended') await this.endLocalSession();
  }

  /** The manager and its stored user; none when this tab never signed in (the client is not loaded then). */
  private async storedUser() {
    if (this.neverSignedInHere()) return null;
    let manager: OidcManager;
    try {
      manager = await this.manager();
    } catch {
      return null;
    }
    const user = await manager.getUser().catch(() => null);
    return user ? { manager, user } : null;
  }

  getAccessToken = async (): Promise<string | null> => {
    const stored = await this.storedUser();
    if (!stored) return null;
    const { manager, user } = stored;
    const remaining = user.expires_in ?? 0;
    if (remaining > TOKEN_MIN_REMAINING_SECONDS) return user.access_token;
    try {
      const renewed = await manager.signinSilent();
      if (renewed) return renewed.access_token;
    } catch (error) {
      // No answer from the provider: the token in hand serves while it lasts, and the renewal is retried.
      if (!renewalRefused(error) && remaining > 0) {
        void this.afterFailedRenewal(manager, error);
        return user.access_token;
      }
    }
    await manager.removeUser();
    return null;
  };

  renewAccessToken = async (rejected: string): Promise<string | null> => {
    const stored = await this.storedUser();
    if (!stored) return null;
    const { manager, user } = stored;
    // Renewed meanwhile (the timer, or another call that was refused at the same moment), with time to spare:
    // a token near its end could be refused the same way.
    if (user.access_token !== rejected && (user.expires_in ?? 0) > RENEW_BEFORE_EXPIRY_SECONDS) {
      return user.access_token;
    }
    try {
      const renewed = await manager.signinSilent();
      return renewed && renewed.access_token !== rejected ? renewed.access_token : null;
    } catch (error) {
      // Refused: the call's 401 stands, and the caller ends the session.
      if (renewalRefused(error)) return null;
      // No answer: the renewal is retried while the session stays; the call fails as a network failure.
      void this.afterFailedRenewal(manager, error);
      throw error;
    }
  };

  signIn = async (returnUrl: string): Promise<AuthenticationResult> => {
    // Spec §4: a return URL of another origin raises an error (InvalidReturnUrlError).
    checkReturnUrl(returnUrl, this.deps.origin());
    const loaded = await this.loadManager();
    if ('failure' in loaded) return loaded.failure;
    const { manager } = loaded;
    try {
      const user = await manager.signinSilent();
      if (user) return successResult(returnUrl);
    } catch {
      // Not signed in at the provider (or no refresh token and no session): sign in by redirect.
    }
    return this.redirectToProvider(manager, returnUrl);
  };

  signInRedirect = async (returnUrl: string): Promise<AuthenticationResult> => {
    checkReturnUrl(returnUrl, this.deps.origin());
    const loaded = await this.loadManager();
    if ('failure' in loaded) return loaded.failure;
    const { manager } = loaded;
    return this.redirectToProvider(manager, returnUrl);
  };

  private async redirectToProvider(manager: OidcManager, returnUrl: string): Promise<AuthenticationResult> {
    try {
      rememberReturnUrl(returnUrl);
      await manager.signinRedirect({ state: { returnUrl } });
      return redirectResult();
    } catch (error) {
      return failResult('error', errorText(error));
    }
  }

  completeSignIn = (url: string): Promise<AuthenticationResult> =>
    this.once(`in:${url}`, async () => {
      const loaded = await this.loadManager();
      if ('failure' in loaded) return loaded.failure;
      const { manager } = loaded;
      try {
        const user = await manager.signinCallback(url);
        if (!user) return failResult('error', 'The sign-in response is not valid.');
        forgetReturnUrl();
        return successResult(checkReturnUrl(returnUrlOf(user.state), this.deps.origin()));
      } catch (error) {
        if (error instanceof InvalidReturnUrlError) return failResult('invalid-return-url', error.message);
        return failResult('error', errorText(error));
      }
    });

  completeSilentSignIn = async (url: string): Promise<void> => {
    const manager = await this.manager();
    await manager.signinSilentCallback(url);
  };

  signOut = async (returnUrl: string): Promise<AuthenticationResult> => {
    const loaded = await this.loadManager();
    if ('failure' in loaded) return loaded.failure;
    const { manager } = loaded;
    const user = await manager.getUser().catch(() => null);
    // Nobody is signed in in this tab: the sign-out is already complete.
    if (!user) return successResult(returnUrl);
    // No renewal, in this tab or another, may start or still be under way while the browser leaves for the
    // provider, which revokes the grant the tabs share: a refresh it answered afterwards would be refused.
    this.tellOtherTabs('signing-out');
    await manager.stopRenewals();
    await manager.holdRenewalsEverywhere(SIGN_OUT_WAIT_MS);
    // A renewal that finished meanwhile stored a newer ID token.
    const latest = (await manager.getUser().catch(() => null)) ?? user;
    try {
      // id_token_hint proves who asks, so the provider signs out without a confirmation page.
      await manager.signoutRedirect({ id_token_hint: latest.id_token, state: { returnUrl } });
      return redirectResult();
    } catch (error) {
      manager.resumeRenewals();
      this.tellOtherTabs('sign-out-failed');
      return failResult('error', errorText(error));
    }
  };

  completeSignOut = (url: string): Promise<AuthenticationResult> =>
    this.once(`out:${url}`, async () => {
      const loaded = await this.loadManager();
      if ('failure' in loaded) return loaded.failure;
      const { manager } = loaded;
      try {
        const response = await manager.signoutCallback(url);
        await manager.removeUser();
        // The provider session is gone now: the other tabs may forget their tokens without racing it.
        this.tellOtherTabs('signed-out');
        return successResult(checkReturnUrl(returnUrlOf(response?.userState), this.deps.origin()));
      } catch (error) {
        if (error instanceof InvalidReturnUrlError) return failResult('invalid-return-url', error.message);
        return failResult('error', errorText(error));
      }
    });

  endLocalSession = async (): Promise<void> => {
    if (this.neverSignedInHere()) {
      this.dispatch({ type: 'user-unloaded' });
      return;
    }
    try {
      await (await this.manager()).removeUser();
    } catch {
      this.dispatch({ type: 'user-unloaded' });
    }
  };

  private once(key: string, task: () => Promise<AuthenticationResult>): Promise<AuthenticationResult> {
    const existing = this.callbacks.get(key);
    if (existing) return existing;
    const running = task();
    this.callbacks.set(key, running);
    return running;
  }
}

/** The app's authentication service (one per tab). */
export const authService = new AuthService();
