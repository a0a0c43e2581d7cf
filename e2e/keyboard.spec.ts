import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { api, grantRoles } from './support/api.ts';
import { openContext, rowOf, toast } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CAPTCHA_CODE } from './support/env.ts';
import {
  createConfirmedAccount,
  expectSignInPage,
  PAGE_LOAD_TIMEOUT,
  REDIRECT_TIMEOUT,
  SCREENSHOTS,
  signIn,
  uniqueEmail,
  watchConsole,
} from './support/journey.ts';
import { expectFocusOn, expectVisibleFocus, switchLanguageByKeyboard, tabTo } from './support/keyboard.ts';

// With the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape; no clicks): a member signs in and
// publishes an article, and an administrator uses the users' batch dialog. Focus must land in each dialog
// when it opens, return to what opened it when it closes, and be visible on the way.

test.use({ locale: 'zh-CN' });

const run = Date.now().toString(36);

/** A close-up of a control with its focus ring, for people to look at (e2e/screenshots). */
async function shootControl(page: Page, control: Locator, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await control.screenshot({ path: `${SCREENSHOTS}/${name}.png`, animations: 'disabled', caret: 'hide' });
}

test('sign-in, publishing an article and the batch dialog with the keyboard alone', async ({
  browser,
  request,
}) => {
  // About 1.7 min on a quiet machine, over 3 min with both cores busy beside it.
  test.setTimeout(360_000);
  const email = uniqueEmail('keyboard');
  const password = 'Keyboard-pass-2025';
  await createConfirmedAccount(request, email, password);

  // The administrator signs in through the shared helper (its sign-in may grow steps); a member role and a
  // category to publish in are prepared through the API.
  const admin = await openContext(browser);
  const adminConsole = watchConsole(admin.page);
  await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/account/list');
  await grantRoles(admin.page, email, ['StandardUser']);
  const category = `键盘 ${run}`;
  await api(admin.page, 'POST', '/api/ArticleClassification/Edit', {
    body: { label: category, sort: 9, show: 1, pids: [] },
  });
  // A rolling notice, so that the member's pages show the notice bar.
  const notice = `键盘公告 ${run}`;
  const { id: messageId } = await api(admin.page, 'POST', '/api/SystemMessage/AddOrUpdateSystemMessage', {
    body: { title: notice, content: '滚动公告可以暂停。', isRoll: true, isPop: false },
  });

  // The member's browser does not ask for reduced motion: the notice bar scrolls, and offers its pause button.
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
    reducedMotion: 'no-preference',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const memberConsole = watchConsole(page);

  await test.step('sign in: fields in order, the captcha refreshed and announced, Enter submits', async () => {
    await page.goto('/personal/info');
    await expectSignInPage(page);
    await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
    // The language switch works from the keyboard too: the captcha's controls in English, then back.
    await switchLanguageByKeyboard(page, 'en');
    await tabTo(page, page.getByRole('button', { name: 'Show a new captcha image' }), { max: 60 });
    await expect(
      page.getByRole('img', { name: 'Captcha image: type the 6 characters it shows' }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('captcha-status')).toHaveText('A new captcha image is shown');
    await shootControl(page, page.getByTestId('login-form'), 'a11y-captcha-refresh-en');
    await switchLanguageByKeyboard(page, 'zh');
    await tabTo(page, page.getByTestId('login-email'), { max: 60 });
    await expectFocusOn(page, page.getByTestId('login-email'), 'the e-mail field comes first in the form');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByTestId('login-password'), 'Tab goes from e-mail to password');
    await page.keyboard.type(password);
    await tabTo(page, page.getByTestId('login-captcha'), { max: 6 });

    // The refresh control follows the captcha field; it shows a new image, says so, and keeps focus.
    const first = await page.getByTestId('captcha-image').locator('img').getAttribute('src');
    await page.keyboard.press('Tab');
    const refresh = page.getByRole('button', { name: '换一张验证码' });
    await expectFocusOn(page, refresh, 'Tab goes from the captcha field to its refresh button');
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('captcha-status')).toHaveText('已换一张新的验证码');
    await expect(page.getByTestId('captcha-image').locator('img')).not.toHaveAttribute('src', first ?? '');
    await expect(page.getByRole('img', { name: '图形验证码：请输入图中的 6 个字符' })).toBeVisible();
    await expectFocusOn(page, refresh, 'focus stays on the refresh button');
    await shootControl(page, page.getByTestId('login-form'), 'a11y-captcha-refresh-zh');

    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, page.getByTestId('login-captcha'), 'Shift+Tab goes back to the captcha field');
    await page.keyboard.type(CAPTCHA_CODE);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/personal\/info$/, { timeout: REDIRECT_TIMEOUT });
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: REDIRECT_TIMEOUT });
  });

  await test.step('the rolling notice bar: it stops while focus is in it, and its button pauses it', async () => {
    const bar = page.getByTestId('rolling-notice-bar');
    await expect(bar).toContainText(notice);
    const track = bar.locator('.cc-notice-track');
    const playState = () => track.evaluate((element) => getComputedStyle(element).animationPlayState);
    await expect.poll(playState).toBe('running');
    await tabTo(page, bar.getByTestId('rolling-notice-item').filter({ hasText: notice }), { max: 60 });
    await expectVisibleFocus(page);
    await expect.poll(playState).toBe('paused');
    const pause = bar.getByRole('button', { name: '暂停滚动' });
    await tabTo(page, pause);
    await expectVisibleFocus(page);
    await shootControl(page, bar, 'a11y-notice-bar-pause-zh');
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('button', { name: '继续滚动' })).toBeFocused();
    await page.keyboard.press('Tab');
    // Focus has left the bar; the button keeps it still.
    await expect.poll(playState).toBe('paused');
    await switchLanguageByKeyboard(page, 'en');
    const resume = bar.getByRole('button', { name: 'Resume scrolling' });
    await tabTo(page, resume, { back: true, max: 60 });
    await shootControl(page, bar, 'a11y-notice-bar-resume-en');
    await page.keyboard.press('Space');
    await expect(bar.getByRole('button', { name: 'Pause scrolling' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect.poll(playState).toBe('running');
    await switchLanguageByKeyboard(page, 'zh');
  });

  const headLine = `键盘发布 ${run}`;
  await test.step('publish an article: menu link, form, category, cover, editor, submit', async () => {
    const menuLink = page.getByTestId('personal-menu').getByRole('link', { name: '我的文章' });
    await tabTo(page, menuLink, { max: 60 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/personal\/article$/);
    await tabTo(page, page.getByTestId('my-article-publish'), { max: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/personal\/article\/add$/);

    await tabTo(page, page.getByTestId('article-headline'), { max: 60 });
    await page.keyboard.type(headLine);
    // The category picker: typed to search, the arrow marks the match and Enter picks it.
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.locator('#classification'), 'Tab goes from the title to the category');
    await page.keyboard.type(category);
    await expect(page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)')).toContainText(
      category,
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('article-form').locator('.ant-cascader')).toContainText(category);

    await tabTo(page, page.getByTestId('article-description'));
    await page.keyboard.type('只用键盘写成的一篇教学。');

    // The cover's button opens the file chooser with Enter.
    await tabTo(page, page.getByTestId('cover-choose'));
    await expectVisibleFocus(page);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2160e8' } })
        .png()
        .toBuffer(),
    });
    await expect(page.getByTestId('cover-preview').locator('img')).toHaveAttribute('src', /^\/uploads\//);

    // The editor's toolbar is one stop per button; then the text.
    await tabTo(page, page.getByTestId('editor-h2'));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('rich-text-editor-content'), { max: 30 });
    await page.keyboard.type('要点');
    await page.keyboard.press('Enter');
    await page.keyboard.type('先看趋势，再看形态。');
    await expect(page.getByTestId('rich-text-editor-content').locator('h2')).toHaveText('要点');

    await tabTo(page, page.getByTestId('article-submit'));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(toast(page, '发布成功，文章已提交审核')).toBeVisible();
    await expect(page).toHaveURL(/\/personal\/article$/);
    await expect(rowOf(page, headLine)).toBeVisible();
  });

  await test.step('batch dialog: select a row, open, fill, confirm; focus returns to the opener', async () => {
    const a = admin.page;
    await a.reload();
    await expect(a.getByTestId('users-table')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    // Search the member, then select the row with Space.
    await tabTo(a, a.getByTestId('user-search').locator('input'), { max: 60 });
    await a.keyboard.type(email);
    await a.keyboard.press('Enter');
    await expect(a.locator('tr.ant-table-row')).toHaveCount(1);
    const checkbox = a.getByRole('checkbox', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await tabTo(a, checkbox);
    await expectVisibleFocus(a);
    await a.keyboard.press('Space');
    await expect(a.getByTestId('selected-count')).toContainText('1');

    const opener = a.getByTestId('batch-open');
    await tabTo(a, opener, { back: true });
    await expectVisibleFocus(a);

    // Escape closes the dialog and focus returns to its opener.
    await a.keyboard.press('Enter');
    const dialog = a.getByRole('dialog', { name: '批量操作' });
    await expect(dialog).toBeVisible();
    await expectFocusOn(a, dialog, 'focus moves into the dialog when it opens');
    await a.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(a, opener, 'focus returns to the opener after Escape');

    // Again, and this time use it: tags (radio with arrows, select typed), 30 days, apply, confirm.
    await a.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await tabTo(a, dialog.getByRole('radio', { name: '保持标签不变' }));
    await a.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '将标签设为' })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: '将标签设为' })).toBeEnabled();
    await a.keyboard.press('Tab');
    await expectFocusOn(a, dialog.getByTestId('batch-tags'), 'Tab goes from the mode to the tags');
    await a.keyboard.type('高级');
    await a.keyboard.press('Enter');
    await expect(dialog.getByTestId('batch-tags')).toContainText('高级会员');
    await tabTo(a, dialog.getByTestId('batch-expiry-days'));
    await a.keyboard.type('30');
    await tabTo(a, dialog.getByTestId('batch-apply'));
    await expectVisibleFocus(a);
    await a.keyboard.press('Enter');
    const confirm = a.getByRole('dialog', { name: '确认批量操作？' });
    await expect(confirm).toBeVisible();
    await expectFocusOn(a, confirm, 'focus moves into the confirmation');
    await expect(confirm.getByTestId('batch-summary')).toContainText('高级会员');
    await tabTo(a, confirm.getByTestId('batch-confirm-ok'));
    await a.keyboard.press('Enter');
    await expect(toast(a, /已更新 1 个用户/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(confirm).toBeHidden();
    await expectFocusOn(a, opener, 'focus returns to the opener after the batch is applied');
    await expect(rowOf(a, email)).toContainText('高级会员');
  });

  await api(admin.page, 'POST', '/api/SystemMessage/DeleteSystemMessage', { query: { messageId } });
  memberConsole.expectNone();
  adminConsole.expectNone();
  await context.close();
  await admin.context.close();
});
