import {
  ErrorResponse,
  ErrorTimeout,
  type SignoutResponse,
  User,
  UserManager,
  type UserManagerSettings,
} from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriberConfiguration } from '#shared/schemas/auth.ts';
import { AuthService, type AuthServiceDeps, type OidcManager, SettingsError } from './auth-service.ts';
import { browserDeps } from './browser-oidc.ts';
import { InvalidReturnUrlError, pendingReturnUrl, rememberReturnUrl } from './return-url.ts';

const ORIGIN = 'http://localhost:3000';

const SETTINGS: SubscriberConfiguration = {
  authority: `${ORIGIN}/oidc`,
  client_id: 'SubscriberSys',
  redirect_uri: `${ORIGIN}/authentication/login-callback`,
  silent_redirect_uri: `${ORIGIN}/authentication/silent-callback`,
  post_logout_redirect_uri: `${ORIGIN}/authentication/logout-callback`,
  response_type: 'code',
  scope: 'openid profile email offline_access api',
};

function userOf({
  expiresIn = 300,
  token = 'access-1',
  state,
}: {
  expiresIn?: number;
  token?: string;
  state?: unknown;
} = {}) {
  return new User({
    id_token: 'id-token-1',
    access_token: token,
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    scope: SETTINGS.scope,
    profile: {
      sub: 'u1',
      iss: SETTINGS.authority,
      aud: 'SubscriberSys',
      exp: 0,
      iat: 0,
      email: 'a@example.com',
    },
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    userState: state,
  });
}

/** The provider's refusal of a silent sign-in, as oidc-client-ts reports it. */
function refused(error: string) {
  return new ErrorResponse({ error });
}

/** Stands in for oidc-client-ts' UserManager: storage, events and the calls the service makes. */
class FakeManager implements OidcManager {
  user: User | null = null;
  private readonly loaded = new Set<(user: User) => void>();
  private readonly unloaded = new Set<() => void>();
  private readonly renewErrors = new Set<(error: Error) => void>();
  readonly calls: { method: string; args?: unknown }[] = [];
  /** What a silent sign-in does: a user, or a thrown error. */
  silent: () => Promise<User | null> = async () => {
    throw refused('login_required');
  };
  callback: () => Promise<User | undefined> = async () => undefined;
  signoutResponse: SignoutResponse | undefined;

  readonly events = {
    addUserLoaded: (callback: (user: User) => void) => {
      this.loaded.add(callback);
      return () => this.loaded.delete(callback);
    },
    addUserUnloaded: (callback: () => void) => {
      this.unloaded.add(callback);
      return () => this.unloaded.delete(callback);
    },
    addSilentRenewError: (callback: (error: Error) => void) => {
      this.renewErrors.add(callback);
      return () => this.renewErrors.delete(callback);
    },
  };

  load(user: User) {
    this.user = user;
    for (const callback of this.loaded) callback(user);
  }
  failRenewal(error: Error) {
    for (const callback of this.renewErrors) callback(error);
  }

  async getUser() {
    return this.user;
  }
  /** A renewal the fake is still waiting for an answer to; stopRenewals waits for it, like the real one. */
  renewalUnderWay: Promise<unknown> | undefined;
  async stopRenewals() {
    this.calls.push({ method: 'stopRenewals' });
    await this.renewalUnderWay;
    this.calls.push({ method: 'renewals stopped' });
  }
  resumeRenewals() {
    this.calls.push({ method: 'resumeRenewals' });
  }
  async holdRenewalsEverywhere(timeoutMs: number) {
    this.calls.push({ method: 'holdRenewalsEverywhere', args: timeoutMs });
  }
  async removeUser() {
    this.calls.push({ method: 'removeUser' });
    this.user = null;
    for (const callback of this.unloaded) callback();
  }
  async signinSilent() {
    this.calls.push({ method: 'signinSilent' });
    const user = await this.silent();
    if (user) this.load(user);
    return user;
  }
  async signinRedirect(args: { state: unknown }) {
    this.calls.push({ method: 'signinRedirect', args });
  }
  async signinCallback(url: string) {
    this.calls.push({ method: 'signinCallback', args: url });
    const user = await this.callback();
    if (user) this.load(user);
    return user;
  }
  async signinSilentCallback(url: string) {
    this.calls.push({ method: 'signinSilentCallback', args: url });
  }
  async signoutRedirect(args: { id_token_hint: string | undefined; state: unknown }) {
    this.calls.push({ method: 'signoutRedirect', args });
    await this.removeUser();
  }
  async signoutCallback(url: string) {
    this.calls.push({ method: 'signoutCallback', args: url });
    if (!this.signoutResponse) throw new Error('No matching state found in storage');
    return this.signoutResponse;
  }
}

