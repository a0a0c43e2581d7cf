import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { api, grantRoles } from './support/api.ts';
import { openContext } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { createConfirmedAccount, shoot, signIn, switchLanguage, watchConsole } from './support/journey.ts';
import { upload } from './support/upload.ts';

// Journey: quantitative strategies. The administrator imports a freqtrade backtest result (the server tests'
// fixture: GridFuturesV2, +1.90 % over 2024-01-28 … 2024-02-04, 6 trades, max drawdown 2.08 %) and publishes
// it as a strategy for every member; a StandardUser member sees its card on /strategy with those figures and
// opens its page: the equity and drawdown charts (echarts, loaded with that page) and the monthly returns
// computed from the daily profits (January +1.55 %, February +0.34 %, 2024 +1.90 %). Screenshots of list and
// detail in zh and en at 1600 and 390 px.

const run = randomBytes(4).toString('hex');
const memberEmail = `quant-${run}@e2e.test`;
const password = 'Member-pass-2025';
const name = `Futures grid ${run}`;
const FIXTURE = readFileSync(
  path.join(import.meta.dirname, '../server/test/fixtures/freqtrade-backtest-result.json'),
);

async function publishStrategy(admin: Page): Promise<number> {
  const read = await upload(admin, '/api/Quant/ImportFreqtrade', {
    name: 'backtest-result-2024-02-07_10-00-00.json',
    mimeType: 'application/json',
    buffer: FIXTURE,
  });
  expect(read.strategy).toBe('GridFuturesV2');
  expect(read.results).toMatchObject({ totalReturn: 0.019, trades: 6 });
  const { id } = await api(admin, 'POST', '/api/Quant/Add', {
    body: {
      name,
      type: 'grid',
      market: 'USDⓈ-M futures',
      symbols: read.suggested.symbols,
      timeframe: read.suggested.timeframe ?? '',
      riskLevel: 'medium',
      status: 'backtest',
      description: '<p>A grid on <strong>BTC</strong> and ETH perpetuals, long-biased.</p>',
      parameters: read.suggested.parameters,
      roleIds: [],
      traderKeyId: null,
      results: read.results,
    },
  });
  return id;
}

/** Both screenshots of the page now showing: 1600 and 390 px wide. */
async function shootWidths(page: Page, name: string, ready: () => Promise<void>) {
  await page.setViewportSize({ width: 1600, height: 900 });
  await ready();
  await shoot(page, `${name}-1600`);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1600, height: 900 });
}

test('a member finds an imported freqtrade backtest among the strategies and reads its page', async ({
  browser,
  request,
}) => {
  await createConfirmedAccount(request, memberEmail, password);
  const admin = await openContext(browser);
  const member = await openContext(browser);
  const consoles = [admin, member].map(({ page }) => watchConsole(page));
  let strategyId: number | undefined;
  try {
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/account/list');
    await grantRoles(admin.page, memberEmail, ['StandardUser']);
    strategyId = await publishStrategy(admin.page);

    const m = member.page;
    await signIn(m, memberEmail, password, '/strategy');
    const card = m.locator(`[data-testid=strategy-card][data-strategy-id="${strategyId}"]`);
    const value = (figure: string) => card.getByTestId(`card-${figure}`).getByTestId('card-value');
    const listReady = async () => {
      await expect(card).toBeVisible();
      await expect(value('totalReturn')).toHaveText('+1.90%');
    };
    await listReady();
    await expect(card.getByTestId('strategy-name')).toHaveText(name);
    await expect(value('maxDrawdown')).toHaveText('2.08%');
    await expect(value('trades')).toHaveText('6');
    await expect(value('winRate')).toHaveText('66.67%');
    await expect(value('sharpe')).toHaveText('4.17');
    await expect(card.getByTestId('strategy-type')).toHaveText('网格');
    await expect(card.getByTestId('strategy-period')).toContainText('2024-01-28 ~ 2024-02-04');
    await expect(card.getByTestId('strategy-symbols')).toContainText('BTCUSDT, ETHUSDT');
    await shootWidths(m, 'quant-list-zh', listReady);

    await card.getByTestId('strategy-name').click();
    await expect(m).toHaveURL(`/strategy/${strategyId}`);
    const monthly = m.getByTestId('monthly-table').locator('tr.ant-table-row');
    const detailReady = async () => {
      await expect(m.getByTestId('strategy-title')).toHaveText(name);
      await expect(m.getByTestId('chart-equity').locator('svg')).toBeVisible();
      // The line itself, in its colour (the grid lines are paths of no height).
      await expect(m.getByTestId('chart-equity').locator('svg path[stroke="#1677ff"]').first()).toBeVisible();
      await expect(m.getByTestId('chart-drawdown').locator('svg')).toBeVisible();
      await expect(
        m.getByTestId('chart-drawdown').locator('svg path[stroke="#cf1322"]').first(),
      ).toBeVisible();
      await expect(monthly).toHaveCount(1);
    };
    await detailReady();
    await expect(m.getByTestId('chart-equity')).toHaveAttribute('data-points', '8');
    const cells = monthly.first().locator('td');
    await expect(cells.nth(0)).toHaveText('2024');
    await expect(cells.nth(1)).toHaveText('+1.55%');
    await expect(cells.nth(2)).toHaveText('+0.34%');
    await expect(cells.nth(3)).toHaveText('—');
    await expect(cells.nth(13)).toHaveText('+1.90%');
    await expect(m.getByTestId('figure-totalReturn').getByTestId('figure-value')).toHaveText('+1.90%');
    await expect(m.getByTestId('figure-maxDrawdown').getByTestId('figure-value')).toHaveText('2.08%');
    await expect(m.getByTestId('starting-balance')).toHaveText('10,000.00 USDT');
    await expect(m.getByTestId('final-balance')).toHaveText('10,190.00 USDT');
    await expect(m.getByTestId('parameters')).toBeVisible();
    await expect(m.getByTestId('strategy-description')).toContainText('A grid on BTC');
    await shootWidths(m, 'quant-detail-zh', detailReady);

    await switchLanguage(m, 'en');
    await expect(m.getByTestId('figure-totalReturn')).toContainText('Total return');
    await expect(m.getByTestId('monthly-table')).toContainText('Jan');
    await shootWidths(m, 'quant-detail-en', detailReady);
    await m.getByText('Back to strategies').click();
    await expect(card.getByTestId('strategy-type')).toHaveText('Grid');
    await shootWidths(m, 'quant-list-en', listReady);
    for (const c of consoles) c.expectNone();
  } finally {
    if (strategyId !== undefined)
      await api(admin.page, 'POST', '/api/Quant/Delete', { body: { id: strategyId } }).catch(() => {});
    await admin.context.close();
    await member.context.close();
  }
});
