import { expect, test } from '@playwright/test';
import {
  createConfirmedAccount,
  failOnConsoleErrors,
  shoot,
  signIn,
  switchLanguage,
  uniqueEmail,
} from './support/journey.ts';

// Journey (f): a freshly registered person holds no role: members-only sections show the not-a-member
// notice, the tutorials and the personal pages do not.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

test('a non-member sees the notice on members-only sections but not on the tutorials', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('nonmember');
  const password = 'Member-pass-2025';
  await createConfirmedAccount(request, email, password);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, email, password, '/pressure');

  const notice = page.getByTestId('not-member-notice');
  await expect(notice).toContainText('您还不是会员，请联系客服开通会员');
  await shoot(page, 'not-member-zh-1600');

  await page.goto('/?type=1');
  await expect(notice).toBeVisible();

  await notice.getByRole('link', { name: /浏览教学/ }).click();
  await expect(page).toHaveURL(/\/teach$/);
  await expect(page.getByTestId('teach-list')).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.goto('/personal/info');
  await expect(page.getByTestId('personal-info')).toBeVisible();
  await expect(page.getByTestId('membership-level')).toHaveText('非会员');

  await page.goto('/monitoring');
  await switchLanguage(page, 'en');
  await expect(notice).toContainText('You are not a member yet: contact customer service to become one');
  await shoot(page, 'not-member-en-1600');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'not-member-en-390');
});
