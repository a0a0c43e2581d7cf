import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SIGN_OUT_STATE } from '../../lib/auth/auth-paths.ts';
import { failResult, successResult } from '../../lib/auth/auth-state.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { accountHandlers, personalInfoOf, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

/** The outcome card shows `text` (antd's Result, which draws outcomes, arrives on demand). */
function outcomeShows(testId: string, text: string) {
  return waitFor(() => expect(screen.getByTestId(testId)).toHaveTextContent(text));
}

describe('sign-in steps', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('Login runs the sign-in with the return URL and goes there on success', async () => {
    const auth = new FakeAuth();
    auth.nextResult = successResult('/teach');
    const { router } = renderApp('/authentication/login?returnUrl=%2Fteach', { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teach'));
    expect(auth.calls).toEqual([{ method: 'signIn', argument: '/teach' }]);
  });

  it('Login refuses a return URL of another origin without starting a sign-in', async () => {
    const auth = new FakeAuth();
    renderApp('/authentication/login?returnUrl=https%3A%2F%2Fevil.example%2F', { auth });
    await outcomeShows('sign-in-error', '返回地址无效');
    expect(auth.calls).toEqual([]);
  });

  it('Login shows "Could not load settings" when the client settings are unavailable', async () => {
    const auth = new FakeAuth();
    auth.nextResult = failResult('settings', 'HTTP 503');
    await changeLocale('en');
    renderApp('/authentication/login?returnUrl=%2F', { auth });
    await outcomeShows('sign-in-error', 'Could not load settings');
  });

  it('LoginCallback finishes the sign-in and replaces itself with the return URL', async () => {
    const auth = new FakeAuth();
    auth.nextResult = successResult('/personal/info');
    stubApi(accountHandlers(personalInfoOf()));
    const { router } = renderApp('/authentication/login-callback?code=c1&state=s1', { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal/info'));
    expect(auth.calls[0]).toEqual({
      method: 'completeSignIn',
      argument: 'http://localhost:3000/authentication/login-callback?code=c1&state=s1',
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('LoginFailed shows the message of the query', async () => {
    renderApp('/authentication/login-failed?message=interaction%20expired');
    await outcomeShows('login-failed', 'interaction expired');
  });

  it('Profile leads to the personal area', async () => {
    stubApi(accountHandlers(personalInfoOf()));
    const { router } = renderApp('/authentication/profile', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal/info'));
  });

  it('the silent callback only answers the parent frame', async () => {
    const auth = new FakeAuth();
    const { container } = renderApp('/authentication/silent-callback?code=c&state=s', { auth });
    await waitFor(() => expect(auth.calls.map((call) => call.method)).toEqual(['completeSilentSignIn']));
    expect(container.textContent).toBe('');
  });
});

describe('sign-out steps', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('Logout from inside the app signs out by redirect at once', async () => {
    const auth = FakeAuth.signedIn();
    renderApp('/authentication/logout', { auth, state: LOCAL_SIGN_OUT_STATE });
    await waitFor(() => expect(auth.calls).toEqual([{ method: 'signOut', argument: '/' }]));
    await outcomeShows('sign-out-progress', '正在退出登录');
  });

  it('Logout opened from elsewhere asks first', async () => {
    const auth = FakeAuth.signedIn();
    const user = setupUser();
    renderApp('/authentication/logout', { auth });
    await outcomeShows('sign-out-confirm', '确定要退出登录吗？');
    expect(auth.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: /退出登录/ }));
    await waitFor(() => expect(auth.calls).toEqual([{ method: 'signOut', argument: '/' }]));
  });

  it('Logout when nobody is signed in ends on the logged-out page', async () => {
    const { router } = renderApp('/authentication/logout', { state: LOCAL_SIGN_OUT_STATE });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/logged-out'));
  });

  it('LogoutCallback completes the sign-out and shows "You successfully logged out!"', async () => {
    const auth = new FakeAuth();
    auth.nextResult = successResult('/');
    await changeLocale('en');
    const { router } = renderApp('/authentication/logout-callback?state=s2', { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/logged-out'));
    await outcomeShows('logged-out', 'You successfully logged out!');
    expect(auth.calls).toEqual([
      {
        method: 'completeSignOut',
        argument: 'http://localhost:3000/authentication/logout-callback?state=s2',
      },
    ]);
  });

  it('LoggedOut is translated', async () => {
    renderApp('/authentication/logged-out');
    await outcomeShows('logged-out', '您已成功退出登录！');
  });
});

describe('e-mail confirmation', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('confirms a new account once and offers to sign in, returning where the person was going', async () => {
    window.localStorage.setItem(
      'auth.pendingReturnUrl',
      JSON.stringify({ url: '/personal/info', at: Date.now() }),
    );
    const api = stubApi({ 'POST /Auth/ConfirmEmail': () => ({ outcome: 'confirmed' }) });
    renderApp('/authentication/confirm-email?userId=u1&code=abc');
    await outcomeShows('confirm-email-done', '邮箱已确认');
    expect(screen.getByTestId('confirm-sign-in')).toHaveAttribute(
      'href',
      '/authentication/login?returnUrl=%2Fpersonal%2Finfo',
    );
    expect(api.requests).toEqual([expect.objectContaining({ body: { userId: 'u1', code: 'abc' } })]);
  });

  it('says when a new e-mail address took effect', async () => {
    stubApi({
      'POST /Auth/ConfirmEmail': () => ({ outcome: 'email-changed' }),
      ...accountHandlers(personalInfoOf()),
    });
    renderApp('/authentication/confirm-email?userId=u1&code=abc', { auth: FakeAuth.signedIn() });
    await outcomeShows('confirm-email-done', '邮箱已更改');
    expect(screen.getByTestId('confirm-account')).toHaveAttribute('href', '/personal/info');
  });

  it('shows why a link does not work', async () => {
    stubApi({
      'POST /Auth/ConfirmEmail': () =>
        problem(400, '确认链接无效或已过期', { code: ['确认链接无效或已过期'] }),
    });
    renderApp('/authentication/confirm-email?userId=u1&code=used');
    await outcomeShows('confirm-email-error', '确认链接无效或已过期');

    const api = stubApi({});
    renderApp('/authentication/confirm-email?userId=u1');
    await waitFor(() =>
      expect(screen.getAllByTestId('confirm-email-error').at(-1)).toHaveTextContent('确认链接无效或已过期'),
    );
    expect(api.requests).toEqual([]);
  });
});
