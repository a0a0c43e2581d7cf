import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { grantRoles } from './support/api.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import {
  createConfirmedAccount,
  expectSignInPage,
  failOnConsoleErrors,
  PAGE_LOAD_TIMEOUT,
  shoot,
  signIn,
  submitLogin,
  switchLanguage,
  watchConsole,
} from './support/journey.ts';

// Journey: a member's failed sign-in and an administrator's change of their tags are in the audit log; the
// administrator opens it from the back office's menu, narrows it to the member, to one action and to dates
// (kept in the address across a reload), and reads an entry's before and after, address and user agent.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

const run = randomBytes(4).toString('hex');
const member = `audit-${run}@e2e.test`;
const password = 'Member-pass-2025';
const MEMBER_AGENT = `AuditJourney/${run} (X11; Linux x86_64)`;

const rows = (page: Page) => page.locator('tr.ant-table-row');
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

test('the administrator finds, filters and reads what was recorded', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  await createConfirmedAccount(request, member, password);

  // The member mistypes their password once, from a browser of their own.
  const memberContext = await browser.newContext({ locale: 'zh-CN', userAgent: MEMBER_AGENT });
  const memberPage = await memberContext.newPage();
  const memberConsole = watchConsole(memberPage);
  await memberPage.goto('/personal/info');
  await expectSignInPage(memberPage);
  await submitLogin(memberPage, member, 'Wrong-pass-2025');
  await expect(memberPage.getByTestId('login-outcome')).toContainText('Fail_IncorrectPwd');
  memberConsole.expectNone();
  await memberContext.close();

  // The administrator makes them a StandardUser member (an audited change of tags and membership).
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/account/list');
  await grantRoles(page, member, ['StandardUser']);

  // The log, from the side menu: newest first, the change just made at the top.
  await page.getByTestId('admin-menu').getByRole('link', { name: '审计日志' }).click();
  await expect(page).toHaveURL(/\/admin\/operation\/audit$/);
  await expect(page.getByRole('heading', { name: '审计日志' })).toBeVisible();
  const assign = rows(page).filter({ hasText: '修改用户权限' }).filter({ hasText: member }).first();
  await expect(assign).toBeVisible();
  await expect(page.locator('.ant-pagination-options-size-changer')).toBeVisible();
  // (antd shows the quick jumper from the second page on: the component test checks it.)
  await shoot(page, 'audit-log-zh-1600');

  // Only what concerns the member: the registration, its confirmation, the failure and the change.
  await assign.getByRole('button', { name: `只看此对象：用户 ${member}` }).click();
  await expect(page).toHaveURL(/targetType=user&targetId=/);
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).nth(0)).toContainText('修改用户权限');
  await expect(rows(page).nth(1)).toContainText('登录失败');
  await expect(rows(page).nth(2)).toContainText('确认邮箱');
  await expect(rows(page).nth(3)).toContainText('注册');

  // One action of theirs.
  await page.getByTestId('audit-filter-action').click();
  await page.keyboard.type('登录失败');
  await openDropdown(page).locator('.ant-select-item-option', { hasText: 'login.failed' }).click();
  await expect(page).toHaveURL(/action=login\.failed/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('未登录访客/系统');

  // Today's entries, kept across a reload; a range in the past has none.
  const today = new Date().toLocaleDateString('sv-SE');
  const filtered = new URL(page.url());
  filtered.searchParams.set('from', today);
  filtered.searchParams.set('to', today);
  await page.goto(`${filtered.pathname}${filtered.search}`);
  await expect(rows(page)).toHaveCount(1, { timeout: PAGE_LOAD_TIMEOUT });
  await page.reload();
  await expect(rows(page)).toHaveCount(1, { timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByTestId('audit-filter-action')).toContainText('登录失败');
  await expect(page.getByTestId('audit-filter-dates').first()).toHaveValue(today);
  filtered.searchParams.set('from', '2020-01-01');
  filtered.searchParams.set('to', '2020-01-31');
  await page.goto(`${filtered.pathname}${filtered.search}`);
  await expect(page.getByText('没有符合条件的记录')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });

  // The failure's details: the member's browser and no change recorded.
  await page.goBack();
  await expect(rows(page)).toHaveCount(1, { timeout: PAGE_LOAD_TIMEOUT });
  await rows(page).first().getByTestId('audit-view').click();
  let drawer = page.getByTestId('audit-drawer');
  await expect(drawer.getByTestId('audit-drawer-user-agent')).toHaveText(MEMBER_AGENT);
  await expect(drawer.getByTestId('audit-drawer-ip')).toHaveText(/127\.0\.0\.1|::1/);
  await expect(drawer.getByTestId('audit-no-change')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The change's details: before and after, side by side.
  await page.getByTestId('audit-reset').click();
  await expect(page).toHaveURL(/\/admin\/operation\/audit$/);
  await assign.getByTestId('audit-view').click();
  drawer = page.getByTestId('audit-drawer');
  await expect(drawer.getByTestId('audit-drawer-action')).toContainText('admin.users.assign');
  await expect(drawer.getByTestId('audit-drawer-user-agent')).toContainText('Chrome');
  const tags = drawer.getByTestId('audit-change-row').filter({ hasText: 'tags' });
  await expect(tags).toHaveAttribute('data-changed', 'true');
  await expect(tags).toContainText('StandardUser');
  await expect(
    drawer.getByTestId('audit-change-row').filter({ hasText: 'memberExpiryDate' }),
  ).toHaveAttribute('data-changed', 'true');
  await shoot(page, 'audit-log-details-zh-1600');

  // The same in English.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const assignEn = rows(page).filter({ hasText: "User's permissions changed" }).filter({ hasText: member });
  await expect(assignEn.first()).toBeVisible();
  await shoot(page, 'audit-log-en-1600');
  await assignEn.first().getByTestId('audit-view').click();
  await expect(drawer.getByText('Before and after')).toBeVisible();
  await expect(drawer.getByText('Changed').first()).toBeVisible();
  await shoot(page, 'audit-log-details-en-1600');
});
