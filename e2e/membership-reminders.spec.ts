import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, userIdOf } from './support/api.ts';
import { openContext, rowOf } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, MEMBERSHIP_CONTACT } from './support/env.ts';
import {
  createConfirmedAccount,
  mails,
  PAGE_LOAD_TIMEOUT,
  shoot,
  signIn,
  switchLanguage,
  waitForMail,
  watchConsole,
} from './support/journey.ts';

// Journey: membership expiry reminders. The administrator gives a member 3 days (the 7-day reminder is due)
// and another, who last signed in in English, 1 day (the 1-day reminder); each gets the mail in their
// language and, on their next visit, the notice with the date, the days left and whom to contact, and
// dismisses it for good. A member whose membership ended is told once what they lost. The administrator
// sees who was reminded in the user detail. The notices and the admin's tab are looked at in zh and en.
// Time is not faked: the members' expiry dates are set through the admin API.

const run = randomBytes(4).toString('hex');
const password = 'Member-pass-2025';
const zhMember = `remind-${run}-zh@e2e.test`;
const enMember = `remind-${run}-en@e2e.test`;
const endedMember = `remind-${run}-ended@e2e.test`;

/** The StandardUser tag and a membership ending `memberDays` days from now, through the admin API. */
async function setMembership(admin: Page, email: string, memberDays: number): Promise<string> {
  const roles = await api(admin, 'GET', '/api/Management/GetRoles');
  const standard = roles.find((role) => role.roleName === 'StandardUser')!.roleId;
  const userId = await userIdOf(admin, email);
  await api(admin, 'POST', '/api/Management/AssignUserRole', {
    body: { userId, permissionMap: [standard], memberDays },
  });
  return userId;
}

async function openEnglishContext(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1600, height: 900 } });
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}

const noticeOf = (page: Page) => page.getByTestId('membership-notice');
/** Waits for the notice's dialog to finish its opening motion (for a steady screenshot). */
const settled = (page: Page) =>
  expect(page.locator('.ant-modal', { has: noticeOf(page) })).not.toHaveClass(/ant-zoom/);

