import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { createConfirmedAccount, expectSignInPage, signIn, uniqueEmail } from './support/journey.ts';

// The application shell: home page, language, responsive menu, 404, footer, personal and admin layouts.
// Every test fails on a console error or an uncaught page error.

const SCREENSHOTS = 'e2e/screenshots';

let problems: string[] = [];

test.beforeEach(({ page }) => {
  problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
});

test.afterEach(() => {
  expect(problems, 'browser console errors').toEqual([]);
});

async function shoot(page: Page, name: string): Promise<void> {
  // Let fonts and antd's motion settle so screenshots are stable.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  // Breakpoints update from matchMedia listeners after a resize; poll until the layout has settled.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'no horizontal scrolling',
    })
    .toBeLessThanOrEqual(0);
}

async function switchLanguage(page: Page, locale: 'zh' | 'en'): Promise<void> {
  // The language menu opens with an animation; retry the whole gesture if a click lands mid-motion.
  await expect(async () => {
    if (!(await page.getByTestId(`language-option-${locale}`).isVisible())) {
      await page.getByTestId('language-switch').click();
    }
    await page.getByTestId(`language-option-${locale}`).click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh' ? 'zh-CN' : 'en', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });
}

test.describe('with a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('the home page renders in Chinese by default', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('链策学堂');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle('链策学堂 · 数字资产交易教学与策略信号');
    await expect(page.getByTestId('sign-in')).toHaveText(/登录/);
    await expect(page.getByTestId('sign-in')).toHaveAttribute('href', '/Account/Login');
    await expect(page.getByTestId('language-switch')).toContainText('中文');
    for (const key of [
      'tutorials',
      'trading',
      'pressure',
      'monitoring',
      'media',
      'quant',
      'tools',
      'notices',
    ]) {
      await expect(page.getByTestId(`section-card-${key}`)).toBeVisible();
    }
    await expect(page.getByTestId('membership-note')).toContainText('请联系客服');
    await shoot(page, 'home-zh-1600');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('menu-dropdown-trigger')).toBeVisible();
    await shoot(page, 'home-zh-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('menu-dropdown-trigger')).toBeVisible();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shoot(page, 'home-zh-390');
  });

  test('a language whose texts cannot be downloaded is not switched to, and the visitor is told', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('链策学堂');
    // The menu and the toasts' code arrive with the first click; then the connection drops.
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('language-option-en')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('language-option-en').click();

    await expect(page.getByText('未能切换到English，请检查网络后重试。')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('链策学堂');
    await expect(page.getByTestId('language-switch')).toContainText('中文');
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).not.toBe('en');
    await shoot(page, 'language-switch-offline-zh');
    // The refused downloads are the point of this test; nothing else may be in the console.
    problems = problems.filter((problem) => !problem.includes('Failed to load resource'));

    // Back online, the same choice works.
    await page.unroute('**/assets/*.js');
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ChainCompass Academy');
  });

  test('switching to English persists across a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('链策学堂');

    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ChainCompass Academy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('menu-horizontal')).toContainText('Tutorials');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ChainCompass Academy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('language-switch')).toContainText('English');
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en');
    await shoot(page, 'home-en-1600');

    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'home-en-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await shoot(page, 'home-en-390');

    await switchLanguage(page, 'zh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('链策学堂');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('the menu is horizontal at 1600 px and a dropdown at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    const horizontal = page.getByTestId('menu-horizontal');
    await expect(horizontal).toBeVisible();
    await expect(page.getByTestId('menu-dropdown-trigger')).toHaveCount(0);
    const entries = ['教学', '交易', '支撑压力', '链上监控', '媒体监控', '量化', '工具', '公告'];
    for (const entry of entries) await expect(horizontal.getByText(entry, { exact: true })).toBeVisible();

    await horizontal.getByText('交易', { exact: true }).hover();
    await expect(page.getByRole('link', { name: '实盘交易' })).toBeVisible();
    await expect(page.getByRole('link', { name: '策略交易' })).toBeVisible();
    await expect(page.getByRole('link', { name: '交易统计' })).toBeVisible();
    await shoot(page, 'menu-horizontal-1600');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('menu-horizontal')).toHaveCount(0);
    const trigger = page.getByTestId('menu-dropdown-trigger');
    await expect(trigger).toBeVisible();
    await trigger.click();
    const dropdown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    for (const entry of [
      ...entries.filter((entry) => entry !== '交易'),
      '实盘交易',
      '策略交易',
      '交易统计',
    ]) {
      await expect(dropdown.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await shoot(page, 'menu-dropdown-1280');

    // A members-only section: a visitor who is not signed in is sent to sign in, returning there after.
    await dropdown.getByRole('link', { name: '支撑压力', exact: true }).click();
    await expectSignInPage(page);
    await expect(page.getByTestId('login-form')).toBeVisible();

    await page.goto('/');
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect(page.getByTestId('menu-horizontal')).toBeVisible();
  });

  test('an unknown path shows the 404 page inside the public layout', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/this/page/does-not-exist');
    const notFound = page.getByTestId('not-found');
    await expect(notFound).toContainText('404');
    await expect(notFound).toContainText('抱歉，您访问的页面不存在或已被移除。');
    await expect(page.getByTestId('menu-horizontal')).toBeVisible();
    await expect(page.getByTestId('footer-disclaimer')).toBeVisible();
    await expect(page).toHaveTitle('页面不存在 · 链策学堂');
    await shoot(page, 'not-found-zh');

    await switchLanguage(page, 'en');
    await expect(notFound).toContainText('does not exist');
    await shoot(page, 'not-found-en');

    await notFound.getByRole('link', { name: /Back to home/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ChainCompass Academy');
  });

  test('a page whose code cannot be downloaded (after a deploy) offers a reload that brings it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    // The tutorials' code is gone from the server, as an old hashed file is after a new version went out.
    await page.route('**/assets/teach-list-page-*.js', (route) => route.abort());
    await page.getByTestId('menu-horizontal').getByRole('link', { name: '教学', exact: true }).click();
    const notice = page.getByTestId('route-error');
    await expect(notice.getByRole('heading', { level: 1 })).toHaveText('页面加载失败');
    await expect(notice).toContainText('网络异常或站点已更新，请刷新页面后重试。');
    await shoot(page, 'route-error-zh');
    // The refused download is the point of this test; nothing else may be in the console.
    problems = problems.filter((problem) => !problem.includes('Failed to load resource'));

    await page.unroute('**/assets/teach-list-page-*.js');
    await notice.getByRole('button', { name: /刷新页面/ }).click();
    await expect(page).toHaveURL(/\/teach$/);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.getByTestId('teach-list')).toBeVisible();
  });

  test('the footer disclaimer is visible in both languages', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const disclaimer = page.getByTestId('footer-disclaimer');
    await disclaimer.scrollIntoViewIfNeeded();
    await expect(disclaimer).toBeVisible();
    await expect(disclaimer).toContainText('本站内容来源于互联网');
    await expect(disclaimer).toContainText('不构成任何金融、法律、税务或投资建议');
    await expect(disclaimer).toContainText('均由您自行承担');

    await switchLanguage(page, 'en');
    await disclaimer.scrollIntoViewIfNeeded();
    await expect(disclaimer).toBeVisible();
    await expect(disclaimer).toContainText('comes from the internet');
    await expect(disclaimer).toContainText('It is not financial, legal, tax or investment advice.');
    await expect(disclaimer).toContainText('borne solely by you');
  });

  test('the personal layout renders its side menu', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/personal', '/personal/info');
    const menu = page.getByTestId('personal-menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      '账户信息',
      '修改资料',
      '我的文章',
      '参与策略',
      '我的订阅',
      '安全设置',
      '邀请返佣',
      '退出登录',
    ]);
    await expect(page.getByTestId('personal-info')).toBeVisible();
    await expect(page.getByTestId('footer-disclaimer')).toBeVisible();
    await shoot(page, 'personal-zh-1600');

    await switchLanguage(page, 'en');
    await expect(menu.getByRole('menuitem').first()).toHaveText('Account info');
    await shoot(page, 'personal-en-1600');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(menu).toBeVisible();
    await shoot(page, 'personal-en-390');
  });

  test('the admin layout renders with a collapsible side panel', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin', '/admin/account/list');
    const menu = page.getByTestId('admin-menu');
    for (const label of ['用户列表', '角色标签', '交易员管理', '教学', '策略', '系统消息']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('back-to-portal')).toHaveAttribute('href', '/');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await shoot(page, 'admin-zh-1600');

    await page.getByTestId('admin-sider-toggle').click();
    await expect(page.getByTestId('admin-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await page.reload();
    await expect(page.getByTestId('admin-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    // Collapsed groups are hover pop-ups; none may be open on their own.
    await expect(page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')).toHaveCount(0);
    await shoot(page, 'admin-zh-1600-collapsed');
    await page.getByTestId('admin-sider-toggle').click();
    await expect(page.getByTestId('admin-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);

    await switchLanguage(page, 'en');
    await expect(menu.getByRole('link', { name: 'Trader management' })).toBeVisible();
    await menu.getByRole('link', { name: 'System messages' }).click();
    await expect(page).toHaveURL(/\/admin\/operation\/system-message$/);
    await shoot(page, 'admin-en-1600');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('admin-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await shoot(page, 'admin-en-390');
  });

  test('the reminder sound is preloaded', async ({ page }) => {
    const sound = page.waitForResponse((response) => response.url().endsWith('/media/reminder.mp3'));
    await page.goto('/');
    const response = await sound;
    expect([200, 206]).toContain(response.status());
    expect(response.headers()['content-type']).toContain('audio/mpeg');
  });
});

// The journeys run with reduced motion asked for (playwright.config.ts); antd's widgets then open without their
// motion (its durations are 0s), and with no preference they keep it. The observer sees the motion's first frame.
for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test.describe(`with reducedMotion: ${reducedMotion}`, () => {
    test.use({ reducedMotion });

    test(`the language menu opens ${reducedMotion === 'reduce' ? 'without' : 'with'} motion`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1600, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { motionSeen: string[] }).motionSeen = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            const target = record.target as Element;
            const name = typeof target.className === 'string' ? target.className : '';
            if (/ant-slide-up-(appear|enter)/.test(name))
              seen.push(getComputedStyle(target).animationDuration);
          }
        }).observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['class'],
          childList: true,
        });
      });
      await page.getByTestId('language-switch').click();
      await expect(page.getByTestId('language-option-en')).toBeVisible();
      const seen = await page.evaluate(() => (window as unknown as { motionSeen: string[] }).motionSeen);
      // antd keeps its motion classes and runs the motion in no time (token.motion false: durations of 0s).
      expect(seen.length).toBeGreaterThan(0);
      if (reducedMotion === 'reduce') expect(new Set(seen)).toEqual(new Set(['0s']));
      else expect(seen.some((duration) => duration !== '0s')).toBe(true);
    });
  });
}

