import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  createConfirmedAccount,
  expectLabelPlacement,
  expectSignInPage,
  shoot,
  signIn,
  switchLanguage,
  uniqueEmail,
  waitForMail,
  watchConsole,
} from './support/journey.ts';

// The personal pages of spec §2: account info, editing the profile and avatar, and security settings
// (password, e-mail, signed-in devices), in both languages.

test.use({ locale: 'zh-CN' });

test('account info, profile and avatar', async ({ page, request }) => {
  const console = watchConsole(page);
  // The deliberately broken upload below is refused by the server.
  console.allow(/status of 400.*UploadAvatar/);
  const email = uniqueEmail('profile');
  const password = 'Profile-pass-2025';
  await createConfirmedAccount(request, email, password);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, email, password, '/personal/info');

  const info = page.getByTestId('personal-info');
  await expect(info).toContainText(email);
  await expect(page.getByTestId('membership-level')).toHaveText('非会员');
  await expect(page.getByTestId('personal-avatar').locator('img')).toHaveAttribute(
    'src',
    '/media/default-avatar.svg',
  );

  await page.getByTestId('personal-menu').getByRole('link', { name: '修改资料' }).click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expectLabelPlacement(page.getByTestId('edit-nickname'), 'beside');
  await page.setViewportSize({ width: 749, height: 900 });
  await expectLabelPlacement(page.getByTestId('edit-nickname'), 'above');
  await page.setViewportSize({ width: 750, height: 900 });
  await expectLabelPlacement(page.getByTestId('edit-nickname'), 'beside');
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.getByTestId('edit-phone').fill('12');
  await expect(page.getByText('请输入有效的电话号码')).toBeVisible();
  await page.getByTestId('edit-nickname').fill('Lin Qiao');
  await page.getByTestId('edit-gender').getByText('女').click();
  await page.getByTestId('edit-phone').fill('+86 138 1234 5678');
  await page.getByTestId('edit-save').click();
  await expect(page.locator('.ant-message-notice').getByText('资料已保存')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Lin Qiao');

  const upload = page.locator('[data-testid=avatar-upload] input[type=file]');
  await upload.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.locator('.ant-message-notice').getByText(/上传失败/)).toBeVisible();
  // Declared as PNG, but the bytes are not an image: the server refuses it.
  await upload.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a png'),
  });
  // The server's reason (the browser's own refusal above may still be on screen).
  await expect(page.locator('.ant-message-notice').getByText(/上传失败: 只能上传/)).toBeVisible();

  const png = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#2160e8' } })
    .png()
    .toBuffer();
  await upload.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('.ant-message-notice').getByText('头像已更新')).toBeVisible();
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute(
    'src',
    /^\/uploads\/avatars\//,
  );
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\//);
  await shoot(page, 'personal-edit-zh-1600');

  await page.getByTestId('personal-menu').getByRole('link', { name: '账户信息' }).click();
  await expect(page.getByTestId('personal-name')).toHaveText('Lin Qiao');
  await expect(info).toContainText('+86 138 1234 5678');
  await expect(info).toContainText('女');
  await shoot(page, 'personal-info-zh-1600');

  await switchLanguage(page, 'en');
  await expect(info).toContainText('Not a member');
  await expect(info).toContainText('Female');
  await shoot(page, 'personal-info-en-1600');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'personal-info-en-390');
  await page.getByTestId('personal-menu').getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expectLabelPlacement(page.getByTestId('edit-phone'), 'above');
  await shoot(page, 'personal-edit-en-390');
  console.expectNone();
});

test('security settings: password, e-mail and the other sessions', async ({ page, browser, request }) => {
  // Two devices, each signing in twice: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const console = watchConsole(page);
  // The wrong current password below is refused by the server.
  console.allow(/status of 400.*PostChangePassword/);
  const email = uniqueEmail('security');
  const newEmail = uniqueEmail('security-new');
  const password = 'Secure-pass-2025';
  const changed = 'Secure-pass-2026';
  await createConfirmedAccount(request, email, password);

  // A second device signs in first.
  const other = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  const otherPage = await other.newPage();
  await signIn(otherPage, email, password, '/personal/info');

  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, email, password, '/personal/safeset');
  const sessions = page.getByTestId('sessions-table');
  await expect(sessions.locator('tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('this-device')).toHaveCount(1);
  await expect(sessions).toContainText('Chrome');
  await shoot(page, 'personal-safeset-zh-1600');

  // Change the password: the server's field error lands on the field.
  await page.getByTestId('current-password').fill('Not-my-password-1');
  await page.getByTestId('new-password').fill(changed);
  await page.getByTestId('confirm-password').fill(changed);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('change-password-form').getByText('当前密码错误')).toBeVisible();
  await page.getByTestId('current-password').fill(password);
  await page.getByTestId('change-password-submit').click();
  await expect(page.locator('.ant-message-notice').getByText('密码已修改，其他设备已退出登录')).toBeVisible();
  // The other device is signed out at once; this one stays.
  await expect(sessions.locator('tr.ant-table-row')).toHaveCount(1);
  // The other device may already be on its way to the sign-in page (its hub connection was dropped when
  // its session ended); opening a page there leads to the sign-in page either way.
  await otherPage.goto('/personal/safeset').catch((error: Error) => {
    if (!/interrupted by another navigation|net::ERR_ABORTED/.test(error.message)) throw error;
  });
  await expectSignInPage(otherPage);

  // Change the e-mail: nothing changes until the link mailed to the new address is opened.
  await page.getByTestId('new-email').fill(newEmail);
  await page.getByTestId('email-password').fill(changed);
  await page.getByTestId('change-email-submit').click();
  await expect(page.getByTestId('email-change-sent')).toContainText(newEmail);
  await page.getByTestId('personal-menu').getByRole('link', { name: '账户信息' }).click();
  await expect(page.getByTestId('pending-email')).toContainText(newEmail);
  await expect(page.getByTestId('personal-info')).toContainText(email);
  const mail = await waitForMail(request, newEmail, '/authentication/confirm-email');
  const link = /https?:\/\/\S+\/authentication\/confirm-email\?\S+/.exec(mail.text)?.[0] ?? '';
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('confirm-email-done')).toContainText('邮箱已更改');
  await page.getByTestId('confirm-account').click();
  await expect(page.getByTestId('personal-info')).toContainText(newEmail);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);

  // The other device signs in again with the new credentials; this one ends its session, after confirming.
  await signIn(otherPage, newEmail, changed, '/personal/info');
  await page.getByTestId('personal-menu').getByRole('link', { name: '安全设置' }).click();
  await expect(sessions.locator('tr.ant-table-row')).toHaveCount(2);
  await page.getByTestId('end-other-sessions').click();
  await page.getByTestId('end-others-ok').click();
  await expect(page.locator('.ant-message-notice').getByText('已结束 1 个会话')).toBeVisible();
  await expect(sessions.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('end-other-sessions')).toBeDisabled();

  await switchLanguage(page, 'en');
  await expect(page.getByTestId('this-device')).toHaveText('This device');
  await shoot(page, 'personal-safeset-en-1600');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'personal-safeset-en-390');

  // The other device is signed out: its next visit to a personal page leads to the login flow.
  await otherPage.goto('/personal/safeset');
  await expectSignInPage(otherPage);
  await other.close();
  console.expectNone();
});
