import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { endpointUrl } from '../shared/api-contract.ts';
import type { BatchUserOperationRequest } from '../shared/schemas/management.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import {
  createConfirmedAccount,
  failOnConsoleErrors,
  shoot,
  signIn,
  switchLanguage,
  watchConsole,
} from './support/journey.ts';

// Journey: the administrator manages users and role tags (spec §2 users section, §5 batch rules, §6), and a
// member without the Admin role is refused both the pages and the API.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });
test.describe.configure({ mode: 'serial' });

const run = randomBytes(4).toString('hex');
const memberA = `ub-${run}-a@e2e.test`;
const memberB = `ub-${run}-b@e2e.test`;
const password = 'Member-pass-2025';
const tagName = `E2E-${run}`;

const rowOf = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Opens an antd Select and picks the option with this text; clicks `away` to close the list. */
async function pick(page: Page, select: Locator, option: string, away: Locator) {
  await select.click();
  await openDropdown(page).locator('.ant-select-item-option', { hasText: option }).click();
  await away.click();
  await expect(openDropdown(page)).toHaveCount(0);
}

async function search(page: Page, text: string) {
  const box = page.getByTestId('user-search').locator('input');
  await box.fill(text);
  await box.press('Enter');
}

test('the administrator searches, batch-edits users and manages tags', async ({ page, request }) => {
  test.setTimeout(150_000);
  await createConfirmedAccount(request, memberA, password);
  await createConfirmedAccount(request, memberB, password);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/account/list');
  await expect(page.getByRole('heading', { name: '用户列表' })).toBeVisible();
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();

  // Search by e-mail: one member, then both.
  await search(page, memberA);
  await expect(page).toHaveURL(/search=/);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, memberA)).toBeVisible();
  await search(page, `ub-${run}`);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(2);
  await expect(rowOf(page, memberA).getByTestId('no-tags')).toBeVisible();
  await expect(rowOf(page, memberA).getByTestId('term')).toHaveAttribute('data-term', 'none');

  // Select both and batch: set the StandardUser tag and add 30 days, then confirm.
  await page.getByRole('checkbox', { name: `选择 ${memberA}` }).check();
  await page.getByRole('checkbox', { name: `选择 ${memberB}` }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('已选择 2 个用户');
  await page.getByTestId('batch-open').click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('batch-form') });
  await expect(dialog.getByTestId('batch-scope')).toHaveText('将对已选择的 2 个用户生效。');
  await expect(dialog.getByTestId('batch-apply')).toBeDisabled();
  await dialog.getByRole('radio', { name: '将标签设为' }).check();
  await dialog.getByTestId('batch-tags').click();
  await expect(
    openDropdown(page).locator('.ant-select-item-option-disabled', { hasText: '管理员' }),
  ).toBeVisible();
  await openDropdown(page).locator('.ant-select-item-option', { hasText: '标准会员' }).click();
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByTestId('batch-quick-30').click();
  await expect(dialog.getByRole('spinbutton', { name: '会员天数' })).toHaveValue('30');
  await shoot(page, 'admin-users-batch-zh-1600');
  await dialog.getByTestId('batch-apply').click();
  const summary = page.getByTestId('batch-summary');
  await expect(summary).toContainText('已选择的 2 个用户');
  await expect(summary).toContainText('设为：标准会员');
  await expect(summary).toContainText('延长 30 天');
  await page.getByTestId('batch-confirm-ok').click();
  await expect(page.getByText('批量操作完成，已更新 2 个用户')).toBeVisible();
  await expect(page.getByTestId('batch-form')).toBeHidden();
  await expect(page.getByTestId('selected-count')).toHaveCount(0);
  for (const email of [memberA, memberB]) {
    await expect(rowOf(page, email).getByTestId('role-tags')).toHaveText('标准会员');
    await expect(rowOf(page, email).getByTestId('term')).toHaveAttribute('data-term', /^(29|30|31)$/);
  }

  // Nothing selected: the dialog warns that every user would change; cancelled, nothing is sent.
  await page.getByTestId('reset-filters').click();
  await expect(page).toHaveURL(/\/admin\/account\/list$/);
  // At least the administrator and the two members, once the unfiltered page has arrived.
  const readTotal = async () =>
    Number(
      /共 (\d+) 个用户/.exec((await page.locator('.ant-pagination-total-text').textContent()) ?? '')?.[1],
    );
  await expect.poll(readTotal).toBeGreaterThanOrEqual(3);
  const total = await readTotal();
  await shoot(page, 'admin-users-list-zh-1600');
  let batchCalls = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/BatchUserOperation')) batchCalls += 1;
  });
  await page.getByTestId('batch-open').click();
  // The journeys beside this one register people too: the dialog counts everyone at the moment it opens.
  const scopeCount = async (sentence: RegExp) =>
    Number(sentence.exec((await page.getByTestId('batch-scope').textContent()) ?? '')?.[1]);
  await expect
    .poll(() => scopeCount(/未选择任何用户：本次操作将应用于全部 (\d+) 个用户。/))
    .toBeGreaterThanOrEqual(total);
  await expect(page.getByTestId('batch-scope')).toHaveAttribute('data-scope', 'all');
  await page.getByTestId('batch-cancel').click();
  await expect(page.getByTestId('batch-form')).toBeHidden();
  expect(batchCalls).toBe(0);

  // Tags: add one, which nobody holds yet; only the Admin tag cannot be deleted.
  await page.getByTestId('admin-menu').getByRole('link', { name: '角色标签' }).click();
  await expect(page).toHaveURL(/\/admin\/account\/tag$/);
  await page.getByTestId('add-tag-submit').click();
  await expect(page.getByTestId('add-tag-form')).toContainText('标签名称为必填项');
  await page.getByTestId('add-tag-name').fill(tagName);
  await page.getByTestId('add-tag-submit').click();
  await expect(page.getByText(`已添加标签“${tagName}”`)).toBeVisible();
  await expect(rowOf(page, tagName).getByTestId('tag-count')).toHaveText('0');
  await expect(rowOf(page, '系统名称：Admin').getByTestId('tag-delete')).toBeDisabled();
  await rowOf(page, '系统名称：Admin').getByTestId('tag-delete-locked').hover();
  await expect(page.getByRole('tooltip', { name: 'ADMIN标签不能选择、编辑或删除' })).toBeVisible();
  // A built-in member tag may be deleted: the confirmation says how many members hold it (not confirmed here).
  await rowOf(page, 'PremiumUser').getByTestId('tag-delete').click();
  await expect(page.locator('.ant-popconfirm:not(.ant-popover-hidden)')).toContainText(
    /将从 \d+ 个用户身上移除/,
  );
  await page
    .getByRole('button', { name: '取 消' })
    .or(page.getByRole('button', { name: '取消' }))
    .first()
    .click();
  await page.getByRole('heading', { name: '角色标签' }).hover();
  await shoot(page, 'admin-users-tags-zh-1600');

  // Assign the new tag to member A on the detail page.
  await page.getByTestId('admin-menu').getByRole('link', { name: '用户列表' }).click();
  await search(page, memberA);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await rowOf(page, memberA).getByTestId('user-link').click();
  await expect(page).toHaveURL(/\/admin\/account\/list\/detail\?userId=/);
  await expect(page.getByTestId('detail-email')).toHaveText(memberA);
  await expect(page.getByTestId('detail-level')).toHaveText('标准会员');
  await expect(page.getByTestId('detail-days').getByTestId('term')).toHaveAttribute(
    'data-term',
    /^(29|30|31)$/,
  );
  await expect(page.getByRole('tab', { name: '编辑权限' })).toHaveAttribute('aria-selected', 'true');
  await pick(page, page.getByTestId('permissions-tags'), tagName, page.getByTestId('detail-email'));
  await page.getByTestId('permissions-save').click();
  await expect(page.getByText('权限已保存')).toBeVisible();
  await expect(page.getByTestId('detail-tags')).toContainText(tagName);
  await expect(page.getByTestId('detail-tags')).toContainText('标准会员');
  await page.getByTestId('detail-email').hover();
  await shoot(page, 'admin-users-detail-zh-1600');

  // Back returns to the searched list; the tag page counts the new holder; then the tag is deleted.
  await page.getByTestId('detail-back').click();
  await expect(page).toHaveURL(/\/admin\/account\/list\?search=/);
  await expect(rowOf(page, memberA).getByTestId('role-tags')).toContainText(tagName);
  await page.goto('/admin/account/tag');
  await expect(rowOf(page, tagName).getByTestId('tag-count')).toHaveText('1');
  await rowOf(page, tagName).getByTestId('tag-delete').click();
  await expect(page.getByText('确认删除所选数据？')).toBeVisible();
  await page.getByTestId('tag-delete-ok').click();
  await expect(page.getByText(`已删除标签“${tagName}”`)).toBeVisible();
  await expect(rowOf(page, tagName)).toHaveCount(0);

  // The same screens in English.
  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Role tags' })).toBeVisible();
  await shoot(page, 'admin-users-tags-en-1600');
  await page.goto('/admin/account/list');
  await expect(page.getByRole('heading', { name: 'User list' })).toBeVisible();
  await expect(rowOf(page, memberA).getByTestId('role-tags')).toHaveText('Standard member');
  await shoot(page, 'admin-users-list-en-1600');
  await page.getByTestId('batch-open').click();
  await expect
    .poll(() => scopeCount(/No user is selected: this applies to all (\d+) users\./))
    .toBeGreaterThanOrEqual(total);
  await shoot(page, 'admin-users-batch-en-1600');
  await page.getByTestId('batch-cancel').click();
  await expect(page.getByTestId('batch-form')).toBeHidden();
  await rowOf(page, memberA).getByTestId('user-link').click();
  await expect(page.getByRole('tab', { name: 'Edit permissions' })).toBeVisible();
  await expect(page.getByTestId('detail-level')).toHaveText('Standard member');
  await shoot(page, 'admin-users-detail-en-1600');

  // Phones.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/account/list');
  await expect(rowOf(page, memberA)).toBeVisible();
  await shoot(page, 'admin-users-list-en-390');
  await switchLanguage(page, 'zh');
  await expect(page.getByRole('heading', { name: '用户列表' })).toBeVisible();
  await shoot(page, 'admin-users-list-zh-390');
  // The administrator's own detail: the Admin tag is shown locked, outside the editable tags.
  await rowOf(page, ADMIN_EMAIL).getByTestId('user-link').click();
  await expect(page.getByTestId('locked-admin-tag')).toHaveText('管理员');
  await expect(page.getByTestId('detail-level')).toHaveText('管理员');
  await shoot(page, 'admin-users-detail-admin-zh-390');
  await page.goto('/admin/account/tag');
  await expect(rowOf(page, 'StandardUser')).toBeVisible();
  await shoot(page, 'admin-users-tags-zh-390');
  expect(batchCalls).toBe(0);
});

