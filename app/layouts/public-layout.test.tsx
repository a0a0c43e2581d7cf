import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { accountHandlers, personalInfoOf, stubApi } from '../testing/fake-api.ts';
import { FakeAuth } from '../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';

describe('public layout', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('shows a horizontal menu above 1560 px, in the order of the spec', async () => {
    setClientWidth(1600);
    renderApp('/teach-detail');
    const nav = await screen.findByTestId('menu-horizontal');
    expect(screen.queryByTestId('menu-dropdown-trigger')).not.toBeInTheDocument();
    // The menu's code arrives on demand.
    const labels = (await within(nav).findAllByRole('menuitem')).map((item) => item.textContent?.trim());
    expect(labels).toEqual(['教学', '交易', '支撑压力', '链上监控', '媒体监控', '量化', '工具', '公告']);
    expect(within(nav).getByRole('link', { name: '教学' })).toHaveAttribute('href', '/teach');
    expect(within(nav).getByRole('link', { name: '公告' })).toHaveAttribute('href', '/notice');
    expect(within(nav).getByRole('link', { name: '量化' })).toHaveAttribute('href', '/strategy');
    // /teach-detail belongs to the tutorials entry.
    expect(within(nav).getByRole('link', { name: '教学' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('switches between the horizontal menu and the dropdown at 1560 px on resize', async () => {
    setClientWidth(1560);
    renderApp('/');
    expect(await screen.findByTestId('menu-dropdown-trigger')).toBeInTheDocument();
    expect(screen.queryByTestId('menu-horizontal')).not.toBeInTheDocument();

    act(() => {
      setClientWidth(1561);
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByTestId('menu-horizontal')).toBeInTheDocument();
    expect(screen.queryByTestId('menu-dropdown-trigger')).not.toBeInTheDocument();

    act(() => {
      setClientWidth(1280);
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByTestId('menu-dropdown-trigger')).toBeInTheDocument();
    expect(screen.queryByTestId('menu-horizontal')).not.toBeInTheDocument();
  });

  it('opens the same entries from the dropdown, with the trading views', async () => {
    setClientWidth(1280);
    const user = setupUser();
    // The live trading view is for members: an anonymous visitor would be sent to sign in.
    stubApi(accountHandlers(personalInfoOf()));
    renderApp('/?type=1', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('footer-disclaimer')).toBeInTheDocument();
    await user.click(await screen.findByTestId('menu-dropdown-trigger'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('link', { name: '实盘交易' })).toHaveAttribute('href', '/?type=1');
    expect(within(menu).getByRole('link', { name: '策略交易' })).toHaveAttribute('href', '/?type=2');
    expect(within(menu).getByRole('link', { name: '交易统计' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: '支撑压力' })).toHaveAttribute('href', '/pressure');
    expect(within(menu).getByRole('link', { name: '实盘交易' }).closest('li')).toHaveClass(
      'ant-dropdown-menu-item-selected',
    );
  });

  it('has a sign-in entry, a language switch and the disclaimer in the footer', async () => {
    setClientWidth(1600);
    renderApp('/');
    expect(await screen.findByTestId('sign-in')).toHaveAttribute('href', '/Account/Login');
    expect(screen.getByTestId('language-switch')).toHaveTextContent('中文');
    const disclaimer = screen.getByTestId('footer-disclaimer');
    expect(disclaimer).toHaveTextContent('本站内容来源于互联网');
    expect(disclaimer).toHaveTextContent('不构成任何金融、法律、税务或投资建议');
    expect(disclaimer).toHaveTextContent('均由您自行承担');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} 链策学堂`))).toBeInTheDocument();
  });

  it('translates the chrome to English', async () => {
    await changeLocale('en');
    setClientWidth(1600);
    renderApp('/');
    const nav = await screen.findByTestId('menu-horizontal');
    expect(within(nav).getByRole('link', { name: 'Tutorials' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Notices' })).toBeInTheDocument();
    expect(screen.getByTestId('sign-in')).toHaveTextContent('Sign in');
    expect(screen.getByTestId('footer-disclaimer')).toHaveTextContent(
      'It is not financial, legal, tax or investment advice.',
    );
  });
});
