import {
  ErrorResponse,
  type SigninSilentArgs,
  type User,
  UserManager,
  type UserManagerSettings,
  WebStorageStateStore,
} from 'oidc-client-ts';
import type { SubscriberConfiguration } from '#shared/schemas/auth.ts';
import { singleFlight } from './auth-state.ts';
import { OIDC_STORE_PREFIX, SETTINGS_URL, SettingsError } from './browser-oidc.ts';

// The browser's OpenID Connect client: oidc-client-ts, configured from the server's settings. Loaded by
// browser-oidc.ts when a tab first needs it (a stored session, a sign-in, a callback page).

/**
 * Marks, in the tab's storage, the refresh token a renewal is spending. A page that leaves while the token
 * endpoint answers loses the answer (and the rotated token in it); the next load then finds the mark on
 * the token it still holds and knows the provider may already have used it up.
 */
const RENEWAL_MARK_KEY = 'portal.renewal-spends';

/** The end of a refresh token: enough to recognise it, without a second copy of the credential. */
const tokenMark = (refreshToken: string) => refreshToken.slice(-12);

/**
 * The Web Lock every tab's renewal holds (shared): a tab that signs out takes it alone, so it leaves only
 * when no other tab of this origin is waiting for the token endpoint, and holds it until it has left.
 */
const RENEWAL_LOCK = 'portal.token-renewal';

function lockManager(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

/** A UserManager whose silent renewals never overlap (rotating refresh tokens are single use). */
class PortalUserManager extends UserManager {
  private readonly renewOnce = singleFlight(() => this.renewUnderLock());
  /** Set while this tab, or another, leaves for the provider's sign-out, which revokes the stored tokens. */
  private renewalsStopped = false;
  /** Lets go of the renewal lock this tab holds alone while it signs out. */
  private releaseHold: (() => void) | undefined;

  /**
   * Stops the renewals and waits for one under way: a refresh that reaches the provider after the sign-out
   * revoked its grant is refused (a 400 in the console of the page that is leaving).
   */
  async stopRenewals(): Promise<void> {
    this.renewalsStopped = true;
    this.stopSilentRenew();
    await this.renewOnce.idle();
  }

  resumeRenewals(): void {
    this.releaseHold?.();
    this.releaseHold = undefined;
    this.renewalsStopped = false;
    this.startSilentRenew();
  }

  async holdRenewalsEverywhere(timeoutMs: number): Promise<void> {
    const locks = lockManager();
    if (!locks || this.releaseHold) return;
    const released = new Promise<void>((resolve) => {
      this.releaseHold = resolve;
    });
    await new Promise<void>((acquired) => {
      locks
        .request(RENEWAL_LOCK, { mode: 'exclusive', signal: AbortSignal.timeout(timeoutMs) }, () => {
          acquired();
          // Held until the page goes (the browser lets go of a leaving page's locks) or the sign-out fails.
          return released;
        })
        // Another tab's renewal did not finish in time: leave anyway (it may be refused, nothing worse).
        .catch(() => {
          this.releaseHold = undefined;
          acquired();
        });
    });
  }

  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    if (args && Object.keys(args).length > 0) return super.signinSilent(args);
    return this.renewOnce();
  }

  /** Other tabs' sign-outs wait for this renewal; one that waited for a sign-out finds renewals stopped. */
  private renewUnderLock(): Promise<User | null> {
    const locks = lockManager();
    if (!locks) return this.renew();
    return locks.request(RENEWAL_LOCK, { mode: 'shared' }, () => this.renew());
  }

  private async renew(): Promise<User | null> {
    // Leaving for the sign-out (here or in another tab): the tokens in hand serve until the session ends.
    if (this.renewalsStopped) return this.getUser();
    const refreshToken = (await this.getUser())?.refresh_token;
    // Without a refresh token, oidc-client-ts renews through the prompt=none frame.
    if (!refreshToken) return super.signinSilent();
    // A refresh token a previous page was spending when it left may be used up: spending it again would be
    // refused, and the provider would revoke the grant. The frame renews through the provider's session.
    if (readMark() === tokenMark(refreshToken)) return this.renewThroughFrame();
    writeMark(tokenMark(refreshToken));
    let renewed: User | null;
    try {
      renewed = await super.signinSilent();
    } catch (error) {
      // No answer (the page is leaving, the network failed): the provider may have spent the token, so the
      // mark stays for the next attempt.
      if (!(error instanceof ErrorResponse)) throw error;
      // Refused (revoked, or used up by a tab that copied this tab's storage): the token stays marked, so no
      // later page sends it again, and the provider session may still be open: ask the frame.
      return this.renewThroughFrame();
    }
    writeMark(undefined);
    return renewed;
  }

  /**
   * A renewal through the provider's prompt=none frame, for a refresh token that may be used up. The mark
   * goes only when the provider has answered: a page that leaves during the frame's code exchange (the
   * exchange fails as the page goes) leaves it, so the next page takes the frame again.
   */
  private async renewThroughFrame(): Promise<User | null> {
    try {
      const renewed = await super.signinSilent({ forceIframeAuth: true });
      writeMark(undefined);
      return renewed;
    } catch (error) {
      // The provider refused (no session left): the caller forgets the user, and the mark with it.
      if (error instanceof ErrorResponse) writeMark(undefined);
      throw error;
    }
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

/** A manager for these settings that keeps its tokens in this tab's sessionStorage (DESIGN §3: never localStorage). */
export function createBrowserManager(settings: UserManagerSettings): PortalUserManager {
  return new PortalUserManager({
    ...settings,
    userStore: new WebStorageStateStore({ prefix: OIDC_STORE_PREFIX, store: window.sessionStorage }),
  });
}

export async function fetchSettings(): Promise<SubscriberConfiguration> {
  let response: Response;
  try {
    response = await fetch(SETTINGS_URL, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new SettingsError(String(error));
  }
  if (!response.ok) throw new SettingsError(`HTTP ${response.status}`);
  const settings = readSettings(await response.json().catch(() => null));
  if (!settings) throw new SettingsError('invalid settings');
  return settings;
}

const SETTING_NAMES = [
  'authority',
  'client_id',
  'redirect_uri',
  'silent_redirect_uri',
  'post_logout_redirect_uri',
  'scope',
] as const satisfies readonly (keyof SubscriberConfiguration)[];

/**
 * The client's settings as `subscriberConfiguration` (shared/schemas/auth.ts) reads them, checked by hand: every
 * page that signs in reads them, and the schema would bring zod and the API contract along.
 */
export function readSettings(value: unknown): SubscriberConfiguration | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.response_type !== 'code') return null;
  const settings: Partial<SubscriberConfiguration> = { response_type: 'code' };
  for (const name of SETTING_NAMES) {
    const setting = record[name];
    if (typeof setting !== 'string') return null;
    settings[name] = setting;
  }
  return settings as SubscriberConfiguration;
}
