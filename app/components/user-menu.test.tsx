import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, personalInfoOf, stubApi } from '../testing/fake-api.ts';
import { FakeAuth } from '../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';

async function openMenu(user: ReturnType<typeof setupUser>): Promise<HTMLElement> {
  await user.click(await screen.findByTestId('user-menu'));
  let menu: HTMLElement | null = null;
  await waitFor(() => {
    menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    expect(menu).not.toBeNull();
  });
  return menu as unknown as HTMLElement;
}

describe('header account entry', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('offers to sign in when signed out, returning to the current page', async () => {
    renderApp('/teach?id=3');
    expect(await screen.findByTestId('sign-in')).toHaveAttribute(
      'href',
      '/Account/Login?returnUrl=%2Fteach%3Fid%3D3',
    );
  });

  it('shows the avatar and nickname, the personal links and sign-out, but no admin entry for members', async () => {
    stubApi({
      'GET /api/PersonalInfo/GetPersonalInfo': () => personalInfoOf({ nickName: 'Lin' }),
      'GET /api/PersonalInfo/UserVo': () => ({ pic: '/uploads/avatars/lin.webp' }),
    });
    const user = setupUser();
    renderApp('/', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(screen.getByTestId('user-menu-name')).toHaveTextContent('Lin'));
    await waitFor(() =>
      expect(screen.getByTestId('user-menu').querySelector('img')).toHaveAttribute(
        'src',
        '/uploads/avatars/lin.webp',
      ),
    );
    const menu = await openMenu(user);
    expect(within(menu).getByRole('link', { name: '账户信息' })).toHaveAttribute('href', '/personal/info');
    expect(within(menu).getByRole('link', { name: '修改资料' })).toHaveAttribute('href', '/personal/edit');
    expect(within(menu).getByRole('link', { name: '安全设置' })).toHaveAttribute('href', '/personal/safeset');
    expect(within(menu).getByTestId('sign-out')).toHaveAttribute('href', '/authentication/logout');
    expect(within(menu).queryByTestId('admin-entry')).not.toBeInTheDocument();
  });

  it('falls back to the e-mail without a nickname, and has the admin entry for Admins', async () => {
    stubApi(accountHandlers(ADMIN_INFO));
    const user = setupUser();
    renderApp('/', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(screen.getByTestId('user-menu-name')).toHaveTextContent('admin@example.com'));
    const menu = await openMenu(user);
    expect(within(menu).getByTestId('admin-entry')).toHaveAttribute('href', '/admin/account/list');
    expect(within(menu).getByTestId('admin-entry')).toHaveTextContent('管理后台');
  });

  it('signs out from the menu without asking again', async () => {
    stubApi(accountHandlers(personalInfoOf()));
    const auth = FakeAuth.signedIn();
    const user = setupUser();
    renderApp('/', { auth });
    const menu = await openMenu(user);
    await user.click(within(menu).getByTestId('sign-out'));
    await waitFor(() => expect(auth.calls).toEqual([{ method: 'signOut', argument: '/' }]));
  });

  it('turns back into "sign in" when the person is signed out elsewhere', async () => {
    stubApi(accountHandlers(personalInfoOf()));
    const auth = FakeAuth.signedIn();
    renderApp('/', { auth });
    expect(await screen.findByTestId('user-menu')).toBeInTheDocument();
    auth.set({ status: 'anonymous', user: null, settingsFailed: false });
    expect(await screen.findByTestId('sign-in')).toBeInTheDocument();
  });
});
