import { expect, test } from '@playwright/test';
import {
  createConfirmedAccount,
  expectSignInPage,
  failOnConsoleErrors,
  shoot,
  submitLogin,
  uniqueEmail,
} from './support/journey.ts';

// Journey (b): five wrong passwords lock the account (spec §4 code 1, Fail_Lock); while it is locked even
// the right password is refused.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

test('five wrong passwords lock the account and the right one is refused', async ({ page, request }) => {
  const email = uniqueEmail('lockout');
  const password = 'Right-pass-2025';
  await createConfirmedAccount(request, email, password);
  await page.setViewportSize({ width: 1600, height: 900 });

  await page.goto('/personal/info');
  await expectSignInPage(page);
  const outcome = page.getByTestId('login-outcome');

  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitLogin(page, email, `Wrong-pass-${attempt}`);
    await expect(outcome).toContainText('Fail_IncorrectPwd');
    await expect(outcome).toContainText('用户名或密码错误');
    // Captchas are single use: the form clears the answer and shows a new image.
    await expect(page.getByTestId('login-captcha')).toHaveValue('');
  }
  await submitLogin(page, email, 'Wrong-pass-5');
  await expect(outcome).toContainText('Fail_Lock');
  await expect(outcome).toContainText('账户已锁定，请联系管理员');

  await submitLogin(page, email, password);
  await expect(outcome).toContainText('Fail_Lock');
  await expectSignInPage(page);
  await expect(page.getByTestId('login-captcha')).toHaveValue('');
  await shoot(page, 'login-locked-zh-1600');
});
