import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { authenticatorCode, rememberSecret } from './support/authenticator.ts';
import {
  createConfirmedAccount,
  expectSignInPage,
  REDIRECT_TIMEOUT,
  shoot,
  signIn,
  signOut,
  submitLogin,
  switchLanguage,
  watchConsole,
} from './support/journey.ts';

// Journey: two-factor sign-in. A member turns it on from the security settings (QR code and key, a first
// code, the ten recovery codes shown once), signs out, and signs in again with the password and then a code
// of their authenticator; a recovery code works once instead. (The administrator of every other journey
// signs in with its code too: support/journey.ts `signIn`.)

test.use({ locale: 'zh-CN' });

const run = randomBytes(4).toString('hex');
const password = 'Member-pass-2025';

/** Turns two-factor sign-in on from /personal/safeset; answers the recovery codes shown. */
async function setUp(page: Page, email: string, shots?: string): Promise<string[]> {
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('two-factor-state')).toBeVisible();
  await card.getByTestId('two-factor-set-up').click();
  const dialog = page.getByTestId('two-factor-setup');
  await expect(dialog.getByTestId('two-factor-qr')).toBeVisible();
  const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberSecret(email, secret);
  if (shots) await shoot(page, `${shots}-setup`);
  await dialog.getByTestId('two-factor-setup-code').fill(await authenticatorCode(email));
  await page.getByTestId('two-factor-enable').click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes.getByTestId('recovery-code-list').locator('li')).toHaveCount(10);
  if (shots) await shoot(page, `${shots}-recovery-codes`);
  const list = await codes.getByTestId('recovery-code-list').locator('li').allInnerTexts();
  await codes.getByTestId('recovery-codes-saved').click();
  await expect(card.getByTestId('two-factor-state')).toHaveText(/已开启|On/);
  return list;
}

test('a member turns two-factor sign-in on, then signs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const email = `two-factor-${run}@e2e.test`;
  await createConfirmedAccount(request, email, password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, email, password, '/personal/safeset');
  const codes = await setUp(page, email, 'two-factor-zh');
  await shoot(page, 'two-factor-zh-on');

  // Signing in again: the password, then the code.
  await signOut(page);
  await page.goto('/personal/info');
  await expectSignInPage(page);
  await submitLogin(page, email, password);
  const step = page.getByTestId('two-factor-form');
  await expect(step).toBeVisible({ timeout: REDIRECT_TIMEOUT });
  await expect(page.getByTestId('two-factor-code')).toBeFocused();
  await page.getByTestId('two-factor-code').fill('000000');
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('two-factor-outcome')).toContainText('验证码错误、已过期或已使用');
  await shoot(page, 'two-factor-zh-sign-in-wrong-code');
  await page.getByTestId('two-factor-code').fill(await authenticatorCode(email));
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/personal\/info$/, { timeout: REDIRECT_TIMEOUT });
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // In English, with a recovery code instead; the security settings count it as used.
  await switchLanguage(page, 'en');
  await signOut(page);
  await page.goto('/personal/safeset');
  await expectSignInPage(page);
  await submitLogin(page, email, password);
  await expect(step).toBeVisible({ timeout: REDIRECT_TIMEOUT });
  await page.getByTestId('two-factor-switch').click();
  await page.getByTestId('two-factor-recovery').fill(codes[0]!);
  await shoot(page, 'two-factor-en-sign-in-recovery');
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/personal\/safeset$/, { timeout: REDIRECT_TIMEOUT });
  await expect(page.getByTestId('recovery-left')).toHaveText('9 recovery codes left');
  // The sign-in history tells these sign-ins from the first one, made with the password alone (renewals
  // in the background may stand between them).
  const history = page.getByTestId('sign-in-history');
  const method = (kind: string) => history.locator(`[data-testid=sign-in-method][data-method=${kind}]`);
  await expect(method('twoFactor')).toHaveText(['Password and code', 'Password and code']);
  await expect(method('password')).toHaveText(['Password']);
  await shoot(page, 'two-factor-en-on');
  await switchLanguage(page, 'zh');
  await expect(method('twoFactor')).toHaveText(['密码 + 验证码', '密码 + 验证码']);
  await shoot(page, 'two-factor-zh-history');
  // The wrong code's answer is the only failed request.
  errors.allow(/status of 400/);
  errors.expectNone();
});
