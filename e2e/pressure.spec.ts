import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { api, grantRoles } from './support/api.ts';
import { openContext, soundPlays } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { setExchangePrice } from './support/exchange.ts';
import { createConfirmedAccount, shoot, signIn, switchLanguage, watchConsole } from './support/journey.ts';

// Journey: support and pressure. The administrator has BTCUSDT on the market list and publishes a level set
// (a support at 59,000 and a resistance at 61,000 around a price held at 60,000 at the fake exchange); a
// member sees it on /pressure with its candle chart and a line per level, asks to be alerted, and when the
// exchange's price falls to 58,500 the portal's level watch notices the crossing: the member gets the
// notification with the reminder sound, without a reload. Screenshots in zh and en at 1600 and 390 px.

const run = randomBytes(4).toString('hex');
const memberEmail = `pressure-${run}@e2e.test`;
const password = 'Member-pass-2025';

async function publishLevels(admin: Page): Promise<number> {
  const listed = await api(admin, 'GET', '/api/Market/Symbols');
  if (!listed.some((s) => s.symbol === 'BTCUSDT'))
    await api(admin, 'POST', '/api/Market/AddSymbol', { body: { symbol: 'BTCUSDT' } });
  const { id } = await api(admin, 'POST', '/api/Levels/Add', {
    body: {
      symbol: 'BTCUSDT',
      timeframe: '1h',
      bias: 'bullish',
      supports: [{ price: 59_000, reason: `Range low ${run}`, strength: 4 }],
      resistances: [{ price: 61_000, reason: 'Range high', strength: 3 }],
      invalidationPrice: 57_000,
      targets: [63_000],
      notes: '<p>Buy dips while <strong>59,000</strong> holds.</p>',
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      roleIds: [],
    },
  });
  return id;
}

test('a member watches a level set and is alerted when the price crosses a level', async ({
  browser,
  request,
}) => {
  await createConfirmedAccount(request, memberEmail, password);
  await setExchangePrice('BTCUSDT', 60_000);
  const admin = await openContext(browser);
  const member = await openContext(browser);
  const consoles = [admin, member].map(({ page }) => watchConsole(page));
  let setId: number | undefined;
  try {
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/content/market');
    await grantRoles(admin.page, memberEmail, ['StandardUser']);
    setId = await publishLevels(admin.page);

    const m = member.page;
    await signIn(m, memberEmail, password, '/pressure');
    const card = m.locator(`[data-testid=level-set-card][data-set-id="${setId}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('level-set-bias')).toHaveText('看多');
    await expect(card).toContainText('最新价 60,000.00');
    await expect(card.getByTestId('level-supports')).toContainText('59,000.00');
    await expect(card.getByTestId('level-supports')).toContainText('-1.67%');
    await expect(card.getByTestId('level-resistances')).toContainText('+1.67%');
    // The chart is drawn (a canvas) with TradingView's attribution; the page carries the library's notice.
    await expect(card.getByTestId('level-chart').locator('canvas').first()).toBeVisible();
    await expect(m.getByTestId('chart-notice')).toContainText('TradingView');

    await card.getByTestId('level-watch').click();
    await expect(m.getByText('已开启 BTCUSDT 的价位提醒')).toBeVisible();
    await expect(card.getByTestId('level-watch')).toHaveAttribute('aria-checked', 'true');
    await shoot(m, 'pressure-zh-1600');

    // The live price follows the exchange within seconds (MarketPrice: the list itself is read every 30 s).
    await setExchangePrice('BTCUSDT', 59_800);
    await expect(card).toContainText('最新价 59,800.00', { timeout: 10_000 });
    await expect(card.getByTestId('level-supports')).toContainText('-1.34%');

    // The price falls through the support at the exchange: the alert arrives without a reload.
    const playsBefore = await soundPlays(m);
    await setExchangePrice('BTCUSDT', 58_500);
    const alert = m.getByTestId('level-crossed-notification');
    await expect(alert).toContainText('BTCUSDT 跌破支撑位 59,000', { timeout: 30_000 });
    await expect(alert).toContainText('最新价 58,500');
    expect(await soundPlays(m)).toBeGreaterThan(playsBefore);
    await expect(alert).toHaveCount(1);
    await shoot(m, 'pressure-alert-zh-1600');
    await alert.locator('.ant-notification-notice-close').click();
    // The list follows the price: the support now reads as broken.
    await expect(card.getByTestId('level-supports').getByTestId('level-state')).toHaveText('已突破', {
      timeout: 30_000,
    });

    await m.setViewportSize({ width: 390, height: 844 });
    await expect(card).toBeVisible();
    await shoot(m, 'pressure-zh-390');
    await m.setViewportSize({ width: 1600, height: 900 });
    await switchLanguage(m, 'en');
    await expect(card.getByTestId('level-set-bias')).toHaveText('Bullish');
    await expect(card.getByTestId('level-supports')).toContainText('Broken');
    await shoot(m, 'pressure-en-1600');
    for (const c of consoles) c.expectNone();
  } finally {
    await setExchangePrice('BTCUSDT', null);
    if (setId !== undefined)
      await api(admin.page, 'POST', '/api/Levels/Delete', { body: { id: setId } }).catch(() => {});
    await admin.context.close();
    await member.context.close();
  }
});
