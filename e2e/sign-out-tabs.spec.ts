import { expect, test } from '@playwright/test';
import {
  createConfirmedAccount,
  expectSignInPage,
  REDIRECT_TIMEOUT,
  shoot,
  signIn,
  signOut,
  uniqueEmail,
  watchConsole,
} from './support/journey.ts';

// Journey (e): two tabs of one browser share the provider session; signing out in one signs out the other.

test.use({ locale: 'zh-CN' });

test('signing out in one tab signs out the other', async ({ page, request }) => {
  const first = watchConsole(page);
  const email = uniqueEmail('tabs');
  const password = 'Tabs-pass-2025';
  await createConfirmedAccount(request, email, password);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, email, password, '/personal/info');

  // The second tab has no tokens of its own: it signs in silently from the provider session.
  const second = await page.context().newPage();
  const secondConsole = watchConsole(second);
  await second.setViewportSize({ width: 1600, height: 900 });
  await second.goto('/personal/safeset');
  // The silent sign-in is a chain of a hidden frame, the provider and a code exchange: slow on a busy machine.
  await expect(second.getByTestId('security-settings')).toBeVisible({ timeout: REDIRECT_TIMEOUT });
  await expect(second).toHaveURL(/\/personal\/safeset$/);
  await expect(second.getByTestId('user-menu')).toContainText(email);

  // Back to the first tab (a background tab neither paints nor positions pop-ups).
  await page.bringToFront();
  await signOut(page);
  await expect(page.getByTestId('logged-out')).toContainText('您已成功退出登录！');
  await shoot(page, 'logged-out-zh');

  // The other tab forgets its tokens and, being on a guarded page, goes back to the login flow.
  await expectSignInPage(second);
  await expect(second.getByTestId('login-form')).toBeVisible();

  // Signed out at the provider too: a guarded page asks to sign in again.
  await page.goto('/personal/info');
  await expectSignInPage(page);

  first.expectNone();
  secondConsole.expectNone();
});