test('a member without the Admin role is refused the pages and the API', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  const console = watchConsole(page);
  // Member A holds StandardUser and 30 days from the batch above: a member, not an admin.
  await signIn(page, memberA, password, '/personal/info');
  await expect(page.getByTestId('membership-level')).toHaveText('标准会员');
  for (const path of ['/admin/account/list', '/admin/account/tag', '/admin/account/list/detail?userId=x']) {
    await page.goto(path);
    await expect(page.getByTestId('permission-denied')).toContainText('Permission Denied');
    await expect(page.getByTestId('users-table')).toHaveCount(0);
  }

  // The member's own access token, as the page holds it, is refused by the management API. (Tokens live
  // 20 s here: a token that has just expired answers 401, so the token is read again until one is fresh.)
  const readToken = () =>
    page.evaluate(() => {
      for (let index = 0; index < window.sessionStorage.length; index++) {
        const key = window.sessionStorage.key(index) ?? '';
        if (key.startsWith('oidc.user:')) {
          return (JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { access_token?: string })
            .access_token;
        }
      }
      return undefined;
    });
  await expect
    .poll(async () => {
      const token = await readToken();
      if (!token) return 'no token';
      const users = endpointUrl('/api/Management/GetUsers', { query: { current: 1, pageSize: 50 } });
      const answer = await page.request.get(users, {
        headers: { authorization: `Bearer ${token}` },
      });
      const batch = await page.request.post('/api/Management/BatchUserOperation', {
        headers: { authorization: `Bearer ${token}` },
        data: { permissionMap: null, expiryInDays: 1000, rows: [] } satisfies BatchUserOperationRequest,
      });
      return `${answer.status()} ${batch.status()}`;
    })
    .toBe('403 403');
  console.expectNone();
  await context.close();
});
