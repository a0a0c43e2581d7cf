import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, stubApi } from '../testing/fake-api.ts';
import { FakeAuth } from '../testing/fake-auth.ts';
import { renderApp } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';
import { SIDER_COLLAPSED_STORAGE_KEY, selectedAdminKey } from './admin-menu.tsx';

function menuText(): string[] {
  const menu = screen.getByTestId('admin-menu');
  return [...menu.querySelectorAll('.ant-menu-submenu-title, .ant-menu-item')].map(
    (element) => element.textContent?.trim() ?? '',
  );
}

describe('admin layout', () => {
  beforeEach(async () => {
    await changeLocale('zh');
    stubApi(accountHandlers(ADMIN_INFO));
  });

  it('groups the menu as users, Trader, content and operation in Chinese', async () => {
    renderApp('/admin/account/tag', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('admin-menu');
    expect(menuText()).toEqual([
      '用户',
      '用户列表',
      '角色标签',
      '交易员',
      '交易员管理',
      '内容',
      '教学',
      '策略',
      '行情交易对',
      '支撑压力',
      '量化策略',
      '媒体监控',
      '链上监控',
      '运营',
      '系统消息',
      '邀请返佣',
      '审计日志',
    ]);
    const menu = screen.getByTestId('admin-menu');
    expect(within(menu).getByRole('link', { name: '用户列表' })).toHaveAttribute(
      'href',
      '/admin/account/list',
    );
    expect(within(menu).getByRole('link', { name: '交易员管理' })).toHaveAttribute(
      'href',
      '/admin/trader/management',
    );
    expect(within(menu).getByRole('link', { name: '系统消息' })).toHaveAttribute(
      'href',
      '/admin/operation/system-message',
    );
    expect(within(menu).getByRole('link', { name: '角色标签' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
    expect(screen.getByTestId('back-to-portal')).toHaveAttribute('href', '/');
    expect(screen.getByTestId('language-switch')).toBeInTheDocument();
    expect(screen.getByText('链策学堂')).toBeInTheDocument();
  });

  it('translates the menu to English', async () => {
    await changeLocale('en');
    renderApp('/admin/content/teach/add', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('admin-menu');
    expect(menuText()).toEqual([
      'Users',
      'User list',
      'Role tags',
      'Trader',
      'Trader management',
      'Content',
      'Teaching',
      'Strategies',
      'Market symbols',
      'Support & pressure',
      'Quant strategies',
      'Media monitoring',
      'On-chain monitoring',
      'Operation',
      'System messages',
      'Invitation rebate',
      'Audit log',
    ]);
    expect(screen.getByRole('link', { name: 'Teaching' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
    expect(screen.getByTestId('back-to-portal')).toHaveTextContent('Back to portal');
  });

  it('collapses the side panel and remembers it', async () => {
    const user = setupUser();
    const first = renderApp('/admin/account/list', { auth: FakeAuth.signedIn() });
    const toggle = await screen.findByTestId('admin-sider-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('admin-sider')).not.toHaveClass('ant-layout-sider-collapsed');

    await user.click(toggle);
    expect(screen.getByTestId('admin-sider')).toHaveClass('ant-layout-sider-collapsed');
    expect(toggle).toHaveAttribute('aria-label', '展开侧栏');
    expect(window.localStorage.getItem(SIDER_COLLAPSED_STORAGE_KEY)).toBe('true');

    first.unmount();
    renderApp('/admin/account/list', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('admin-sider')).toHaveClass('ant-layout-sider-collapsed');
  });

  it('selects the list of a detail or edit screen', () => {
    expect(selectedAdminKey('/admin/account/list/detail')).toBe('userList');
    expect(selectedAdminKey('/admin/content/advisory/add')).toBe('advisory');
    expect(selectedAdminKey('/admin/content/teach/type')).toBe('teach');
    expect(selectedAdminKey('/admin/content/pressure/edit/3')).toBe('pressure');
    expect(selectedAdminKey('/admin/content/quant/edit/3')).toBe('quant');
    expect(selectedAdminKey('/admin/content/media')).toBe('media');
    expect(selectedAdminKey('/admin/content/onchain')).toBe('onchain');
    expect(selectedAdminKey('/admin/operation/invitation')).toBe('invitation');
    expect(selectedAdminKey('/admin/operation/audit')).toBe('audit');
    expect(selectedAdminKey('/admin')).toBeNull();
  });
});