test.describe('with an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the home page follows the browser language', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ChainCompass Academy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('footer-disclaimer')).toContainText(
      'not financial, legal, tax or investment advice',
    );
  });
});

test('signed in at 1600 px, all eight menu entries fit in both languages', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  // A member without a nickname is shown by e-mail address: the widest the header's account button gets.
  const email = uniqueEmail('a-rather-long-member-address');
  await createConfirmedAccount(request, email, 'Menu-fit-2025');
  await signIn(page, email, 'Menu-fit-2025', '/personal/info');
  await page.goto('/teach');
  const horizontal = page.getByTestId('menu-horizontal');
  const entries = {
    zh: ['教学', '交易', '支撑压力', '链上监控', '媒体监控', '量化', '工具', '公告'],
    en: [
      'Tutorials',
      'Trading',
      'Support & pressure',
      'Monitoring',
      'Media monitoring',
      'Quantitative',
      'Tools',
      'Notices',
    ],
  };
  for (const locale of ['zh', 'en'] as const) {
    await switchLanguage(page, locale);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    for (const entry of entries[locale]) {
      await expect(horizontal.getByText(entry, { exact: true }), `${locale}: ${entry}`).toBeVisible();
    }
    // antd folds entries that do not fit into a "···" sub-menu; it must stay hidden.
    await expect(horizontal.locator('.ant-menu-overflow-item-rest:visible')).toHaveCount(0);
    await shoot(page, `menu-signed-in-${locale}-1600`);
  }
});
