import { expect, test } from '@playwright/test';
import {
  createConfirmedAccount,
  expectSignInPage,
  failOnConsoleErrors,
  linkIn,
  shoot,
  submitLogin,
  uniqueEmail,
  waitForMail,
} from './support/journey.ts';

// Journey (c): forgot password on the login screen, the mailed link, a new password, and signing in with it.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

test('reset the password through the mailed link, then sign in with the new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  const oldPassword = 'Old-pass-2025';
  const newPassword = 'New-pass-2026';
  await createConfirmedAccount(request, email, oldPassword);
  await page.setViewportSize({ width: 1600, height: 900 });

  await page.goto('/personal/info');
  await expectSignInPage(page);
  await page.getByTestId('to-forgot').click();
  await expect(page.getByTestId('auth-heading')).toHaveText('找回密码');

  // Step one: sending needs a non-empty e-mail without a field error, and happens once.
  const send = page.getByTestId('forgot-submit');
  await expect(send).toBeDisabled();
  await page.getByTestId('forgot-email').fill('not-an-email');
  await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();
  await expect(send).toBeDisabled();
  await page.getByTestId('forgot-email').fill(email);
  await expect(send).toBeEnabled();
  await shoot(page, 'forgot-zh-1600');
  await send.click();
  await expect(page.getByTestId('forgot-sent')).toContainText(email);
  await expect(page.getByTestId('forgot-email')).toBeDisabled();
  await expect(send).toBeDisabled();
  await expect(send).toHaveText('重置码已发送');
  await shoot(page, 'forgot-sent-zh-1600');

  // Step two: the mailed link carries the code and the user.
  const mail = await waitForMail(request, email, '/authentication/forgotpassword');
  expect(mail.text).toContain('您的重置码');
  await page.goto(linkIn(mail, '/authentication/forgotpassword'));
  await expect(page.getByTestId('auth-heading')).toHaveText('设置新密码');
  const code = new URL(linkIn(mail, '/authentication/forgotpassword'), 'http://x').searchParams.get('code');
  await expect(page.getByTestId('reset-code')).toHaveValue(code ?? '');
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-confirm').fill(`${newPassword}x`);
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByTestId('reset-confirm').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-submit')).toHaveText(/密码已重置，请返回登录/);
  await expect(page.getByTestId('reset-submit')).toBeDisabled();
  await shoot(page, 'reset-done-zh-1600');

  // Back to sign in: the old password no longer works, the new one does, and the return URL is kept.
  await page.getByTestId('reset-back').click();
  await expectSignInPage(page);
  await submitLogin(page, email, oldPassword);
  await expect(page.getByTestId('login-outcome')).toContainText('Fail_IncorrectPwd');
  await submitLogin(page, email, newPassword);
  await expect(page).toHaveURL(/\/personal\/info$/);
  await expect(page.getByTestId('personal-info')).toContainText(email);
});
