import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { ReceivedMail } from '../../server/test/smtp-fake.ts';
import type { ConfirmEmailRequest, RegisterRequest } from '../../shared/schemas/auth.ts';
import { withAuthenticatorCode } from './authenticator.ts';
import { CAPTCHA_CODE, MAIL_API_URL } from './env.ts';

export const SCREENSHOTS = 'e2e/screenshots';

/**
 * Collects console errors and uncaught page errors; the journey fails if any appear. A journey that provokes
 * an error on purpose (a refused request) names it with `allow`.
 */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  const allowed: RegExp[] = [];
  const report = (text: string) => {
    if (!allowed.some((pattern) => pattern.test(text))) problems.push(text);
  };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    report(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // A refused token request shows in the console as a bare 400; its grant type, its error and the time of
  // the page's last load say which renewal went wrong.
  let loadedAt = Date.now();
  page.on('load', () => {
    loadedAt = Date.now();
  });
  page.on('response', async (response) => {
    if (response.status() < 400 || new URL(response.url()).pathname !== '/oidc/token') return;
    const grant = new URLSearchParams(response.request().postData() ?? '').get('grant_type');
    const body = await response.text().catch(() => '(no body)');
    report(
      `token endpoint: status of ${response.status()} (${response.url()}) for ${grant}, ${Date.now() - loadedAt} ms after load: ${body}`,
    );
  });
  return {
    problems,
    allow(pattern: RegExp) {
      allowed.push(pattern);
    },
    expectNone() {
      expect(problems, 'browser console errors').toEqual([]);
    },
  };
}

export async function shoot(page: Page, name: string): Promise<void> {
  // Toasts (5 s) would cover the page; a full-page capture of a scrolled page draws the sticky header mid-way.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 8_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  // Let fonts and antd's motion settle so screenshots are stable.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  // A full-page capture renders the whole page in software: with both cores busy it took over 20 s.
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true, timeout: PAGE_LOAD_TIMEOUT });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.test`;
}

export async function mails(request: APIRequestContext): Promise<ReceivedMail[]> {
  const response = await request.get(`${MAIL_API_URL}/messages`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for a mail to an address whose text contains `contains` (the newest one). */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  contains: string,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mails(request))
          .filter((mail) => mail.to.includes(to) && mail.text.includes(contains))
          .at(-1);
        return found !== undefined;
      },
      // The outbox's worker delivers within seconds; on a busy machine it may take longer.
      { message: `a mail to ${to} containing ${contains}`, timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

/** The link to `path` in a mail's text, as an in-app path with its query. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?[^\\s]+`).exec(mail.text);
  expect(match, `a link to ${path} in "${mail.subject}"`).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}

/** Registers and confirms an account through the API (for journeys about something else). */
export async function createConfirmedAccount(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const registered = await request.post('/Auth/PostRegister', {
    data: {
      email,
      password,
      confirm: password,
      agreeTerms: true,
      notRestrictedResident: true,
      locale: 'zh',
    } satisfies RegisterRequest,
  });
  expect(registered.status()).toBe(200);
  const link = new URL(
    linkIn(
      await waitForMail(request, email, '/authentication/confirm-email'),
      '/authentication/confirm-email',
    ),
    'http://x',
  );
  const confirmed = await request.post('/Auth/ConfirmEmail', {
    data: {
      userId: link.searchParams.get('userId') ?? '',
      code: link.searchParams.get('code') ?? '',
    } satisfies ConfirmEmailRequest,
  });
  expect(confirmed.status()).toBe(200);
}

/** Fills and sends the login form of the login screen, which must be showing. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(CAPTCHA_CODE);
  await page.getByTestId('login-submit').click();
}

/**
 * After the password: an account that signs in with two factors gets the second step; its code comes from
 * the journeys' authenticator. Other accounts leave the sign-in page, and nothing is typed.
 */
export async function answerTwoFactor(page: Page, email: string): Promise<void> {
  const step = page.getByTestId('two-factor-form');
  await expect(async () => {
    if (await step.isVisible()) return;
    expect(new URL(page.url()).pathname).not.toBe('/Account/Login');
  }).toPass({ timeout: REDIRECT_TIMEOUT });
  if (!(await step.isVisible())) return;
  await withAuthenticatorCode(email, async (code) => {
    await page.getByTestId('two-factor-code').fill(code);
    await page.getByTestId('two-factor-submit').click();
    await expect(page).not.toHaveURL(/\/Account\/Login/, { timeout: REDIRECT_TIMEOUT });
  });
}

