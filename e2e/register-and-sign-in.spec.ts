import { expect, test } from '@playwright/test';
import {
  expectSignInPage,
  failOnConsoleErrors,
  linkIn,
  shoot,
  submitLogin,
  uniqueEmail,
  waitForMail,
} from './support/journey.ts';

// Journey (a): a visitor opens a guarded page, registers on the login screen, confirms the e-mail through
// the mailed link, signs in and lands on the page they were going to.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

test('register, confirm the mailed link, sign in and land on the return URL', async ({ page, request }) => {
  const email = uniqueEmail('register');
  const password = 'Str0ng-pass-2025';
  await page.setViewportSize({ width: 1600, height: 900 });

  await page.goto('/personal/info');
  await expectSignInPage(page);
  await expect(page.getByTestId('auth-heading')).toHaveText('欢迎回来');

  await page.getByTestId('to-register').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expect(page.getByTestId('register-terms')).toBeChecked();
  await expect(page.getByTestId('register-region')).toBeChecked();

  // The rules of spec §5, with the shared messages.
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('short');
  await page.getByTestId('register-confirm').fill('different');
  await expect(page.getByText('密码长度须为8-30个字符')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm').fill(password);
  await expect(page.getByText('两次输入的密码不一致')).toHaveCount(0);

  await page.getByTestId('register-terms').uncheck();
  await page.getByTestId('register-region').uncheck();
  await page.getByTestId('register-submit').click();
  await expect(page.locator('.ant-message-notice').getByText('请阅读并同意用户协议')).toBeVisible();
  await expect(page.getByTestId('register-form').getByText('请阅读并同意用户协议')).toBeVisible();
  await expect(page.getByText('您必须确认自己不是受限地区的居民')).toBeVisible();

  // The full terms of use and restricted-regions notice open from the form.
  await page.getByTestId('open-terms').click();
  const terms = page.getByTestId('terms-of-use');
  await expect(terms).toContainText('5年');
  await expect(terms).toContainText('60日内');
  await expect(terms).toContainText('年满18周岁');
  await expect(terms).toContainText('12个月内');
  await expect(terms).toContainText('不构成任何金融、法律、税务或投资建议');
  await page.getByTestId('terms-of-use-close').click();
  await expect(terms).toBeHidden();
  await page.getByTestId('open-regions').click();
  const regions = page.getByTestId('restricted-regions');
  for (const region of [
    '美利坚合众国',
    '加拿大',
    '安大略省',
    '中国大陆',
    '日本',
    '新加坡',
    '古巴',
    '伊朗',
    '朝鲜',
    '叙利亚',
    '克里米亚',
  ]) {
    await expect(regions).toContainText(region);
  }
  await page.getByTestId('restricted-regions-close').click();
  await expect(regions).toBeHidden();

  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-region').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText('需要确认邮箱');
  await expect(page.getByTestId('register-done')).toContainText(email);
  await expect(page.locator('.ant-message-notice').getByText('需要确认邮箱')).toBeVisible();
  await shoot(page, 'register-done-zh-1600');

  const mail = await waitForMail(request, email, '/authentication/confirm-email');
  expect(mail.subject).toContain('请确认您的邮箱');
  await page.goto(linkIn(mail, '/authentication/confirm-email'));
  await expect(page.getByTestId('confirm-email-done')).toContainText('邮箱已确认');
  await shoot(page, 'confirm-email-zh');

  await page.getByTestId('confirm-sign-in').click();
  await expectSignInPage(page);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/personal\/info$/);
  await expect(page.getByTestId('personal-info')).toContainText(email);
  await expect(page.getByTestId('user-menu')).toContainText(email);
});