/** A BroadcastChannel between the tabs of one test. */
function channelBus() {
  const endpoints: { listeners: ((event: MessageEvent) => void)[] }[] = [];
  return () => {
    const self = { listeners: [] as ((event: MessageEvent) => void)[] };
    endpoints.push(self);
    return {
      postMessage(message: unknown) {
        for (const other of endpoints) {
          if (other !== self)
            for (const listener of other.listeners) listener({ data: message } as MessageEvent);
        }
      },
      addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
        self.listeners.push(listener);
      },
    };
  };
}

function setup(overrides: Partial<AuthServiceDeps> = {}) {
  const manager = new FakeManager();
  const created: UserManagerSettings[] = [];
  const deps: AuthServiceDeps = {
    loadSettings: async () => SETTINGS,
    createManager: (settings) => {
      created.push(settings);
      return manager;
    },
    hasStoredSession: () => true,
    origin: () => ORIGIN,
    currentPath: () => '/personal/info',
    inFrame: () => false,
    openChannel: () => null,
    probeSession: async () => 'open',
    wait: async () => undefined,
    ...overrides,
  };
  const service = new AuthService(deps);
  return { service, manager, created };
}

async function settle(service: AuthService) {
  await vi.waitFor(() => {
    if (service.getSnapshot().status === 'loading' || service.getSnapshot().status === 'renewing') {
      throw new Error('not settled');
    }
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AuthService start-up', () => {
  it('configures oidc-client-ts from /_configuration/SubscriberSys', async () => {
    const { service, created } = setup();
    service.start();
    await settle(service);
    const [settings] = created;
    expect(settings).toMatchObject({
      authority: SETTINGS.authority,
      client_id: 'SubscriberSys',
      redirect_uri: SETTINGS.redirect_uri,
      silent_redirect_uri: SETTINGS.silent_redirect_uri,
      post_logout_redirect_uri: SETTINGS.post_logout_redirect_uri,
      response_type: 'code',
      scope: SETTINGS.scope,
      automaticSilentRenew: true,
      includeIdTokenInSilentRenew: true,
      monitorSession: false,
    });
  });

  it("keeps the browser manager's tokens in this tab's sessionStorage, where start-up looks for them", async () => {
    window.sessionStorage.clear();
    expect(browserDeps.hasStoredSession()).toBe(false);
    const manager = await browserDeps.createManager({
      authority: SETTINGS.authority,
      client_id: SETTINGS.client_id,
      redirect_uri: SETTINGS.redirect_uri,
    });
    if (!(manager instanceof UserManager)) throw new Error('not a UserManager');
    await manager.settings.userStore.set('probe', 'value');
    expect(window.sessionStorage.getItem('oidc.probe')).toBe('value');
    expect(window.localStorage.getItem('oidc.probe')).toBeNull();
    expect(browserDeps.hasStoredSession()).toBe(true);
    window.sessionStorage.clear();
  });

  it('is signed out without loading the settings or the client when this tab never signed in', async () => {
    const loadSettings = vi.fn(async () => SETTINGS);
    const { service, manager, created } = setup({ hasStoredSession: () => false, loadSettings });
    service.start();
    expect(service.getSnapshot()).toEqual({ status: 'anonymous', user: null, settingsFailed: false });
    expect(await service.getAccessToken()).toBeNull();
    await service.endLocalSession();
    expect(loadSettings).not.toHaveBeenCalled();
    expect(created).toEqual([]);

    // Signing in loads them, and the manager is watched from then on.
    manager.silent = async () => userOf();
    expect(await service.signIn('/teach')).toEqual({ status: 'success', returnUrl: '/teach' });
    expect(created).toHaveLength(1);
    expect(service.getSnapshot().status).toBe('authenticated');
    expect(await service.getAccessToken()).toBe('access-1');
    await manager.removeUser();
    expect(service.getSnapshot().status).toBe('anonymous');
  });

  it('watches a manager a callback page created before start-up', async () => {
    const { service, manager } = setup({ hasStoredSession: () => false });
    manager.callback = async () => userOf({ state: { returnUrl: '/teach' } });
    expect(await service.completeSignIn(`${ORIGIN}/authentication/login-callback?code=c&state=s`)).toEqual({
      status: 'success',
      returnUrl: '/teach',
    });
    service.start();
    await settle(service);
    expect(service.getSnapshot().status).toBe('authenticated');
    await manager.removeUser();
    expect(service.getSnapshot().status).toBe('anonymous');
  });

  it('is signed out, with the settings flagged, when they cannot be loaded; sign-in then fails', async () => {
    const { service } = setup({
      loadSettings: async () => {
        throw new SettingsError('HTTP 503');
      },
    });
    service.start();
    await settle(service);
    expect(service.getSnapshot()).toEqual({ status: 'anonymous', user: null, settingsFailed: true });
    expect(await service.signIn('/teach')).toEqual({
      status: 'fail',
      reason: 'settings',
      message: 'HTTP 503',
    });
    expect(await service.getAccessToken()).toBeNull();
  });

  it('restores the user stored in this tab', async () => {
    const { service, manager } = setup();
    manager.user = userOf();
    const listener = vi.fn();
    service.subscribe(listener);
    service.start();
    await settle(service);
    expect(service.getSnapshot().status).toBe('authenticated');
    expect(service.getSnapshot().user).toEqual({
      sub: 'u1',
      email: 'a@example.com',
      name: null,
      nickname: null,
    });
    expect(listener).toHaveBeenCalled();
  });

  it('renews expired stored tokens before settling, or forgets them', async () => {
    const renewed = setup();
    renewed.manager.user = userOf({ expiresIn: -30 });
    renewed.manager.silent = async () => userOf({ token: 'access-2' });
    renewed.service.start();
    await settle(renewed.service);
    expect(renewed.service.getSnapshot().status).toBe('authenticated');
    expect(await renewed.service.getAccessToken()).toBe('access-2');

    const gone = setup();
    gone.manager.user = userOf({ expiresIn: -30 });
    gone.service.start();
    await settle(gone.service);
    expect(gone.service.getSnapshot().status).toBe('anonymous');
    expect(gone.manager.calls.map((call) => call.method)).toEqual(['signinSilent', 'removeUser']);
  });

  it('does not renew the tokens a sign-out is revoking, on the page it comes back to', async () => {
    const callbackPath = new URL(SETTINGS.post_logout_redirect_uri).pathname;
    const { service, manager } = setup({ currentPath: () => callbackPath });
    manager.user = userOf({ expiresIn: -30 });
    service.start();
    await settle(service);
    expect(manager.calls.map((call) => call.method)).toEqual(['stopRenewals', 'renewals stopped']);
  });

  it('does nothing by itself inside the silent sign-in frame, which only answers its parent', async () => {
    const loadSettings = vi.fn(async () => SETTINGS);
    const { service, manager, created } = setup({ inFrame: () => true, loadSettings });
    service.start();
    expect(loadSettings).not.toHaveBeenCalled();
    await service.completeSilentSignIn(`${ORIGIN}/authentication/silent-callback?code=c&state=s`);
    expect(manager.calls).toEqual([
      { method: 'signinSilentCallback', args: `${ORIGIN}/authentication/silent-callback?code=c&state=s` },
    ]);
    expect(created[0]?.automaticSilentRenew).toBe(false);
  });
});

describe('AuthService sign-in (spec §4)', () => {
  it('succeeds silently when the provider session allows it', async () => {
    const { service, manager } = setup();
    manager.silent = async () => userOf();
    service.start();
    expect(await service.signIn('/personal/info')).toEqual({
      status: 'success',
      returnUrl: '/personal/info',
    });
    expect(manager.calls.map((call) => call.method)).toEqual(['signinSilent']);
    expect(service.getSnapshot().status).toBe('authenticated');
  });

  it('falls back to a redirect carrying the return URL, and remembers it', async () => {
    const { service, manager } = setup();
    expect(await service.signIn('/personal/safeset')).toEqual({ status: 'redirect' });
    expect(manager.calls).toEqual([
      { method: 'signinSilent' },
      { method: 'signinRedirect', args: { state: { returnUrl: '/personal/safeset' } } },
    ]);
    expect(pendingReturnUrl(ORIGIN)).toBe('/personal/safeset');
  });

  it('raises an error for a return URL of another origin, before anything else', async () => {
    const { service, manager } = setup();
    await expect(service.signIn('https://evil.example/')).rejects.toBeInstanceOf(InvalidReturnUrlError);
    await expect(service.signInRedirect('//evil.example/')).rejects.toBeInstanceOf(InvalidReturnUrlError);
    expect(manager.calls).toEqual([]);
  });

  it('finishes a redirect sign-in and goes to the return URL of its state', async () => {
    const { service, manager } = setup();
    rememberReturnUrl('/teach');
    manager.callback = async () => userOf({ state: { returnUrl: '/?type=1' } });
    const url = `${ORIGIN}/authentication/login-callback?code=abc&state=xyz`;
    const [first, second] = await Promise.all([service.completeSignIn(url), service.completeSignIn(url)]);
    expect(first).toEqual({ status: 'success', returnUrl: '/?type=1' });
    expect(second).toBe(first);
    // The code is used once even when the page asks twice.
    expect(manager.calls.filter((call) => call.method === 'signinCallback')).toHaveLength(1);
    expect(pendingReturnUrl(ORIGIN)).toBe('/');
  });

  it('refuses a return URL of another origin and reports provider errors', async () => {
    const { service, manager } = setup();
    manager.callback = async () => userOf({ state: { returnUrl: 'https://evil.example/' } });
    expect(await service.completeSignIn(`${ORIGIN}/authentication/login-callback?code=1`)).toMatchObject({
      status: 'fail',
      reason: 'invalid-return-url',
    });
    manager.callback = async () => {
      throw new Error('access_denied');
    };
    expect(
      await service.completeSignIn(`${ORIGIN}/authentication/login-callback?error=access_denied`),
    ).toEqual({
      status: 'fail',
      reason: 'error',
      message: 'access_denied',
    });
  });
});

describe('AuthService sign-out (spec §4)', () => {
  it('is complete at once when nobody is signed in', async () => {
    const { service, manager } = setup();
    expect(await service.signOut('/')).toEqual({ status: 'success', returnUrl: '/' });
    expect(manager.calls).toEqual([]);
  });

  it('redirects to the provider with the ID token as hint', async () => {
    const { service, manager } = setup();
    manager.user = userOf();
    service.start();
    await settle(service);
    expect(await service.signOut('/')).toEqual({ status: 'redirect' });
    // Renewals stop before the browser leaves: the provider is about to revoke the tokens.
    const methods = manager.calls.map((call) => call.method);
    expect(methods.indexOf('renewals stopped')).toBeGreaterThanOrEqual(0);
    expect(methods.indexOf('renewals stopped')).toBeLessThan(methods.indexOf('signoutRedirect'));
    expect(manager.calls).toContainEqual({
      method: 'signoutRedirect',
      args: { id_token_hint: 'id-token-1', state: { returnUrl: '/' } },
    });
    expect(service.getSnapshot().status).toBe('anonymous');
  });

  it('leaves only after a renewal under way has been answered, with the ID token it brought', async () => {
    const { service, manager } = setup();
    manager.user = userOf();
    service.start();
    await settle(service);
    let answer: () => void = () => {};
    manager.renewalUnderWay = new Promise<void>((resolve) => {
      answer = () => {
        manager.load(new User({ ...userOf(), id_token: 'id-token-2' }));
        resolve();
      };
    });
    const leaving = service.signOut('/');
    await vi.waitFor(() => expect(manager.calls.map((call) => call.method)).toEqual(['stopRenewals']));
    // Still waiting for the answer: the browser has not left.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(manager.calls.map((call) => call.method)).toEqual(['stopRenewals']);
    answer();
    expect(await leaving).toEqual({ status: 'redirect' });
    expect(manager.calls).toContainEqual({
      method: 'signoutRedirect',
      args: { id_token_hint: 'id-token-2', state: { returnUrl: '/' } },
    });
  });

  it('renews again when the sign-out cannot start', async () => {
    const { service, manager } = setup();
    manager.user = userOf();
    manager.signoutRedirect = async (args) => {
      manager.calls.push({ method: 'signoutRedirect', args });
      throw new Error('metadata unreachable');
    };
    service.start();
    await settle(service);
    expect(await service.signOut('/')).toEqual({
      status: 'fail',
      reason: 'error',
      message: 'metadata unreachable',
    });
    expect(manager.calls.map((call) => call.method)).toEqual([
      'stopRenewals',
      'renewals stopped',
      'holdRenewalsEverywhere',
      'signoutRedirect',
      'resumeRenewals',
    ]);
    expect(service.getSnapshot().status).toBe('authenticated');
  });

  it('finishes on the callback and signs the other tabs out', async () => {
    const openChannel = channelBus();
    const here = setup({ openChannel });
    const other = setup({ openChannel });
    other.manager.user = userOf();
    here.service.start();
    other.service.start();
    await settle(here.service);
    await settle(other.service);
    expect(other.service.getSnapshot().status).toBe('authenticated');

    here.manager.signoutResponse = { userState: { returnUrl: '/' } } as SignoutResponse;
    expect(await here.service.completeSignOut(`${ORIGIN}/authentication/logout-callback?state=s`)).toEqual({
      status: 'success',
      returnUrl: '/',
    });
    await vi.waitFor(() => expect(other.service.getSnapshot().status).toBe('anonymous'));
    expect(other.manager.calls).toContainEqual({ method: 'removeUser' });
  });

  /**
   * Two signed-in tabs of one browser; the other tab's waits (its hold on renewals during a sign-out) end
   * when the test says, and `holdsEnded` resolves after what each one ended has run.
   */
  async function twoSignedInTabs() {
    const openChannel = channelBus();
    const waits: { release: () => void; ended: Promise<void> }[] = [];
    const wait = () => {
      let release = () => {};
      const ended = new Promise<void>((resolve) => {
        release = resolve;
      });
      waits.push({ release, ended });
      return ended;
    };
    const here = setup({ openChannel });
    const other = setup({ openChannel, wait });
    here.manager.user = userOf();
    other.manager.user = userOf();
    here.service.start();
    other.service.start();
    await settle(here.service);
    await settle(other.service);
    const endHolds = async () => {
      for (const { release } of waits) release();
      // What the service chained to a wait was chained before this: it has run once this resolves.
      await Promise.all(waits.map(({ ended }) => ended.then(() => undefined)));
    };
    const otherCalls = () => other.manager.calls.map((call) => call.method);
    return { here, other, endHolds, otherCalls };
  }

  it('stops the other tabs renewing before it leaves, until the callback signs them out', async () => {
    const { here, other, endHolds, otherCalls } = await twoSignedInTabs();

    expect(await here.service.signOut('/')).toEqual({ status: 'redirect' });
    const methods = here.manager.calls.map((call) => call.method);
    // The other tabs renew no more, and none is still renewing, when the browser leaves.
    expect(methods.slice(0, 4)).toEqual([
      'stopRenewals',
      'renewals stopped',
      'holdRenewalsEverywhere',
      'signoutRedirect',
    ]);
    expect(otherCalls()).toEqual(['stopRenewals', 'renewals stopped']);
    expect(other.service.getSnapshot().status).toBe('authenticated');

    here.manager.signoutResponse = { userState: { returnUrl: '/' } } as SignoutResponse;
    await here.service.completeSignOut(`${ORIGIN}/authentication/logout-callback?state=s`);
    await vi.waitFor(() => expect(other.service.getSnapshot().status).toBe('anonymous'));
    // The hold's time-out, come after the sign-out, starts nothing again.
    await endHolds();
    expect(otherCalls()).not.toContain('resumeRenewals');
  });

  it('lets the other tabs renew again when the sign-out cannot start, or never comes back', async () => {
    const { here, other, endHolds, otherCalls } = await twoSignedInTabs();
    here.manager.signoutRedirect = async () => {
      throw new Error('metadata unreachable');
    };
    expect(await here.service.signOut('/')).toMatchObject({ status: 'fail' });
    await vi.waitFor(() => expect(otherCalls()).toContain('resumeRenewals'));

    // A sign-out whose tab went away on the way to the provider: the hold ends after its time.
    other.manager.calls.length = 0;
    here.manager.signoutRedirect = async () => {};
    expect(await here.service.signOut('/')).toEqual({ status: 'redirect' });
    expect(otherCalls()).toEqual(['stopRenewals', 'renewals stopped']);
    await endHolds();
    expect(otherCalls()).toEqual(['stopRenewals', 'renewals stopped', 'resumeRenewals']);
    expect(other.service.getSnapshot().status).toBe('authenticated');
  });

  it('reports a callback without its state and tells nobody', async () => {
    const openChannel = channelBus();
    const here = setup({ openChannel });
    const other = setup({ openChannel });
    other.manager.user = userOf();
    other.service.start();
    await settle(other.service);
    expect(await here.service.completeSignOut(`${ORIGIN}/authentication/logout-callback`)).toMatchObject({
      status: 'fail',
      reason: 'error',
    });
    expect(other.service.getSnapshot().status).toBe('authenticated');
  });
});

describe('AuthService session watch', () => {
  it('forgets the user when a silent renewal fails', async () => {
    const { service, manager } = setup();
    manager.user = userOf();
    service.start();
    await settle(service);
    manager.failRenewal(refused('invalid_grant'));
    await vi.waitFor(() => expect(service.getSnapshot().status).toBe('anonymous'));
  });

  it('keeps the user and tries again when a renewal got no answer, until the provider answers', async () => {
    const { service, manager } = setup();
    manager.user = userOf({ expiresIn: 10 });
    service.start();
    await settle(service);
    let attempts = 0;
    manager.silent = async () => {
      attempts++;
      if (attempts < 3) throw new ErrorTimeout('IFrame timed out without a response');
      return userOf({ token: 'access-2' });
    };
    manager.failRenewal(new ErrorTimeout('IFrame timed out without a response'));
    await vi.waitFor(() => expect(manager.user?.access_token).toBe('access-2'));
    expect(attempts).toBe(3);
    expect(manager.calls.map((call) => call.method)).not.toContain('removeUser');
    expect(service.getSnapshot().status).toBe('authenticated');
  });

  it('gives the session up after a renewal got no answer six more times', async () => {
    const { service, manager } = setup();
    manager.user = userOf({ expiresIn: 10 });
    service.start();
    await settle(service);
    manager.silent = async () => {
      throw new TypeError('Failed to fetch');
    };
    manager.failRenewal(new ErrorTimeout('IFrame timed out without a response'));
    await vi.waitFor(() => expect(service.getSnapshot().status).toBe('anonymous'));
    expect(manager.calls.filter((call) => call.method === 'signinSilent')).toHaveLength(6);
  });

  it('answers a call with the token in hand while a renewal without answer is retried', async () => {
    const { service, manager } = setup();
    manager.user = userOf({ expiresIn: 4 });
    let attempts = 0;
    manager.silent = async () => {
      attempts++;
      if (attempts === 1) throw new ErrorTimeout('Network timed out');
      return userOf({ token: 'access-2' });
    };
    expect(await service.getAccessToken()).toBe('access-1');
    await vi.waitFor(() => expect(manager.user?.access_token).toBe('access-2'));

    // A token already expired cannot serve: the call has none, and the person signs in again.
    manager.user = userOf({ expiresIn: -1 });
    manager.silent = async () => {
      throw new ErrorTimeout('Network timed out');
    };
    expect(await service.getAccessToken()).toBeNull();
    expect(manager.user).toBeNull();
  });

  it('renews a token that is about to expire before a call uses it', async () => {
    const { service, manager } = setup();
    manager.user = userOf({ expiresIn: 3 });
    manager.silent = async () => userOf({ token: 'access-2' });
    expect(await service.getAccessToken()).toBe('access-2');

    manager.user = userOf({ expiresIn: 2 });
    manager.silent = async () => {
      throw refused('login_required');
    };
    expect(await service.getAccessToken()).toBeNull();
    expect(manager.user).toBeNull();
  });

  it('asks the API on focus whether the session is still open, and signs out when it ended', async () => {
    const probeSession = vi.fn(async () => 'ended' as const);
    const { service, manager } = setup({ probeSession });
    manager.user = userOf();
    service.start();
    await settle(service);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(service.getSnapshot().status).toBe('anonymous'));
    expect(probeSession).toHaveBeenCalledWith('access-1');
  });

  it("asks again with a renewed token when the probe's token expired on its way, and stays signed in", async () => {
    const probeSession = vi.fn(
      async (token: string) => (token === 'access-1' ? 'ended' : 'open') as 'ended' | 'open',
    );
    const { service, manager } = setup({ probeSession });
    manager.user = userOf();
    manager.silent = async () => userOf({ token: 'access-2' });
    service.start();
    await settle(service);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(probeSession).toHaveBeenCalledTimes(2));
    expect(probeSession.mock.calls.map(([token]) => token)).toEqual(['access-1', 'access-2']);
    expect(manager.calls.map((call) => call.method)).toEqual(['signinSilent']);
    expect(service.getSnapshot().status).toBe('authenticated');
  });

  it('renews a token the API refused, unless a newer one is stored; null when the renewal is refused', async () => {
    const { service, manager } = setup();
    manager.user = userOf({ token: 'access-2' });
    // Renewed meanwhile: the newer token, without another renewal.
    expect(await service.renewAccessToken('access-1')).toBe('access-2');
    expect(manager.calls).toEqual([]);

    // The refused token is the stored one, however long the browser thinks it has left.
    manager.silent = async () => userOf({ token: 'access-3' });
    expect(await service.renewAccessToken('access-2')).toBe('access-3');
    expect(manager.calls.map((call) => call.method)).toEqual(['signinSilent']);

    // A newer token near its end could be refused the same way: renewed too.
    manager.user = userOf({ token: 'access-3', expiresIn: 10 });
    manager.silent = async () => userOf({ token: 'access-4' });
    expect(await service.renewAccessToken('access-2')).toBe('access-4');

    // Refused by the provider: no token to try (the caller ends the session).
    manager.silent = async () => {
      throw refused('invalid_grant');
    };
    expect(await service.renewAccessToken('access-4')).toBeNull();
    // A renewal that answers the same token is no new token.
    manager.silent = async () => userOf({ token: 'access-4' });
    expect(await service.renewAccessToken('access-4')).toBeNull();
    // No answer says nothing of the session: the caller is told, the user stays, and the renewal is retried.
    let attempts = 0;
    manager.silent = async () => {
      attempts++;
      if (attempts === 1) throw new ErrorTimeout('Network timed out');
      return userOf({ token: 'access-5' });
    };
    manager.user = userOf({ token: 'access-4', expiresIn: 4 });
    await expect(service.renewAccessToken('access-4')).rejects.toThrow('Network timed out');
    await vi.waitFor(() => expect(manager.user?.access_token).toBe('access-5'));
    expect(manager.calls.map((call) => call.method)).not.toContain('removeUser');

    const signedOut = setup({ hasStoredSession: () => false });
    expect(await signedOut.service.renewAccessToken('access-1')).toBeNull();
    expect(signedOut.created).toEqual([]);
  });

  it("keeps the session when the probe's 401 cannot be checked with a renewed token (no answer)", async () => {
    const probeSession = vi.fn(async () => 'ended' as const);
    const { service, manager } = setup({ probeSession });
    manager.user = userOf();
    service.start();
    await settle(service);
    manager.silent = async () => {
      throw new ErrorTimeout('Network timed out');
    };
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() =>
      expect(manager.calls.filter((call) => call.method === 'signinSilent').length).toBeGreaterThan(0),
    );
    expect(probeSession).toHaveBeenCalledTimes(1);
    expect(service.getSnapshot().status).toBe('authenticated');
    expect(manager.calls.map((call) => call.method)).not.toContain('removeUser');
  });

  it('does not ask while signed out', async () => {
    const probeSession = vi.fn(async () => 'open' as const);
    const { service } = setup({ probeSession });
    service.start();
    await settle(service);
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(probeSession).not.toHaveBeenCalled();
  });

  it('forgets the user when the API says the session ended', async () => {
    const { service, manager } = setup();
    manager.user = userOf();
    service.start();
    await settle(service);
    await service.endLocalSession();
    expect(service.getSnapshot().status).toBe('anonymous');
  });
});
