import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS } from './support/env.ts';
import {
  createConfirmedAccount,
  failOnConsoleErrors,
  PAGE_LOAD_TIMEOUT,
  signIn,
  uniqueEmail,
} from './support/journey.ts';

// Journey (d): access tokens live ACCESS_TOKEN_TTL seconds; the app renews them silently with the refresh
// token, so a signed-in person keeps working past the expiry without seeing the login page again.

const consoles = failOnConsoleErrors();

test.use({ locale: 'zh-CN' });

/** A fresh member signed in at /personal/info; the list fills with every later visit of a sign-in page. */
async function signInWatchingLoginVisits(page: Page, request: APIRequestContext, name: string) {
  const email = uniqueEmail(name);
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
  return loginVisits;
}

/** Past another expiry the renewed session still works: an API call answers 200 and nobody was sent to sign in. */
async function worksPastAnotherExpiry(page: Page, loginVisits: string[]) {
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 6) * 1000);
  const sessionsCall = page.waitForResponse((response) =>
    response.url().endsWith('/api/PersonalInfo/Sessions'),
  );
  await page.getByTestId('personal-menu').getByRole('link', { name: '安全设置' }).click();
  expect((await sessionsCall).status()).toBe(200);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(loginVisits).toEqual([]);
}

test('stays signed in across an access-token expiry', async ({ page, request }) => {
  test.setTimeout(90_000);
  const loginVisits = await signInWatchingLoginVisits(page, request, 'renewal');
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
  await expect(page.getByTestId('sessions-table')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(loginVisits).toEqual([]);
});

test('a reload while a renewal is under way keeps the person signed in', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The page leaves while the token endpoint has already rotated the refresh token: the answer that carried
  // the new one is lost with the page, and the next load still holds the used one. Spending it again would
  // be refused (400) and would revoke the grant; the app renews through the provider's session instead, so
  // no request fails (the console stays clean).
  const loginVisits = await signInWatchingLoginVisits(page, request, 'renewal-reload');
  // The first renewal reaches the provider, which answers; the page never sees the answer.
  let held: (() => void) | undefined;
  const reachedProvider = new Promise<void>((resolve) => {
    void page.route('**/oidc/token', async (route) => {
      if (held || !route.request().postData()?.includes('grant_type=refresh_token')) {
        await route.fallback();
        return;
      }
      const answered = await route.fetch();
      expect(answered.status()).toBe(200);
      held = () => void route.abort().catch(() => undefined);
      resolve();
    });
  });
  await reachedProvider;
  // The page leaves with the request still held (unrouting first would let it through to the provider).
  await page.reload();
  held?.();
  await page.unroute('**/oidc/token');

  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('personal-info')).toBeVisible();
  await worksPastAnotherExpiry(page, loginVisits);
});

test('a reload during the renewal that follows a lost answer still never spends the used token', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // As above, the first page leaves while its refresh is answered, so the next page renews through the
  // provider's frame. That page leaves too, while the frame's code is being exchanged: the page after it
  // still holds the used refresh token and must again renew through the frame, not spend it (a 400 that
  // revokes the grant, which the console watch would report).
  const loginVisits = await signInWatchingLoginVisits(page, request, 'renewal-twice');
  const grants: string[] = [];
  let hold: string | undefined = 'refresh_token';
  let held: (() => void) | undefined;
  let reached: (() => void) | undefined;
  await page.route('**/oidc/token', async (route) => {
    const grant = new URLSearchParams(route.request().postData() ?? '').get('grant_type') ?? '';
    grants.push(grant);
    if (grant !== hold) {
      await route.fallback();
      return;
    }
    hold = undefined;
    // The provider answers; the page never sees the answer.
    const answered = await route.fetch();
    expect(answered.status()).toBe(200);
    held = () => void route.abort().catch(() => undefined);
    reached?.();
  });
  const provider = (grant: string) =>
    new Promise<void>((resolve) => {
      hold = grant;
      reached = resolve;
    });

  const refreshAnswered = provider('refresh_token');
  await refreshAnswered;
  const codeAnswered = provider('authorization_code');
  await page.reload();
  held?.();
  await codeAnswered;
  await page.reload();
  held?.();
  await page.unroute('**/oidc/token');

  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('personal-info')).toBeVisible();
  // The only refresh the pages sent was the first one, whose answer was lost.
  expect(grants.filter((grant) => grant === 'refresh_token')).toEqual(['refresh_token']);
  await worksPastAnotherExpiry(page, loginVisits);
});

test('a call whose token expires on its way is sent again with a renewed token', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A slow answer on a busy network or machine: the token a call carries can expire before the API reads it.
  // The API answers 401, which does not mean the session has ended: the app renews the token and sends the
  // call once more, and the person stays on the page instead of being sent to sign in.
  const loginVisits = await signInWatchingLoginVisits(page, request, 'renewal-in-flight');
  const path = '/api/PersonalInfo/UpdatePersonalInfo';
  consoles[0]?.allow(new RegExp(`status of 401 .*${path}`));
  const sent: { status: number; token: string | undefined }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== path) return;
    // Recorded in the order the answers came; the token is read after.
    const call: (typeof sent)[number] = { status: response.status(), token: undefined };
    sent.push(call);
    void response
      .request()
      .allHeaders()
      .then((headers) => {
        call.token = headers.authorization?.replace(/^Bearer /, '');
      });
  });
  // The first save is held until the token it carries has expired (the test and the portal share a clock).
  let held = false;
  await page.route(`**${path}`, async (route) => {
    if (held) {
      await route.fallback();
      return;
    }
    held = true;
    const token = (await route.request().allHeaders()).authorization?.replace(/^Bearer /, '') ?? '';
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 1_000));
    await route.fallback();
  });

  await page.getByTestId('personal-menu').getByRole('link', { name: '修改资料' }).click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await page.getByTestId('edit-nickname').fill('Renewed On The Way');
  await page.getByTestId('edit-save').click();
  await expect(page.locator('.ant-message-notice').getByText('资料已保存')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('user-menu')).toContainText('Renewed On The Way');
  await expect.poll(() => sent.map((call) => call.status)).toEqual([401, 200]);
  await expect.poll(() => sent.every((call) => call.token !== undefined)).toBe(true);
  expect(sent[1]?.token).not.toBe(sent[0]?.token);
  expect(loginVisits).toEqual([]);
});
