import { screen, waitFor } from '@testing-library/react';
import { DatePicker, Empty } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
// The app's dayjs, set to the interface language, as the pages with date pickers import it: alone, this file
// would otherwise read dates in dayjs' default English (the other files' imports used to set it up).
import { dayjs } from '../lib/dayjs.ts';
import { changeLocale } from '../lib/i18n.ts';
import { LOCALE_STORAGE_KEY } from '../lib/locale.ts';
import { renderApp } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';
import { LanguageSwitch } from './language-switch.tsx';

function Probe() {
  return (
    <div>
      <LanguageSwitch />
      <Empty />
      <DatePicker open={false} value={dayjs('2024-03-05')} format="LL" />
    </div>
  );
}

const EMPTY = '.ant-empty-description';

const probeRoutes = [{ path: '/', Component: Probe }];

describe('language switch', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('switches antd, dayjs, <html lang> and the saved setting together', async () => {
    const user = setupUser();
    renderApp('/', { routes: probeRoutes });
    const languageSwitch = await screen.findByTestId('language-switch');
    expect(languageSwitch).toHaveTextContent('中文');
    expect(screen.getByText('暂无数据', { selector: EMPTY })).toBeInTheDocument();
    expect(screen.getByDisplayValue('2024年3月5日')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');

    await user.click(languageSwitch);
    await user.click(await screen.findByTestId('language-option-en'));

    expect(await screen.findByText('No data', { selector: EMPTY })).toBeInTheDocument();
    expect(screen.getByTestId('language-switch')).toHaveTextContent('English');
    expect(screen.getByDisplayValue('March 5, 2024')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');

    await user.click(screen.getByTestId('language-switch'));
    await user.click(await screen.findByTestId('language-option-zh'));
    expect(await screen.findByText('暂无数据', { selector: EMPTY })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh');
  });

  it('opens from the keyboard, and Escape gives the focus back to the button', async () => {
    const user = setupUser();
    renderApp('/', { routes: probeRoutes });
    const languageSwitch = await screen.findByTestId('language-switch');
    languageSwitch.focus();
    await user.keyboard('{Enter}');
    const english = await screen.findByTestId('language-option-en');
    await waitFor(() =>
      expect(english.closest('[role="menu"]')).toContainElement(document.activeElement as HTMLElement),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('language-switch')));

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('language-option-en').closest('[role="menu"]')).toContainElement(
        document.activeElement as HTMLElement,
      ),
    );
    await user.click(screen.getByTestId('language-option-en'));
    await waitFor(() => expect(screen.getByTestId('language-switch')).toHaveTextContent('English'));
  });
});
