// The authentication states of spec §4, kept pure so that they can be tested without a browser or a provider.

/** Outcome of a sign-in or sign-out step (spec §4: redirect, success or fail). */
export const AuthenticationResultStatus = {
  redirect: 'redirect',
  success: 'success',
  fail: 'fail',
} as const;

export type FailReason = 'settings' | 'invalid-return-url' | 'error';

export type AuthenticationResult =
  /** The browser is leaving for the identity provider; nothing more to do on this page. */
  | { status: typeof AuthenticationResultStatus.redirect }
  | { status: typeof AuthenticationResultStatus.success; returnUrl: string }
  | { status: typeof AuthenticationResultStatus.fail; reason: FailReason; message: string };

export const redirectResult = (): AuthenticationResult => ({ status: AuthenticationResultStatus.redirect });
export const successResult = (returnUrl: string): AuthenticationResult => ({
  status: AuthenticationResultStatus.success,
  returnUrl,
});
export const failResult = (reason: FailReason, message: string): AuthenticationResult => ({
  status: AuthenticationResultStatus.fail,
  reason,
  message,
});

/** The signed-in person as the ID token describes them (the profile API has the fresh details). */
export interface AuthUser {
  sub: string;
  email: string | null;
  name: string | null;
  nickname: string | null;
}

/**
 * loading: settings and the stored user are being read; renewing: the stored tokens have expired and a
 * silent renewal decides; authenticated / anonymous: settled. Guards wait while loading or renewing.
 */
export type AuthStatus = 'loading' | 'renewing' | 'authenticated' | 'anonymous';

export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
  /** The client settings (`/_configuration/SubscriberSys`) could not be loaded. */
  settingsFailed: boolean;
}

export const INITIAL_AUTH_STATE: AuthSnapshot = { status: 'loading', user: null, settingsFailed: false };

export type AuthEvent =
  | { type: 'settings-failed' }
  /** The user stored in this tab was read at start-up. */
  | { type: 'restored'; user: AuthUser | null; expired: boolean }
  /** A sign-in or a renewal stored (new) tokens. */
  | { type: 'user-loaded'; user: AuthUser }
  /** The stored user was removed: signed out here, in another tab, by a failed renewal or an ended session. */
  | { type: 'user-unloaded' };

export function authReducer(state: AuthSnapshot, event: AuthEvent): AuthSnapshot {
  switch (event.type) {
    case 'settings-failed':
      return { status: 'anonymous', user: null, settingsFailed: true };
    case 'restored':
      // A user loaded meanwhile (a sign-in callback finished first) wins over what start-up read.
      if (state.status === 'authenticated') return state;
      if (!event.user) return { status: 'anonymous', user: null, settingsFailed: false };
      return {
        status: event.expired ? 'renewing' : 'authenticated',
        user: event.user,
        settingsFailed: false,
      };
    case 'user-loaded':
      return { status: 'authenticated', user: event.user, settingsFailed: false };
    case 'user-unloaded':
      if (state.status === 'anonymous' && state.user === null) return state;
      return { status: 'anonymous', user: null, settingsFailed: state.settingsFailed };
  }
}

export function isSettled(snapshot: AuthSnapshot): boolean {
  return snapshot.status === 'authenticated' || snapshot.status === 'anonymous';
}

/** Reads the claims the ID token carries (oidc-client-ts profile) into an AuthUser. */
export function toAuthUser(profile: Record<string, unknown> & { sub: string }): AuthUser {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  return {
    sub: profile.sub,
    email: text(profile.email),
    name: text(profile.name),
    nickname: text(profile.nickname),
  };
}

/** What a sign-in or sign-out page does with a result. */
export type PageStep =
  | { kind: 'wait' }
  | { kind: 'navigate'; to: string }
  | { kind: 'error'; reason: FailReason; message: string };

export function pageStep(result: AuthenticationResult): PageStep {
  switch (result.status) {
    case AuthenticationResultStatus.redirect:
      return { kind: 'wait' };
    case AuthenticationResultStatus.success:
      return { kind: 'navigate', to: result.returnUrl };
    case AuthenticationResultStatus.fail:
      return { kind: 'error', reason: result.reason, message: result.message };
  }
}

/** Runs an async task once at a time: callers arriving while it runs share its promise. */
export interface SingleFlight<T> {
  (): Promise<T>;
  /** Resolves when no run is under way (at once when idle), whether the run succeeds or fails. */
  idle(): Promise<void>;
}

export function singleFlight<T>(task: () => Promise<T>): SingleFlight<T> {
  let running: Promise<T> | undefined;
  const run = () => {
    running ??= task().finally(() => {
      running = undefined;
    });
    return running;
  };
  return Object.assign(run, {
    idle: async () => {
      await running?.catch(() => undefined);
    },
  });
}
