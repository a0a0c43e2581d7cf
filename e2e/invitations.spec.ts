import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { api, grantRoles } from './support/api.ts';
import { openContext } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import {
  createConfirmedAccount,
  linkIn,
  PAGE_LOAD_TIMEOUT,
  shoot,
  signIn,
  switchLanguage,
  waitForMail,
  watchConsole,
} from './support/journey.ts';

// Journey: the personal area's invitation rebate and engagement strategy (issue 17). Member A copies the
// invite link; a new person registers through it and confirms; the administrator grants them PremiumUser;
// A sees the invitee as a member and the reward in the points ledger. A follows a strategy on the trading
// page; the engagement page lists it, and a change of reaction there shows on the trading page, live. Both
// pages are looked at in zh and en. What this run created is switched off at the end.

const run = randomBytes(4).toString('hex');
const password = 'Member-pass-2025';
const inviterEmail = `inv-${run}-a@e2e.test`;
const inviteeEmail = `inv-${run}-b@e2e.test`;
const strategyTitle = `ETH 区间做多 ${run}`;

async function publishStrategy(admin: Page): Promise<{ keyId: number; advisoryId: number }> {
  const roles = await api(admin, 'GET', '/api/Management/GetRoles');
  const standard = roles.find((role) => role.roleName === 'StandardUser')!.roleId;
  const { id: keyId } = await api(admin, 'POST', '/api/TraderKey/AddApiKey', {
    body: {
      keyName: `Beta-${run}`,
      keyValue: `key-${run}-0123456789`,
      secretValue: `secret-${run}-0123456789`,
      coEfficient: 1,
      leverageCoefficient: 3,
    },
  });
  await api(admin, 'POST', '/api/TraderKey/UpdateApiKeySubConfig', {
    body: { id: keyId, permissionMap: [standard] },
  });
  const { id: advisoryId } = await api(admin, 'POST', '/api/Advisory/AddOrUpdateAdvisory', {
    body: {
      title: strategyTitle,
      advisoryDesc: 'internal',
      content: '<p>区间下沿分批做多。</p>',
      apiKeyArray: [keyId],
    },
  });
  return { keyId, advisoryId };
}

test('a member invites someone who becomes a member, gets the reward, and manages a strategy reaction from the engagement page', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  await createConfirmedAccount(request, inviterEmail, password);
  const admin = await openContext(browser);
  const inviter = await openContext(browser);
  const invitee = await openContext(browser);
  const consoles = [admin, inviter, invitee].map(({ page }) => watchConsole(page));
  let keyId: number | undefined;
  try {
    const a = admin.page;
    await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/operation/invitation');
    await expect(a.getByTestId('invitation-settings-form')).toBeVisible();
    await grantRoles(a, inviterEmail, ['StandardUser']);

    // --- A copies the invite link. ---
    const m = inviter.page;
    await inviter.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(m, inviterEmail, password, '/personal/invitation');
    const link = (await m.getByTestId('invite-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/invite=[A-Za-z0-9]+/);
    await expect(m.getByTestId('invite-qr')).toBeVisible();
    await m.getByTestId('invite-copy').click();
    await expect.poll(() => m.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shoot(m, 'invitation-zh-1600');

    // --- The new person registers through it and confirms. ---
    const b = invitee.page;
    await b.goto(link);
    await expect(b.getByTestId('register-invite')).toBeVisible();
    await b.getByTestId('register-email').fill(inviteeEmail);
    await b.getByTestId('register-password').fill(password);
    await b.getByTestId('register-confirm').fill(password);
    await b.getByTestId('register-submit').click();
    await expect(b.getByTestId('register-done')).toContainText(inviteeEmail);
    const mail = await waitForMail(request, inviteeEmail, '/authentication/confirm-email');
    await b.goto(linkIn(mail, '/authentication/confirm-email'));
    await expect(b.getByTestId('confirm-email-done')).toBeVisible();

    // A sees them, not yet a member; the administrator grants PremiumUser; A sees the member and the reward.
    await m.reload();
    const row = m.getByTestId('invitee-row');
    await expect(row).toHaveCount(1, { timeout: PAGE_LOAD_TIMEOUT });
    await expect(row.getByTestId('invitee-status')).toHaveAttribute('data-member', 'false');
    await expect(row).not.toContainText(inviteeEmail);
    await grantRoles(a, inviteeEmail, ['PremiumUser']);
    await m.reload();
    await expect(row.getByTestId('invitee-status')).toHaveAttribute('data-member', 'true', {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    const reward = m.locator('[data-testid=credit-entry][data-kind=invitation-reward]');
    await expect(reward).toHaveCount(1);
    await expect(reward.getByTestId('credit-amount')).toContainText('100');
    await expect(m.getByTestId('credit-balance')).toContainText('100');
    await shoot(m, 'invitation-rewarded-zh-1600');

    // --- Engagement: A follows a strategy on the trading page... ---
    ({ keyId } = await publishStrategy(a));
    await api(m, 'POST', '/api/Subscription/AddOrUpdateSubscriptions', { body: { keyId, subscribed: true } });
    const trading = await inviter.context.newPage();
    await trading.goto('/?type=2');
    const card = trading.getByTestId('advisory-card').filter({ hasText: strategyTitle });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByTestId('reaction-following').click();
    await expect(card.getByTestId('reaction-following')).toHaveAttribute('aria-pressed', 'true');

    // ...the engagement page lists it; a change there shows on the trading page without a reload.
    await m.goto('/personal/engagement');
    const engaged = m.getByTestId('engagement-row').filter({ hasText: strategyTitle });
    await expect(engaged).toHaveAttribute('data-kind', '1');
    await engaged.getByTestId('engagement-reaction-watching').click();
    await expect(engaged).toHaveAttribute('data-kind', '3');
    await expect(card.getByTestId('reaction-watching')).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('reaction-following')).toHaveAttribute('aria-pressed', 'false');
    await shoot(m, 'engagement-zh-1600');

    // The same pages in English.
    await switchLanguage(m, 'en');
    await expect(engaged.getByTestId('engagement-reaction-watching')).toContainText('Watch');
    await shoot(m, 'engagement-en-1600');
    await m.goto('/personal/invitation');
    await expect(m.getByTestId('invitation-page')).toContainText('People I invited');
    await expect(m.getByTestId('invitee-row').getByTestId('invitee-status')).toHaveAttribute(
      'data-member',
      'true',
    );
    await shoot(m, 'invitation-en-1600');
    for (const c of consoles) c.expectNone();
  } finally {
    if (keyId !== undefined)
      await api(admin.page, 'POST', '/api/TraderKey/ActiviateApiKey', {
        body: { apiKeyId: keyId, active: false },
      }).catch(() => {});
    await admin.context.close();
    await inviter.context.close();
    await invitee.context.close();
  }
});