/** How long a wait that spans the sign-in redirects may take. */
export const REDIRECT_TIMEOUT = 60_000;

/**
 * How long a page's first content may take after a direct load or a reload: the tab restores or renews its
 * tokens (through the hidden frame when a reload cut a renewal short) and downloads the page's code before
 * the page asks for its data, far longer than a change on a loaded page when both cores are busy.
 */
export const PAGE_LOAD_TIMEOUT = 60_000;

/**
 * Waits for the sign-in page of the identity provider: the wait spans a chain of redirects (the web app
 * starts the sign-in, the provider creates the interaction), longer than the default timeout on a busy
 * machine.
 */
export async function expectSignInPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/Account\/Login\?interaction=/, { timeout: REDIRECT_TIMEOUT });
}

/** Opens a guarded page, signs in on the login screen it leads to, and waits to be back there. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  start = '/personal/info',
  landing = start,
) {
  await page.goto(start);
  await expectSignInPage(page);
  await submitLogin(page, email, password);
  await answerTwoFactor(page, email);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === landing, {
    timeout: REDIRECT_TIMEOUT,
  });
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: REDIRECT_TIMEOUT });
}

/**
 * Clicks a control of the header's right-hand corner. A journey running beside this one may push a live
 * notification to every member (an important news item stays until closed), and it lands over that corner:
 * when the click cannot land, the open notifications are closed, as a person would, and the click fails so
 * that the caller's retry clicks again.
 */
async function clickPastNotifications(page: Page, target: Locator): Promise<void> {
  try {
    await target.click({ timeout: 2_000 });
  } catch (error) {
    for (const close of await page.locator('.ant-notification-notice-close').all())
      await close.click({ timeout: 2_000 }).catch(() => undefined);
    throw error;
  }
}

/** Opens the header's personal dropdown. */
export async function openUserMenu(page: Page) {
  await expect(async () => {
    if (!(await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=sign-out]').isVisible())) {
      await clickPastNotifications(page, page.getByTestId('user-menu'));
    }
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=sign-out]')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });
}

/**
 * Signs out from the header's personal dropdown and waits for the signed-out page, which the app shows
 * only once the provider has ended its session too (the dropdown vanishes as soon as the sign-out starts).
 */
export async function signOut(page: Page) {
  await openUserMenu(page);
  // A click that lands while the menu is still opening is lost: click again while the entry is there.
  const entry = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=sign-out]');
  await expect(async () => {
    if (await entry.isVisible()) await entry.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/authentication\/logged-out$/, { timeout: 5_000 });
  }).toPass({ timeout: REDIRECT_TIMEOUT });
  await expect(page.getByTestId('logged-out')).toBeVisible();
}

/** Switches the interface language with the header's switch. */
export async function switchLanguage(page: Page, locale: 'zh' | 'en'): Promise<void> {
  // The language menu opens with an animation; retry the whole gesture if a click lands mid-motion.
  await expect(async () => {
    if (!(await page.getByTestId(`language-option-${locale}`).isVisible())) {
      await clickPastNotifications(page, page.getByTestId('language-switch'));
    }
    await page.getByTestId(`language-option-${locale}`).click({ timeout: 2_000 });
    // The other language's texts may still be loading on a busy machine: give them a moment before retrying.
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh' ? 'zh-CN' : 'en', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
}

/** Fails the test on console errors collected by watchConsole in beforeEach. */
export function failOnConsoleErrors(): ReturnType<typeof watchConsole>[] {
  const watchers: ReturnType<typeof watchConsole>[] = [];
  test.beforeEach(({ page }) => {
    watchers.length = 0;
    watchers.push(watchConsole(page));
  });
  test.afterEach(() => {
    for (const watcher of watchers) watcher.expectNone();
  });
  return watchers;
}

/**
 * Spec §9, label breakpoint 750: a form field's label sits beside it from 750 px of width, above it below.
 * `field` is any element inside the form item.
 */
export async function expectLabelPlacement(field: Locator, placement: 'beside' | 'above'): Promise<void> {
  const item = field.locator(
    'xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-form-item-row ")][1]',
  );
  await expect
    .poll(async () => {
      const label = await item.locator('.ant-form-item-label').boundingBox();
      const control = await item.locator('.ant-form-item-control').boundingBox();
      if (!label || !control) return 'missing';
      if (label.x + label.width <= control.x + 1 && label.y < control.y + control.height) return 'beside';
      if (label.y + label.height <= control.y + 1) return 'above';
      return 'overlapping';
    })
    .toBe(placement);
}
