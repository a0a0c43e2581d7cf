import { expect, type Request, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import {
  createConfirmedAccount,
  failOnConsoleErrors,
  openUserMenu,
  shoot,
  signIn,
  uniqueEmail,
  watchConsole,
} from './support/journey.ts';

// Journey (g): only the Admin role sees the admin entry and may open the back office.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

test('the administrator finds the admin entry and opens the back office', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/personal/info');
  await openUserMenu(page);
  const entry = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=admin-entry]');
  await expect(entry).toHaveText('管理后台');
  await shoot(page, 'user-menu-admin-zh');
  await entry.click();
  await expect(page).toHaveURL(/\/admin\/account\/list$/);
  await expect(page.getByTestId('admin-menu')).toBeVisible();
  await expect(page.getByTestId('admin-sider')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await shoot(page, 'admin-signed-in-zh-1600');
});

test('a member without the Admin role has no admin entry and is refused', async ({ browser, request }) => {
  const email = uniqueEmail('notadmin');
  const password = 'Plain-pass-2025';
  await createConfirmedAccount(request, email, password);
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  const console = watchConsole(page);
  await signIn(page, email, password, '/personal/info');
  await openUserMenu(page);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=admin-entry]')).toHaveCount(
    0,
  );

  await page.goto('/admin/account/list');
  await expect(page.getByTestId('permission-denied')).toContainText('Permission Denied');
  await expect(page.getByTestId('admin-menu')).toHaveCount(0);
  await shoot(page, 'permission-denied-zh');
  console.expectNone();
  await context.close();
});

// A typed address or a refresh of any back-office page must render the page, every time.
const ADMIN_PAGES = [
  '/admin/account/list',
  '/admin/account/tag',
  '/admin/trader/management',
  '/admin/content/advisory',
  '/admin/content/advisory/add',
  '/admin/operation/system-message',
  '/admin/content/teach',
  '/admin/content/teach/type',
  '/admin/content/teach/add',
  '/admin/content/market',
  '/admin/content/pressure',
  '/admin/content/pressure/add',
  '/admin/content/quant',
  '/admin/content/quant/add',
  '/admin/content/media',
  '/admin/content/onchain',
  '/admin/operation/invitation',
  '/admin/operation/audit',
];
// Three loads of each page: with 20-second tokens renewed every five seconds, some fifty loads meet a
// renewal under way many times over (ten loads each, 140 in all, took six and a half minutes).
const RELOADS = 3;

test('every admin page renders on each of three direct loads', async ({ page }) => {
  // About 5 s a load on a quiet machine, over 10 s with both cores busy.
  test.setTimeout(ADMIN_PAGES.length * RELOADS * 20_000);
  // The journeys' access tokens live 20 s and are renewed 15 s before they expire, so during these 51
  // loads a renewal is often under way when the page reloads. The provider has rotated the refresh token
  // by then and the answer is lost with the page; the next load renews through the provider's session
  // instead of spending the used token again, so no request fails (the console stays clean).
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/personal/info');
  // A page that hung had the profile request its guard waits on cancelled under it: none may be abandoned.
  // A profile request still under way when the test leaves a page (the one before, or a reload) is cancelled
  // with that page, which is no hang: those are set aside as the test leaves.
  const isProfile = (request: Request) =>
    new URL(request.url()).pathname === '/api/PersonalInfo/GetPersonalInfo';
  const underWay = new Set<Request>();
  const leftBehind = new Set<Request>();
  const abandoned: string[] = [];
  page.on('request', (request) => {
    if (isProfile(request)) underWay.add(request);
  });
  page.on('requestfinished', (request) => underWay.delete(request));
  page.on('requestfailed', (request) => {
    underWay.delete(request);
    if (isProfile(request) && !leftBehind.has(request)) abandoned.push(request.url());
  });
  const leave = () => {
    for (const request of underWay) leftBehind.add(request);
  };
  for (const path of ADMIN_PAGES) {
    leave();
    await page.goto(path);
    for (let load = 1; load <= RELOADS; load++) {
      if (load > 1) {
        leave();
        await page.reload();
      }
      await expect(page.getByTestId('admin-sider'), `${path}, load ${load}`).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('page-spinner'), `${path}, load ${load}`).toHaveCount(0, {
        timeout: 20_000,
      });
      await expect(page).toHaveURL((url) => url.pathname === path);
      expect(abandoned, `${path}, load ${load}`).toEqual([]);
    }
  }
});
