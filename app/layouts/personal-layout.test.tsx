import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { accountHandlers, personalInfoOf, stubApi } from '../testing/fake-api.ts';
import { FakeAuth } from '../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';
import { selectedPersonalKey } from './personal-menu.tsx';

function menuLabels(): string[] {
  return within(screen.getByTestId('personal-menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
}

describe('personal layout', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
    stubApi(accountHandlers(personalInfoOf()));
  });

  it('lists the side menu of the spec in Chinese, in order', async () => {
    renderApp('/personal/info', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('personal-menu');
    expect(menuLabels()).toEqual([
      '账户信息',
      '修改资料',
      '我的文章',
      '参与策略',
      '我的订阅',
      '安全设置',
      '邀请返佣',
      '退出登录',
    ]);
    const menu = screen.getByTestId('personal-menu');
    expect(within(menu).getByRole('link', { name: '修改资料' })).toHaveAttribute('href', '/personal/edit');
    expect(within(menu).getByRole('link', { name: '我的订阅' })).toHaveAttribute(
      'href',
      '/personal/subscribe',
    );
    expect(within(menu).getByRole('link', { name: '安全设置' })).toHaveAttribute('href', '/personal/safeset');
    expect(within(menu).getByRole('link', { name: '参与策略' })).toHaveAttribute(
      'href',
      '/personal/engagement',
    );
    expect(within(menu).getByRole('link', { name: '邀请返佣' })).toHaveAttribute(
      'href',
      '/personal/invitation',
    );
    expect(within(menu).getByRole('link', { name: '退出登录' })).toHaveAttribute(
      'href',
      '/authentication/logout',
    );
    expect(within(menu).getByRole('link', { name: '账户信息' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('lists the side menu in English', async () => {
    await changeLocale('en');
    renderApp('/personal/article/add', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('personal-menu');
    expect(menuLabels()).toEqual([
      'Account info',
      'Edit profile',
      'My articles',
      'Engagement strategy',
      'Subscriptions',
      'Security settings',
      'Invitation rebate',
      'Sign out',
    ]);
    const menu = screen.getByTestId('personal-menu');
    expect(within(menu).getByRole('link', { name: 'My articles' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('signs out from the side menu at once', async () => {
    const auth = FakeAuth.signedIn();
    const user = setupUser();
    renderApp('/personal/info', { auth });
    const menu = await screen.findByTestId('personal-menu');
    await user.click(within(menu).getByRole('link', { name: '退出登录' }));
    await waitFor(() => expect(auth.calls).toEqual([{ method: 'signOut', argument: '/' }]));
  });

  it('selects the entry with the longest matching path', () => {
    expect(selectedPersonalKey('/personal/article/add')).toBe('article');
    expect(selectedPersonalKey('/personal/edit')).toBe('edit');
    expect(selectedPersonalKey('/personal/editor')).toBeNull();
    expect(selectedPersonalKey('/personal')).toBeNull();
  });
});
