import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { api, grantRoles } from './support/api.ts';
import { openContext, pickOption, rowOf, soundPlays, toast } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import {
  createConfirmedAccount,
  PAGE_LOAD_TIMEOUT,
  shoot,
  signIn,
  switchLanguage,
  watchConsole,
} from './support/journey.ts';

// Journey: traders, strategies, subscriptions and system messages with real-time push (spec §1, §2, §4, §5).
// The administrator adds a trader key open to StandardUser; a standard member subscribes and watches the
// strategy feed while the administrator publishes a strategy (it arrives live, with a notification and the
// reminder sound); a member holding another role sees none of it; a pop-up system message reaches every open
// page. Everything this run created is switched off or deleted at the end, so other journeys see none of it.

test.use({ locale: 'zh-CN' });

const run = randomBytes(4).toString('hex');
const password = 'Member-pass-2025';
const standardEmail = `sig-${run}-std@e2e.test`;
const premiumEmail = `sig-${run}-pre@e2e.test`;
const visitorEmail = `sig-${run}-non@e2e.test`;
const traderName = `Alpha-${run}`;
const strategyTitle = `BTC 突破做多 ${run}`;
const messageTitle = `系统维护通知 ${run}`;
const messageContent = `今晚 23:00 至 23:30 进行系统维护，期间实时推送可能短暂中断。(${run})`;

const popupOf = (page: Page) => page.getByTestId('system-message-popup').filter({ hasText: messageTitle });

async function waitForLive(page: Page) {
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
}