test('members near expiry are reminded by mail and in the app, once; the admin sees who was reminded', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  await createConfirmedAccount(request, zhMember, password);
  await createConfirmedAccount(request, enMember, password);
  await createConfirmedAccount(request, endedMember, password);
  const admin = await openContext(browser);
  const zh = await openContext(browser);
  const en = await openEnglishContext(browser);
  const ended = await openContext(browser);
  const consoles = [admin, zh, en, ended].map(({ page }) => watchConsole(page));
  try {
    const a = admin.page;
    await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/account/list');

    // The English member signs in once in English (no membership yet: nothing to tell).
    await signIn(en.page, enMember, password, '/personal/info');
    await expect(en.page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(noticeOf(en.page)).toHaveCount(0);

    // --- 3 days left: the 7-day reminder, by mail in Chinese. ---
    const zhId = await setMembership(a, zhMember, 3);
    const zhMail = await waitForMail(request, zhMember, '您的会员将于');
    expect(zhMail.subject).toBe('【链策学堂】您的会员将在7天内到期');
    expect(zhMail.text).toContain(`如需续费，请联系：${MEMBERSHIP_CONTACT}`);

    // ...and in the app on the next visit.
    const m = zh.page;
    await signIn(m, zhMember, password, '/personal/info');
    const notice = noticeOf(m);
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-kind', 'reminder');
    await expect(notice.getByTestId('membership-notice-title')).toHaveText('您的会员即将到期');
    await expect(notice.getByTestId('membership-notice-text')).toContainText(/还剩 [34] 天/);
    await expect(notice.getByTestId('membership-notice-sections')).toContainText('支撑压力');
    await expect(notice.getByRole('link', { name: MEMBERSHIP_CONTACT })).toHaveAttribute(
      'href',
      `mailto:${MEMBERSHIP_CONTACT}`,
    );
    await settled(m);
    await shoot(m, 'membership-reminder-zh-1600');
    await m.setViewportSize({ width: 390, height: 844 });
    await expect(notice.getByTestId('membership-notice-dismiss')).toBeInViewport();
    await shoot(m, 'membership-reminder-zh-390');
    await m.setViewportSize({ width: 1600, height: 900 });
    await notice.getByTestId('membership-notice-dismiss').click();
    await expect(notice).toBeHidden();
    // Dismissed on the server: not again on this device, nor on another.
    await m.reload();
    await expect(m.getByTestId('personal-info')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    const other = await zh.context.browser()!.newContext({ locale: 'zh-CN' });
    try {
      const second = await other.newPage();
      await signIn(second, zhMember, password, '/personal/info');
      await expect(second.getByTestId('personal-info')).toBeVisible();
      await expect(noticeOf(second)).toHaveCount(0);
    } finally {
      await other.close();
    }
    await expect(noticeOf(m)).toHaveCount(0);

    // --- 1 day left for the English member: the 1-day reminder only, in English. ---
    await setMembership(a, enMember, 1);
    const enMail = await waitForMail(request, enMember, 'Your membership ends on');
    expect(enMail.subject).toBe('ChainCompass Academy: your membership ends within 1 day');
    await en.page.reload();
    const enNotice = noticeOf(en.page);
    await expect(enNotice).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expect(enNotice.getByTestId('membership-notice-title')).toHaveText('Your membership ends soon');
    await expect(enNotice.getByTestId('membership-notice-text')).toContainText(/1 day left|ends today/);
    await expect(enNotice.getByTestId('membership-notice-contact')).toContainText(
      `To renew, contact: ${MEMBERSHIP_CONTACT}`,
    );
    await settled(en.page);
    await shoot(en.page, 'membership-reminder-en-1600');
    await enNotice.getByTestId('membership-notice-dismiss').click();
    await expect(enNotice).toBeHidden();
    // One reminder mail each: the English member, found inside the last day, got no 7-day one.
    const reminderMails = (await mails(request)).filter((mail) =>
      /会员将在|membership ends within/.test(mail.subject),
    );
    expect(reminderMails.filter((mail) => mail.to.includes(enMember)).map((mail) => mail.subject)).toEqual([
      'ChainCompass Academy: your membership ends within 1 day',
    ]);
    expect(reminderMails.filter((mail) => mail.to.includes(zhMember))).toHaveLength(1);

    // --- A membership that has ended: told once what was lost and whom to contact. ---
    await setMembership(a, endedMember, -2);
    const e = ended.page;
    await signIn(e, endedMember, password, '/personal/info');
    const endedNotice = noticeOf(e);
    await expect(endedNotice).toBeVisible();
    await expect(endedNotice).toHaveAttribute('data-kind', 'ended');
    await expect(endedNotice.getByTestId('membership-notice-title')).toHaveText('您的会员已到期');
    await expect(endedNotice.getByTestId('membership-notice-sections')).toContainText('链上监控');
    await settled(e);
    await shoot(e, 'membership-ended-zh-1600');
    // The same person on an English device: the notice is still pending there; closed there, it is gone here.
    const english = await openEnglishContext(browser);
    try {
      await signIn(english.page, endedMember, password, '/personal/info');
      const there = noticeOf(english.page);
      await expect(there.getByTestId('membership-notice-title')).toHaveText('Your membership has ended');
      await expect(there.getByTestId('membership-notice-sections')).toContainText('Media monitoring');
      await settled(english.page);
      await shoot(english.page, 'membership-ended-en-1600');
      await there.getByTestId('membership-notice-dismiss').click();
      await expect(there).toBeHidden();
    } finally {
      await english.context.close();
    }
    await e.reload();
    await expect(e.getByTestId('personal-info')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expect(noticeOf(e)).toHaveCount(0);

    // --- The administrator sees who was reminded: threshold, the expiry it was for, when, the mail. ---
    await a.goto(`/admin/account/list/detail?userId=${zhId}`);
    await expect(a.getByTestId('user-detail')).toBeVisible();
    await a.getByTestId('reminders-tab').click();
    const tab = a.getByTestId('membership-reminders-tab');
    const row = rowOf(tab, '到期前 7 天');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('reminder-mail-state')).toHaveText('已发送');
    await expect(row.getByTestId('reminder-notice')).toContainText('已关闭于');
    await expect(tab.locator('tr.ant-table-row')).toHaveCount(1);
    await shoot(a, 'membership-reminders-admin-zh-1600');
    await switchLanguage(a, 'en');
    await expect(rowOf(tab, '7 days before').getByTestId('reminder-mail-state')).toHaveText('Sent');
    await shoot(a, 'membership-reminders-admin-en-1600');

    for (const watcher of consoles) watcher.expectNone();
  } finally {
    for (const { context } of [admin, zh, en, ended]) await context.close();
  }
});
