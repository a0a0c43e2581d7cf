import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { api } from './support/api.ts';
import { openContext, pickOption, toast } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { shoot, signIn, switchLanguage, watchConsole } from './support/journey.ts';

// Journey: the administrator publishes a quantitative strategy at /admin/content/quant by importing a freqtrade
// backtest result through the form's upload (the server tests' fixture, which holds GridFuturesV2 and
// TrendFollowV1): the form asks which strategy, fills the results for review, and the saved strategy shows
// the fixture's figures in the list (GridFuturesV2: +1.90 %, max drawdown 2.08 %, 6 trades). Screenshots of
// the list and the form in zh and en at 1600 and 390 px; the strategy is deleted at the end.

const run = randomBytes(4).toString('hex');
const name = `Grid import ${run}`;
const FIXTURE = path.join(import.meta.dirname, '../server/test/fixtures/freqtrade-backtest-result.json');

const rowOfStrategy = (page: Page, id: number) =>
  page.locator('tr.ant-table-row', { has: page.locator(`a[href="/admin/content/quant/edit/${id}"]`) });

/** Both screenshots of a page at 1600 and 390 px, back at 1600 afterwards. */
async function shootBoth(page: Page, shot: string, ready: () => Promise<void>) {
  await shoot(page, `${shot}-1600`);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await shoot(page, `${shot}-390`);
  await page.setViewportSize({ width: 1600, height: 900 });
  await ready();
}

test('the administrator publishes a quant strategy from a freqtrade result', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await openContext(browser);
  const console = watchConsole(page);
  let createdId: number | undefined;
  try {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/content/quant');
    await expect(page.getByRole('heading', { name: '量化策略' })).toBeVisible();

    // --- The form, sent empty first: the shared rules answer beside the fields. ---
    await page.getByTestId('quant-add').click();
    await expect(page).toHaveURL(/\/admin\/content\/quant\/add$/);
    const form = page.getByTestId('quant-form');
    const heading = page.getByRole('heading', { name: '发布量化策略' });
    await expect(page.getByTestId('rich-text-editor-content')).toBeVisible();
    await page.getByTestId('quant-submit').click();
    await expect(form.getByText('策略名称为必填项')).toBeVisible();
    await expect(form.getByText('请选择策略类型')).toBeVisible();

    // --- The import: the file holds two strategies; the first is read, the other can be chosen. ---
    await page.getByTestId('quant-import').locator('input[type="file"]').setInputFiles(FIXTURE);
    const imported = page.getByTestId('quant-import-result');
    await expect(imported).toContainText('已导入 GridFuturesV2 的结果');
    await expect(page.getByTestId('quant-import-period')).toHaveText('测试区间：2024-01-28 至 2024-02-04');
    await expect(page.getByTestId('quant-import-daily')).toHaveText('每日数据点：8 个');
    await expect(page.getByTestId('quant-result-totalReturn')).toHaveValue('1.9');
    // A pick made while the list is still opening can be lost: picked again until the import answers.
    const chooseStrategy = (strategy: string) =>
      expect(async () => {
        await pickOption(page, page.getByTestId('quant-import-strategy'), strategy, heading);
        await expect(imported).toContainText(`已导入 ${strategy} 的结果`, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    await chooseStrategy('TrendFollowV1');
    await expect(page.getByTestId('quant-result-totalReturn')).toHaveValue('0.5');
    await chooseStrategy('GridFuturesV2');
    await expect(page.getByTestId('quant-result-totalReturn')).toHaveValue('1.9');
    await expect(page.getByTestId('quant-result-trades')).toHaveValue('6');
    await expect(page.getByTestId('quant-result-periodStart')).toHaveValue('2024-01-28');
    // The suggestions filled the empty fields.
    await expect(page.getByTestId('quant-timeframe')).toHaveValue('15m');
    await expect(page.getByTestId('quant-symbols')).toContainText('BTCUSDTETHUSDT');

    await page.getByTestId('quant-name').fill(name);
    await pickOption(page, page.getByTestId('quant-type'), '网格', heading);
    await page.getByTestId('quant-market').fill('U本位合约');
    await page.getByTestId('quant-risk').getByText('中风险').click();
    await page.getByTestId('quant-status').getByText('回测').click();
    const editor = page.getByTestId('rich-text-editor-content');
    await editor.click();
    await page.keyboard.type('BTC 与 ETH 永续合约网格，回测区间一周。');
    await expect(form).toContainText('不选则全部会员可见');
    await shootBoth(page, 'quant-admin-form-zh', () => expect(form).toBeVisible());

    await page.getByTestId('quant-submit').click();
    await expect(toast(page, `已发布量化策略“${name}”`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/quant$/);
    const created = (await api(page, 'GET', '/api/Quant/List')).find((card) => card.name === name);
    expect(created).toBeDefined();
    createdId = created!.id;
    const stored = await api(page, 'GET', '/api/Quant/Get', { query: { id: createdId } });
    expect(stored.results).toMatchObject({
      source: 'freqtrade',
      totalReturn: 0.019,
      maxDrawdown: 0.020752812584623716,
      sharpe: 4.1654948073499165,
      trades: 6,
      periodStart: '2024-01-28',
      periodEnd: '2024-02-04',
      startingBalance: 10000,
      currency: 'USDT',
    });
    expect(stored.results.daily?.points).toHaveLength(8);
    expect(stored.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);

    // --- The list shows the fixture's figures. ---
    const row = rowOfStrategy(page, createdId);
    await expect(row.getByTestId('quant-row-name')).toHaveText(name);
    await expect(row.getByTestId('quant-row-return')).toHaveText('1.90%');
    await expect(row.getByTestId('quant-row-drawdown')).toHaveText('2.08%');
    await expect(row.getByTestId('quant-row-trades')).toHaveText('6');
    await expect(row.getByTestId('quant-row-sharpe')).toHaveText('4.17');
    await expect(row.getByTestId('quant-row-status')).toHaveText('回测');
    await expect(row.getByTestId('quant-row-roles')).toHaveText('全部会员');
    await shootBoth(page, 'quant-admin-list-zh', () => expect(row).toBeVisible());

    // --- English. ---
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'Quant strategies' })).toBeVisible();
    await expect(row.getByTestId('quant-row-status')).toHaveText('Backtest');
    await expect(row.getByTestId('quant-row-risk')).toHaveText('Medium risk');
    await shootBoth(page, 'quant-admin-list-en', () => expect(row).toBeVisible());
    await row.getByTestId('quant-edit-link').click();
    await expect(page.getByRole('heading', { name: 'Edit a quant strategy' })).toBeVisible();
    await expect(page.getByTestId('quant-name')).toHaveValue(name);
    await expect(page.getByTestId('quant-result-totalReturn')).toHaveValue('1.9');
    await expect(page.getByTestId('quant-daily-kept')).toContainText('8 daily points');
    await expect(page.getByTestId('quant-form')).toContainText('none chosen: every member sees it');
    await shootBoth(page, 'quant-admin-form-en', () => expect(page.getByTestId('quant-form')).toBeVisible());

    // --- Deleting, after confirming. ---
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/quant$/);
    await row.getByTestId('quant-delete').click();
    const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    await expect(confirm).toContainText(`Delete the quant strategy "${name}"?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `Quant strategy "${name}" deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
    createdId = undefined;
    console.expectNone();
  } finally {
    if (createdId !== undefined) {
      await api(page, 'POST', '/api/Quant/Delete', { body: { id: createdId } }).catch(() => undefined);
    }
    await context.close();
  }
});