test('strategies and system messages are pushed live to the right people', async ({ browser, request }) => {
  // About 2.5 minutes on a quiet machine; three times that on a busy one.
  test.setTimeout(480_000);
  await Promise.all(
    [standardEmail, premiumEmail, visitorEmail].map((email) =>
      createConfirmedAccount(request, email, password),
    ),
  );

  const admin = await openContext(browser);
  const member = await openContext(browser);
  const other = await openContext(browser);
  const visitor = await openContext(browser);
  const consoles = [admin, member, other, visitor].map(({ page }) => watchConsole(page));
  const cleanup: (() => Promise<unknown>)[] = [];

  try {
    // --- The administrator adds a trader key through the drawer, then opens it to StandardUser. ---
    const a = admin.page;
    await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/trader/management');
    await expect(a.getByRole('heading', { name: '交易员管理' })).toBeVisible();
    await a.getByTestId('trader-add').click();
    const form = a.getByTestId('trader-form');
    await expect(form).toBeVisible();
    const drawer = a.locator('.ant-drawer-content-wrapper');
    const drawerWidth = async () => Math.round((await drawer.boundingBox())?.width ?? 0);
    await expect.poll(drawerWidth).toBe(980);
    await a.getByTestId('trader-currency-ratio').fill('');
    await a.getByTestId('trader-save').click();
    for (const text of ['Trader名称为必填项', 'API KEY为必填项', 'Api Secret为必填项', '货币比例为必填项']) {
      await expect(form.getByText(text)).toBeVisible();
    }
    // A ratio at or below 0 is refused with the spec's message, not quietly raised to the minimum.
    await a.getByTestId('trader-currency-ratio').fill('0');
    await a.getByTestId('trader-currency-ratio').blur();
    await expect(form.getByText('比例不能小于0.000001')).toBeVisible();
    await expect(a.getByTestId('trader-currency-ratio')).toHaveValue(/^0(\.0+)?$/);
    await shoot(a, 'signals-traders-drawer-ratio-zh-1600');
    await a.getByTestId('trader-name').fill(traderName);
    await a.getByTestId('trader-key').fill(`ak-${run}-0123456789abcd`);
    await a.getByTestId('trader-secret').fill(`sk-${run}-secret-value`);
    await a.getByTestId('trader-currency-ratio').fill('1.5');
    await a.getByTestId('trader-leverage-ratio').fill('3');
    await expect(form.getByText('货币比例为必填项')).toHaveCount(0);
    await shoot(a, 'signals-traders-drawer-zh-1600');
    await a.getByTestId('trader-save').click();
    await expect(toast(a, `已新增 Trader ${traderName}`)).toBeVisible();

    const permissions = a.locator('.ant-modal', { has: a.getByTestId('permissions-form') });
    await expect(form).toBeHidden();
    await expect(permissions).toContainText('Trader 已创建');
    await pickOption(
      a,
      permissions.getByTestId('permissions-select'),
      '标准会员',
      permissions.locator('.ant-modal-title'),
    );
    await permissions.getByTestId('permissions-save').click();
    await expect(toast(a, `已保存 ${traderName} 的订阅权限`)).toBeVisible();
    const traderRow = rowOf(a, traderName);
    await expect(traderRow.getByTestId('trader-roles')).toHaveText('标准会员');
    await expect(traderRow).toContainText('********abcd');
    await expect(traderRow).toContainText('1.5');
    cleanup.push(async () => {
      const keys = await api(a, 'GET', '/api/TraderKey/GetAllApiKeys');
      const key = keys.find((candidate) => candidate.keyName === traderName);
      if (key) {
        await api(a, 'POST', '/api/TraderKey/ActiviateApiKey', { body: { apiKeyId: key.id, active: false } });
      }
    });

    // Editing keeps the stored key and secret when they are left blank.
    await traderRow.getByTestId('trader-edit').click();
    await expect(a.getByTestId('trader-name')).toHaveValue(traderName);
    await expect(a.getByTestId('trader-key')).toHaveValue('');
    await expect(form).toContainText('留空则保留原值');
    await a.getByTestId('trader-leverage-ratio').fill('2');
    await a.getByTestId('trader-save').click();
    await expect(toast(a, `已保存 Trader ${traderName}`)).toBeVisible();
    await expect(traderRow).toContainText('********abcd');
    await expect(traderRow.getByTestId('trader-leverage')).toHaveText('2');
    await shoot(a, 'signals-traders-zh-1600');

    // --- The members: one StandardUser (admitted), one PremiumUser (not admitted), one non-member. ---
    await grantRoles(a, standardEmail, ['StandardUser']);
    await grantRoles(a, premiumEmail, ['PremiumUser']);

    const m = member.page;
    await signIn(m, standardEmail, password, '/personal/subscribe');
    const item = m.getByTestId('subscribe-item').filter({ hasText: traderName });
    await expect(item).toContainText('未订阅');
    await item.getByRole('switch').click();
    await expect(toast(m, `已订阅 ${traderName}`)).toBeVisible();
    await expect(item).toContainText('已订阅');
    await shoot(m, 'signals-subscribe-zh-1600');

    const o = other.page;
    await signIn(o, premiumEmail, password, '/personal/subscribe');
    await expect(o.getByTestId('subscribe-empty')).toContainText('暂无可订阅的交易员');
    await o.goto('/?type=2');
    await waitForLive(o);
    await expect(o.getByTestId('advisory-feed-empty')).toContainText('您还没有订阅任何交易员');

    const v = visitor.page;
    await signIn(v, visitorEmail, password, '/personal/subscribe');
    await expect(v.getByTestId('subscribe-not-member')).toContainText('成为会员后即可订阅交易员');

    await m.getByRole('link', { name: '查看策略交易' }).click();
    await expect(m).toHaveURL(/\/\?type=2$/);
    await expect(m.getByRole('tab', { name: '策略交易' })).toHaveAttribute('aria-selected', 'true');
    await waitForLive(m);
    await expect(m.getByTestId('advisory-feed-empty')).toContainText('您订阅的交易员还没有发布策略');
    await m.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const playsBefore = await soundPlays(m);

    // --- The administrator publishes a strategy; the subscribed member sees it arrive. ---
    await a.getByTestId('admin-menu').getByRole('link', { name: '策略', exact: true }).click();
    await expect(a).toHaveURL(/\/admin\/content\/advisory$/);
    await a.getByTestId('advisory-add').click();
    const advisoryForm = a.getByTestId('advisory-form');
    // No description yet: the default shows as a hint, in the reader's language.
    await expect(a.getByTestId('advisory-desc')).toHaveValue('');
    await expect(a.getByTestId('advisory-desc')).toHaveAttribute('placeholder', '无描述');
    await a.getByTestId('advisory-submit').click();
    await expect(advisoryForm.getByText('策略标题为必填项')).toBeVisible();
    await a.getByTestId('advisory-title').fill(strategyTitle);
    await a.getByTestId('advisory-desc').fill('内部备注：突破 10 万后的短线思路。');
    await pickOption(a, a.getByTestId('advisory-traders'), traderName, a.getByTestId('advisory-title'));
    const editor = a.locator('.rich-text-editor .ProseMirror');
    await editor.click();
    await a.keyboard.type(`入场 98500，止损 97200，目标 102000。${run}`);
    await shoot(a, 'signals-advisory-edit-zh-1600');
    await a.getByTestId('advisory-submit').click();
    await expect(toast(a, `已发布策略“${strategyTitle}”`)).toBeVisible();
    await expect(a).toHaveURL(/\/admin\/content\/advisory$/);
    cleanup.push(async () => {
      const all = await api(a, 'GET', '/api/Advisory/GetAllAds');
      for (const advisory of all.filter((candidate) => candidate.title === strategyTitle)) {
        await api(a, 'POST', '/api/Advisory/DeleteAdvisory', { query: { advisoryId: advisory.id } });
      }
    });

    const card = m.getByTestId('advisory-card').filter({ hasText: strategyTitle });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('advisory-new')).toBeVisible();
    await expect(card).toContainText(traderName);
    await expect(card.getByTestId('advisory-content')).toContainText('入场 98500，止损 97200');
    await expect(m.getByTestId('advisory-notification').filter({ hasText: strategyTitle })).toBeVisible();
    await expect.poll(() => soundPlays(m)).toBeGreaterThan(playsBefore);
    await m.getByTestId('advisory-notification').locator('.ant-notification-notice-close').click();
    await expect(m.getByTestId('advisory-notification')).toHaveCount(0);
    expect(await m.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );

    // The member reacts; the count comes back through the hub and the choice is highlighted.
    const listRow = rowOf(a, strategyTitle);
    await expect(listRow.getByTestId('advisory-count-1')).toHaveText('0');
    await card.getByTestId('reaction-following').click();
    await expect(toast(m, '已记录您的选择：跟单')).toBeVisible();
    await expect(card.getByTestId('count-following')).toHaveText('1');
    await expect(card.getByTestId('reaction-following')).toHaveAttribute('aria-pressed', 'true');

    // The member whose role the key does not admit received nothing.
    await expect(o.getByTestId('advisory-feed-empty')).toBeVisible();
    await expect(o.getByText(strategyTitle)).toHaveCount(0);
    await expect(o.getByTestId('advisory-notification')).toHaveCount(0);

    // --- The administrator's strategy list (updated live, no reload) and detail. ---
    await expect(listRow.getByTestId('advisory-count-1')).toHaveText('1');
    await expect(listRow).toContainText(traderName);
    await shoot(a, 'signals-advisory-list-zh-1600');
    await listRow.getByTestId('advisory-row-title').click();
    await expect(a).toHaveURL(/\/admin\/content\/advisory\/detail\?id=\d+$/);
    await expect(a.getByTestId('advisory-detail-title')).toHaveText(strategyTitle);
    await expect(a.getByTestId('advisory-detail-desc')).toHaveText('内部备注：突破 10 万后的短线思路。');
    await expect(a.getByTestId('advisory-detail-content')).toContainText('目标 102000');
    await expect(a.getByTestId('advisory-detail-counts')).toContainText('1');
    await shoot(a, 'signals-advisory-detail-zh-1600');
    await a.setViewportSize({ width: 390, height: 844 });
    await shoot(a, 'signals-advisory-detail-zh-390');
    await a.setViewportSize({ width: 1600, height: 900 });

    // --- A pop-up, rolling system message reaches every open page. ---
    await v.goto('/personal/info');
    await expect(v.getByTestId('personal-info')).toBeVisible();
    const memberPlays = await soundPlays(m);
    await a.getByTestId('admin-menu').getByRole('link', { name: '系统消息' }).click();
    await a.getByTestId('message-add').click();
    const messageForm = a.getByTestId('message-form');
    await a.getByTestId('message-save').click();
    await expect(messageForm.getByText('消息标题为必填项')).toBeVisible();
    await expect(messageForm.getByText('消息内容为必填项')).toBeVisible();
    await a.getByTestId('message-title').fill(messageTitle);
    await a.getByTestId('message-content').fill(messageContent);
    await a.getByTestId('message-roll').click();
    await a.getByTestId('message-pop').click();
    await a.getByTestId('message-save').click();
    await expect(toast(a, `已发布消息“${messageTitle}”`)).toBeVisible();
    cleanup.push(async () => {
      const all = await api(a, 'GET', '/api/SystemMessage/GetAllSystemMessage');
      for (const message of all.filter((candidate) => candidate.title === messageTitle)) {
        await api(a, 'POST', '/api/SystemMessage/DeleteSystemMessage', { query: { messageId: message.id } });
      }
    });
    const messageRow = rowOf(a, messageTitle);
    await expect(messageRow).toContainText('默认管理员');
    await expect(messageRow.getByTestId('message-pop-switch')).toHaveAttribute('aria-checked', 'true');

    for (const page of [a, m, o, v]) {
      await expect(popupOf(page)).toContainText(messageContent);
      await expect(page.getByTestId('rolling-notice-bar')).toContainText(messageTitle);
    }
    await expect.poll(() => soundPlays(m)).toBeGreaterThan(memberPlays);
    await expect(popupOf(m)).toContainText('默认管理员');
    await shoot(m, 'signals-trading-feed-popup-zh-1600');
    await popupOf(a).locator('.ant-notification-notice-close').click();
    await expect(popupOf(a)).toHaveCount(0);
    await shoot(a, 'signals-system-messages-zh-1600');

    // Closed once, it stays closed for that person, also after a reload; others still have it.
    await popupOf(v).locator('.ant-notification-notice-close').click();
    await expect(popupOf(v)).toHaveCount(0);
    await v.reload();
    await expect(v.getByTestId('rolling-notice-bar')).toContainText(messageTitle, {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(popupOf(v)).toHaveCount(0);

    // The rolling bar opens the whole message (keyboard.spec.ts pauses a moving bar; other journeys' messages
    // may share this bar, so its controls are not counted here).
    await v.getByTestId('rolling-notice-item').filter({ hasText: messageTitle }).click();
    await expect(v.getByRole('dialog', { name: messageTitle })).toContainText(messageContent);
    await v.getByRole('dialog', { name: messageTitle }).getByRole('button', { name: '关闭' }).first().click();

    // Turning pop off closes the popup on the pages that still show it.
    await messageRow.getByTestId('message-pop-switch').click();
    await expect(toast(a, `“${messageTitle}”已取消弹窗`)).toBeVisible();
    await expect(popupOf(o)).toHaveCount(0);

    // --- Notices: every message, newest first, with publisher and time. ---
    await m.getByTestId('menu-horizontal').getByRole('link', { name: '公告' }).click();
    await expect(m).toHaveURL(/\/notice$/);
    const notice = m.getByTestId('notice-item').filter({ hasText: messageTitle });
    await expect(notice).toContainText(messageContent);
    await expect(notice.getByTestId('notice-publisher')).toHaveText('默认管理员');
    await shoot(m, 'signals-notice-zh-1600');
    await m.setViewportSize({ width: 390, height: 844 });
    await shoot(m, 'signals-notice-zh-390');
    await m.setViewportSize({ width: 1600, height: 900 });

    // --- English and narrow screens. ---
    await switchLanguage(m, 'en');
    await expect(notice.getByTestId('notice-publisher')).toHaveText('Default administrator');
    await shoot(m, 'signals-notice-en-1600');
    await m.setViewportSize({ width: 390, height: 844 });
    await shoot(m, 'signals-notice-en-390');
    await m.goto('/?type=2');
    await expect(card).toBeVisible();
    await expect(m.getByRole('tab', { name: 'Strategy trading' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByTestId('reaction-following')).toContainText('Follow');
    await shoot(m, 'signals-trading-feed-en-390');
    await m.getByRole('tab', { name: 'Live trading' }).click();
    await expect(m).toHaveURL(/\/\?type=1$/);
    // The member's trader is listed on the live and statistics tabs (its account is not followed here).
    await expect(m.getByTestId('live-page')).toBeVisible();
    await m.getByRole('tab', { name: 'Trading statistics' }).click();
    await expect(m).toHaveURL(/[?&]type=3/);
    await expect(m.getByTestId('statistics-page')).toBeVisible();
    await m.setViewportSize({ width: 1600, height: 900 });
    await m.getByRole('tab', { name: 'Strategy trading' }).click();
    await expect(card).toBeVisible();
    await shoot(m, 'signals-trading-feed-en-1600');
    await m.goto('/personal/subscribe');
    await expect(item).toContainText('Subscribed');
    await shoot(m, 'signals-subscribe-en-1600');
    await m.setViewportSize({ width: 390, height: 844 });
    await shoot(m, 'signals-subscribe-en-390');

    // The pop flag comes back: the member who never closed it sees it again, in English.
    await messageRow.getByTestId('message-pop-switch').click();
    await expect(popupOf(m)).toContainText('Default administrator');
    await m.goto('/?type=2');
    await expect(card).toBeVisible();
    await shoot(m, 'signals-trading-feed-popup-en-390');
    await m.setViewportSize({ width: 1600, height: 900 });
    await shoot(m, 'signals-trading-feed-popup-en-1600');
    await switchLanguage(m, 'zh');
    await m.setViewportSize({ width: 390, height: 844 });
    await shoot(m, 'signals-trading-feed-popup-zh-390');

    await switchLanguage(a, 'en');
    await expect(messageRow).toContainText('Default administrator');
    await shoot(a, 'signals-system-messages-en-1600');
    await a.setViewportSize({ width: 390, height: 844 });
    await shoot(a, 'signals-system-messages-en-390');
    await a.setViewportSize({ width: 1600, height: 900 });
    await a.getByTestId('admin-menu').getByRole('link', { name: 'Strategies', exact: true }).click();
    await expect(rowOf(a, strategyTitle)).toBeVisible();
    await shoot(a, 'signals-advisory-list-en-1600');
    await a.setViewportSize({ width: 390, height: 844 });
    await shoot(a, 'signals-advisory-list-en-390');
    await a.setViewportSize({ width: 1600, height: 900 });
    await rowOf(a, strategyTitle).getByTestId('advisory-row-title').click();
    await expect(a.getByTestId('advisory-detail-counts')).toContainText('Following');
    await shoot(a, 'signals-advisory-detail-en-1600');
    await a.getByTestId('admin-menu').getByRole('link', { name: 'Trader management' }).click();
    await rowOf(a, traderName).getByTestId('trader-edit').click();
    await expect(a.getByTestId('trader-form')).toContainText('Leave blank to keep the stored value');
    await shoot(a, 'signals-traders-drawer-en-1600');
    await a.getByTestId('trader-leverage-ratio').fill('0');
    await a.getByTestId('trader-leverage-ratio').blur();
    await expect(a.getByTestId('trader-form').getByText('The ratio must be at least 0.000001')).toBeVisible();
    await shoot(a, 'signals-traders-drawer-ratio-en-1600');
    await a.setViewportSize({ width: 390, height: 844 });
    await expect.poll(drawerWidth).toBe(390);
    await shoot(a, 'signals-traders-drawer-en-390');
    await a.setViewportSize({ width: 1600, height: 900 });
    await a.locator('.ant-drawer').getByRole('button', { name: 'Cancel' }).click();
    await expect(a.getByTestId('trader-form')).toBeHidden();
    await rowOf(a, traderName).getByTestId('trader-active-switch').click();
    await expect(toast(a, `${traderName} deactivated`)).toBeVisible();
    await expect(rowOf(a, traderName).getByTestId('trader-active-switch')).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // Deleting a strategy removes it from the member's feed at once.
    await a.getByTestId('admin-menu').getByRole('link', { name: 'Strategies', exact: true }).click();
    await rowOf(a, strategyTitle).getByTestId('advisory-delete').click();
    await a.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(a, `Strategy “${strategyTitle}” deleted`)).toBeVisible();
    await expect(card).toHaveCount(0);

    // And deleting the message (after confirming) takes it off every page.
    await a.getByTestId('admin-menu').getByRole('link', { name: 'System messages' }).click();
    await rowOf(a, messageTitle).getByTestId('message-delete').click();
    await a.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(a, `Message “${messageTitle}” deleted`)).toBeVisible();
    await expect(popupOf(m)).toHaveCount(0);
    // Other journeys may be showing rolling notices of their own at the same moment: this one must go.
    await expect(o.getByTestId('rolling-notice-item').filter({ hasText: messageTitle })).toHaveCount(0);

    for (const watcher of consoles) watcher.expectNone();
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    for (const { context } of [admin, member, other, visitor]) await context.close();
  }
});
