import type { AuthClient } from '../lib/auth/auth-service.ts';
import {
  type AuthenticationResult,
  type AuthSnapshot,
  type AuthUser,
  redirectResult,
  successResult,
} from '../lib/auth/auth-state.ts';

export const TEST_USER: AuthUser = {
  sub: 'user-1',
  email: 'member@example.com',
  name: 'member@example.com',
  nickname: null,
};

/** An AuthClient for component tests: a settable state, and a record of what the page asked for. */
export class FakeAuth implements AuthClient {
  private state: AuthSnapshot;
  private readonly listeners = new Set<() => void>();
  readonly calls: { method: string; argument?: string }[] = [];
  /** What the next sign-in step answers. */
  nextResult: AuthenticationResult = redirectResult();

  constructor(user: AuthUser | null = null) {
    this.state = user
      ? { status: 'authenticated', user, settingsFailed: false }
      : { status: 'anonymous', user: null, settingsFailed: false };
  }

  static signedIn(user: Partial<AuthUser> = {}): FakeAuth {
    return new FakeAuth({ ...TEST_USER, ...user });
  }

  set(snapshot: AuthSnapshot): void {
    this.state = snapshot;
    for (const listener of this.listeners) listener();
  }

  start = (): void => {};
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  getSnapshot = (): AuthSnapshot => this.state;
  getAccessToken = async (): Promise<string | null> => (this.state.user ? 'test-access-token' : null);
  /** What a renewal after a 401 answers: none unless a test sets one, so a 401 sends the person to sign in. */
  renewedToken: string | null = null;
  renewAccessToken = async (_rejected: string): Promise<string | null> => this.renewedToken;

  private record(method: string, argument?: string): AuthenticationResult {
    this.calls.push({ method, argument });
    return this.nextResult;
  }

  signIn = async (returnUrl: string) => this.record('signIn', returnUrl);
  signInRedirect = async (returnUrl: string) => this.record('signInRedirect', returnUrl);
  completeSignIn = async (url: string) => this.record('completeSignIn', url);
  completeSilentSignIn = async (url: string) => {
    this.calls.push({ method: 'completeSilentSignIn', argument: url });
  };
  signOut = async (returnUrl: string) => {
    this.calls.push({ method: 'signOut', argument: returnUrl });
    if (!this.state.user) return successResult(returnUrl);
    return this.nextResult;
  };
  completeSignOut = async (url: string) => this.record('completeSignOut', url);
  endLocalSession = async () => {
    this.calls.push({ method: 'endLocalSession' });
    this.set({ status: 'anonymous', user: null, settingsFailed: false });
  };
}
