import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from './lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, NON_MEMBER_INFO, personalInfoOf, stubApi } from './testing/fake-api.ts';
import { FakeAuth } from './testing/fake-auth.ts';
import { renderApp, setClientWidth } from './testing/render-app.tsx';

describe('routes', () => {
  beforeEach(async () => {
    await changeLocale('zh');
    setClientWidth(1600);
  });

  it('shows a spinner while the lazy pages load, then the home page', async () => {
    renderApp('/');
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument();
  });

  it('shows the home page for / with a query that is not a trading view', async () => {
    renderApp('/?type=9&ref=mail');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a members-only section to sign in, returning there', async () => {
    for (const url of ['/?type=2', '/pressure', '/notice/42']) {
      const auth = new FakeAuth();
      const { router, unmount } = renderApp(url, { auth });
      await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/login'));
      expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(url);
      await waitFor(() => expect(auth.calls).toContainEqual({ method: 'signIn', argument: url }));
      unmount();
    }
  });

  it('shows members the 404 content below a section page, non-members the notice', async () => {
    stubApi(accountHandlers(personalInfoOf()));
    const member = renderApp('/monitoring/unknown', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(member.router.state.location.pathname).toBe('/monitoring/unknown');
    member.unmount();

    stubApi(accountHandlers(NON_MEMBER_INFO));
    renderApp('/?type=1', { auth: FakeAuth.signedIn() });
    const notice = await screen.findByTestId('not-member-notice');
    expect(notice).toHaveTextContent('您还不是会员，请联系客服开通会员');
    expect(within(notice).getByRole('link', { name: /浏览教学/ })).toHaveAttribute('href', '/teach');
  });

  it('opens the tools at /tool for members, the not-member notice for others, 404 content below it', async () => {
    stubApi(accountHandlers(personalInfoOf()));
    const member = renderApp('/tool', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('tools-page')).toBeInTheDocument();
    member.unmount();

    const deeper = renderApp('/tool/unknown', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    deeper.unmount();

    stubApi(accountHandlers(NON_MEMBER_INFO));
    renderApp('/tool', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-member-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('tools-page')).not.toBeInTheDocument();
  });

  it('opens the quantitative strategies at /strategy for members, the not-member notice for others', async () => {
    stubApi({ ...accountHandlers(personalInfoOf()), 'GET /api/Quant/List': () => [] });
    const member = renderApp('/strategy', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('quant-page')).toBeInTheDocument();
    member.unmount();

    stubApi(accountHandlers(NON_MEMBER_INFO));
    renderApp('/strategy/1', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-member-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('quant-detail-page')).not.toBeInTheDocument();
  });

  it('keeps the tutorials open to everyone', async () => {
    stubApi({});
    const auth = new FakeAuth();
    const { router } = renderApp('/teach', { auth });
    expect(await screen.findByTestId('menu-horizontal')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/teach');
    expect(auth.calls).toEqual([]);
    expect(screen.queryByTestId('not-member-notice')).not.toBeInTheDocument();
  });

  it('renders the 404 page inside the public layout for an unknown path', async () => {
    renderApp('/no/such/page');
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByText('404')).toBeInTheDocument();
    expect(within(notFound).getByText('抱歉，您访问的页面不存在或已被移除。')).toBeInTheDocument();
    expect(within(notFound).getByRole('link', { name: /返回首页/ })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('menu-horizontal')).toBeInTheDocument();
    expect(screen.getByTestId('footer-disclaimer')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('页面不存在 · 链策学堂'));
  });

  it('translates the 404 page', async () => {
    await changeLocale('en');
    renderApp('/teach/unknown/deeper');
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByText(/does not exist/)).toBeInTheDocument();
    expect(within(notFound).getByRole('link', { name: /Back to home/ })).toBeInTheDocument();
  });

  it('sends /personal to account info inside the personal layout, for non-members too', async () => {
    stubApi(accountHandlers(NON_MEMBER_INFO));
    const { router } = renderApp('/personal', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('personal-menu')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/personal/info');
    expect(await screen.findByTestId('personal-info')).toBeInTheDocument();
    // The personal area sits inside the public layout.
    expect(screen.getByTestId('footer-disclaimer')).toBeInTheDocument();
  });

  it('asks a signed-out visitor of the personal area to sign in', async () => {
    const { router } = renderApp('/personal/safeset');
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/login'));
    expect(router.state.location.search).toBe('?returnUrl=%2Fpersonal%2Fsafeset');
  });

  it('sends /admin to the user list inside the admin layout', async () => {
    stubApi(accountHandlers(ADMIN_INFO));
    const { router } = renderApp('/admin', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('admin-menu')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/account/list');
    expect(screen.queryByTestId('permission-denied')).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer-disclaimer')).not.toBeInTheDocument();
  });

  it('refuses the back office to members without the Admin role', async () => {
    stubApi(accountHandlers(personalInfoOf({ roles: ['PremiumUser'], membershipLevel: 'PremiumUser' })));
    renderApp('/admin/account/list', { auth: FakeAuth.signedIn() });
    const denied = await screen.findByTestId('permission-denied');
    expect(denied).toHaveTextContent('Permission Denied');
    expect(screen.queryByTestId('admin-menu')).not.toBeInTheDocument();
  });
});
