import { expect, type Page, test } from '@playwright/test';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '../shared/constants.ts';
import { expectSignInPage, failOnConsoleErrors, shoot, switchLanguage } from './support/journey.ts';

// The login screen of spec §2 in both languages and both widths, its register and forgot-password modes,
// and the sign-in pages around it.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** Spec §9: the captcha is shown at the height it is drawn, 60 px, at its full width. */
async function expectCaptchaAtFullSize(page: Page): Promise<void> {
  const image = await page.getByTestId('captcha-image').locator('img').boundingBox();
  expect(image?.height).toBe(CAPTCHA_HEIGHT);
  expect(image?.width).toBe(CAPTCHA_WIDTH);
}

async function openLoginScreen(page: Page, path = '/Account/Login'): Promise<void> {
  await page.goto(path);
  await expectSignInPage(page);
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
}

test('the login screen in Chinese and English, wide and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await openLoginScreen(page);
  await expect(page).toHaveTitle('欢迎回来 · 链策学堂');
  await expect(page.getByTestId('auth-carousel')).toBeVisible();
  await expect(page.getByTestId('auth-slide-lessons').first()).toContainText('从入门到进阶');
  await expect(page.getByTestId('login-form')).toContainText('记住我');
  await expectCaptchaAtFullSize(page);
  await shoot(page, 'login-zh-1600');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('auth-carousel')).toBeHidden();
  await expectNoHorizontalScroll(page);
  const form = await page.getByTestId('login-form').boundingBox();
  expect(form?.width ?? 0).toBeGreaterThan(320);
  await expectCaptchaAtFullSize(page);
  await shoot(page, 'login-zh-390');

  await switchLanguage(page, 'en');
  await expect(page.getByTestId('auth-heading')).toHaveText('Welcome back');
  await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
  await shoot(page, 'login-en-390');

  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(page.getByTestId('auth-carousel')).toBeVisible();
  await expect(page.getByTestId('auth-carousel')).toContainText('Learn to trade, step by step');
  await shoot(page, 'login-en-1600');

  // Validation messages follow the interface language (shared/messages.ts).
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Please enter your e-mail')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await expect(page.getByText('Please enter the graphic captcha')).toBeVisible();
  await switchLanguage(page, 'zh');
  await expect(page.getByText('请输入邮箱')).toBeVisible();
  await expect(page.getByText('请输入图形验证码')).toBeVisible();
  // Each field is marked and described by its error, and the errors sit in the fields' margins.
  await expect(page.getByTestId('login-email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('login-email')).toHaveAccessibleDescription('请输入邮箱');
  await shoot(page, 'login-errors-zh-1600');

  // The captcha image can be replaced.
  const first = await page.getByTestId('captcha-image').locator('img').getAttribute('src');
  await page.getByTestId('captcha-refresh').click();
  await expect
    .poll(() => page.getByTestId('captcha-image').locator('img').getAttribute('src'))
    .not.toBe(first);
});

test('the form keeps its place on a wide screen while the slides load', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  // The slides' code is held back until the form has been measured without them.
  let releaseSlides!: () => void;
  const slidesHeld = new Promise<void>((resolve) => {
    releaseSlides = resolve;
  });
  await page.route(/\/assets\/auth-carousel-[^/]*\.js$/, async (route) => {
    await slidesHeld;
    await route.continue();
  });
  await openLoginScreen(page);
  await expect(page.getByTestId('auth-carousel')).toHaveCount(0);
  const place = async () => {
    const [card, register] = await Promise.all([
      page.getByTestId('auth-screen').boundingBox(),
      page.getByTestId('to-register').boundingBox(),
    ]);
    return { card, register };
  };
  const before = await place();
  // The card takes its full width (1160 px) from the start, not the width of what it has drawn so far.
  expect(before.card?.width).toBe(1160);
  releaseSlides();
  await expect(page.getByTestId('auth-slide-lessons').first()).toBeVisible();
  expect(await place()).toEqual(before);
});

test('register mode shows the full terms and restricted-regions notice', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await openLoginScreen(page);
  await page.getByTestId('to-register').click();
  await expect(page.getByTestId('auth-heading')).toHaveText('创建账户');
  await shoot(page, 'register-zh-1600');

  await page.getByTestId('open-terms').click();
  await expect(page.getByTestId('terms-of-use')).toContainText('十八、联系我们');
  await shoot(page, 'register-terms-zh-1600');
  await page.getByTestId('terms-of-use-close').click();

  await switchLanguage(page, 'en');
  await expect(page.getByTestId('auth-heading')).toHaveText('Create your account');
  await page.getByTestId('open-terms').click();
  const terms = page.getByTestId('terms-of-use');
  for (const clause of [
    'for 5 years after your account is closed',
    'within 60 days',
    'at least 18 years old',
    'in the 12 months before the event',
    'not financial, legal, tax or investment advice',
  ]) {
    await expect(terms).toContainText(clause);
  }
  await shoot(page, 'register-terms-en-1600');
  await page.getByTestId('terms-of-use-close').click();
  await page.getByTestId('open-regions').click();
  const regions = page.getByTestId('restricted-regions');
  for (const region of [
    'United States of America',
    'Canada',
    'Ontario',
    'mainland China',
    'Japan',
    'Singapore',
    'Cuba',
    'Iran',
    'North Korea',
    'Syria',
    'Crimea',
  ]) {
    await expect(regions).toContainText(region);
  }
  await shoot(page, 'register-regions-en-1600');
  await page.getByTestId('restricted-regions-close').click();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await shoot(page, 'register-en-390');
});

test('forgot-password mode, in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await openLoginScreen(page);
  await page.getByTestId('to-forgot').click();
  await expect(page.getByTestId('forgot-submit')).toBeDisabled();
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('auth-heading')).toHaveText('Reset your password');
  await shoot(page, 'forgot-en-1600');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'forgot-en-390');
  await page.getByTestId('forgot-back').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('the header sign-in returns to the page it was opened from, with its message', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/teach');
  await expect(page.getByTestId('sign-in')).toHaveAttribute('href', '/Account/Login?returnUrl=%2Fteach');
  await page.goto('/Account/Login?returnUrl=%2Fteach&message=%E8%AF%B7%E5%85%88%E7%99%BB%E5%BD%95');
  await expectSignInPage(page);
  await expect(page.getByTestId('login-notice')).toHaveText('请先登录');
});

test('the sign-in step pages', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/authentication/login-failed?message=access_denied%3A%20the%20request%20was%20refused');
  await expect(page.getByTestId('login-failed')).toContainText('登录失败');
  await expect(page.getByTestId('login-failed')).toContainText('access_denied: the request was refused');
  await shoot(page, 'login-failed-zh');

  await page.goto('/authentication/login?returnUrl=https%3A%2F%2Fevil.example%2F');
  await expect(page.getByTestId('sign-in-error')).toContainText('返回地址无效');

  await page.goto('/authentication/logged-out');
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('logged-out')).toContainText('You successfully logged out!');
  await shoot(page, 'logged-out-en');

  // A sign-out link opened from outside the app asks first.
  await page.goto('/authentication/logout');
  await expect(page.getByTestId('sign-out-confirm')).toContainText('Do you want to sign out?');

  await page.goto('/authentication/profile');
  await expectSignInPage(page);
});
