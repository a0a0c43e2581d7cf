import {
  ErrorResponse,
  type SigninSilentArgs,
  type User,
  UserManager,
  type UserManagerSettings,
  WebStorageStateStore,
} from 'oidc-client-ts';
import { type SubscriberConfiguration, subscriberConfiguration } from '#shared/schemas/auth.ts';
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

/** A UserManager whose silent renewals never overlap (rotating refresh tokens are single use). */
class PortalUserManager extends UserManager {
  private readonly renewOnce = singleFlight(() => this.renew());

  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    if (args && Object.keys(args).length > 0) return super.signinSilent(args);
    return this.renewOnce();
  }

  private async renew(): Promise<User | null> {
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
  const parsed = subscriberConfiguration.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SettingsError('invalid settings');
  return parsed.data;
}
