import { expect, test } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS } from './support/env.ts';
import { createConfirmedAccount, failOnConsoleErrors, signIn, uniqueEmail } from './support/journey.ts';

// Journey (d): access tokens live ACCESS_TOKEN_TTL seconds; the app renews them silently with the refresh
// token, so a signed-in person keeps working past the expiry without seeing the login page again.

failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

test('stays signed in across an access-token expiry', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('renewal');
  const password = 'Renew-pass-2025';
  await createConfirmedAccount(request, email, password);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, email, password, '/personal/info');

  const loginVisits: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /\/Account\/Login|\/authentication\/login/.test(frame.url())) {
      loginVisits.push(frame.url());
    }
  });
  let refreshes = 0;
  page.on('request', (outgoing) => {
    if (outgoing.url().endsWith('/oidc/token') && outgoing.postData()?.includes('grant_type=refresh_token')) {
      refreshes++;
    }
  });
  const bearerOf = (headers: Record<string, string>) => headers.authorization?.replace(/^Bearer /, '');
  const firstToken = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((candidate) => candidate.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : null;
  });
  expect(firstToken).toBeTruthy();

  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 6) * 1000);
  expect(refreshes, 'silent renewals with the refresh token').toBeGreaterThan(0);

  // A page that calls the API, reached inside the app: it answers with the renewed token.
  const sessionsCall = page.waitForResponse((response) =>
    response.url().endsWith('/api/PersonalInfo/Sessions'),
  );
  await page.getByTestId('personal-menu').getByRole('link', { name: '安全设置' }).click();
  const response = await sessionsCall;
  expect(response.status()).toBe(200);
  const usedToken = bearerOf(await response.request().allHeaders());
  expect(usedToken).toBeTruthy();
  expect(usedToken).not.toBe(firstToken);
  await expect(page.getByTestId('this-device')).toBeVisible();

  // And after a reload the stored, renewed tokens still work.
  await page.reload();
  await expect(page.getByTestId('sessions-table')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(loginVisits).toEqual([]);
});
