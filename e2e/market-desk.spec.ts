import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { openContext, pickOption, rowOf, toast } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { shoot, signIn, switchLanguage, watchConsole } from './support/journey.ts';

// Journey: the market desk's symbol list. The administrator picks BTCUSDT from the (fake) exchange's symbols
// at /admin/content/market and adds it; from then on the portal serves its candles and ticker from the
// exchange's public data. Screenshots in zh and en at 1600 and 390 px.

test('the administrator puts BTCUSDT on the market list, and its candles and ticker are served', async ({
  browser,
}) => {
  const { context, page } = await openContext(browser);
  const console = watchConsole(page);
  try {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/content/market');
    await expect(page.getByTestId('market-admin')).toContainText('行情交易对');
    // Another journey of this run may have listed it already: start from a list without it.
    const listed = await api(page, 'GET', '/api/Market/Symbols');
    if (listed.some((s) => s.symbol === 'BTCUSDT')) {
      await api(page, 'POST', '/api/Market/DeleteSymbol', { body: { symbol: 'BTCUSDT' } });
      await page.reload();
    }

    const pick = page.getByTestId('market-pick');
    await pickOption(page, pick, 'BTCUSDT · BTC/USDT', page.getByTestId('market-admin').locator('h4'));
    await page.getByTestId('market-add').click();
    await expect(toast(page, '已添加 BTCUSDT')).toBeVisible();
    const row = rowOf(page, 'BTCUSDT');
    await expect(row).toContainText('BTC / USDT');
    // Listed symbols can no longer be picked.
    await pick.click();
    await expect(
      page.locator('.ant-select-item-option-disabled', { hasText: 'BTCUSDT（已在列表中）' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // What members' charts and tools will read: candles and the ticker, fresh from the exchange.
    const candles = await api(page, 'GET', '/api/Market/Candles', {
      query: { symbol: 'BTCUSDT', interval: '1h', limit: 24 },
    });
    expect(candles.candles).toHaveLength(24);
    expect(candles.stale).toBe(false);
    const ticker = await api(page, 'GET', '/api/Market/Ticker', { query: { symbol: 'BTCUSDT' } });
    expect(ticker.lastPrice).toBeGreaterThan(0);

    await shoot(page, 'market-admin-zh-1600');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await shoot(page, 'market-admin-zh-390');
    await page.setViewportSize({ width: 1600, height: 900 });
    await switchLanguage(page, 'en');
    await expect(page.getByTestId('market-admin')).toContainText('Market symbols');
    await expect(page.getByTestId('market-admin')).toContainText('Base / quote asset');
    await shoot(page, 'market-admin-en-1600');
    console.expectNone();
  } finally {
    await context.close();
  }
});
