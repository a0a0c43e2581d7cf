import { expect, test } from '@playwright/test';
import {
  createConfirmedAccount,
  expectSignInPage,
  openUserMenu,
  REDIRECT_TIMEOUT,
  shoot,
  signIn,
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
  await expect(second).toHaveURL(/\/personal\/safeset$/);
  await expect(second.getByTestId('security-settings')).toBeVisible();
  await expect(second.getByTestId('user-menu')).toContainText(email);

  // Back to the first tab (a background tab neither paints nor positions pop-ups).
  await page.bringToFront();
  await openUserMenu(page);
  // A click that lands while the menu is still opening is lost: click again while the entry is there.
  const signOut = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=sign-out]');
  await expect(async () => {
    if (await signOut.isVisible()) await signOut.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/authentication\/logged-out$/, { timeout: 5_000 });
  }).toPass({ timeout: REDIRECT_TIMEOUT });
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
