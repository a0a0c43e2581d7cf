import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { api } from './support/api.ts';
import { openContext, pickOption, toast } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { shoot, signIn, switchLanguage, watchConsole } from './support/journey.ts';

// Journey: the administrator publishes a support/pressure level set at /admin/content/pressure. BTCUSDT is
// put on the market list first (through the API); the form is sent empty (the shared rules answer), then
// filled: two supports, one resistance, a target, notes and an expiry. The set shows in the list, is edited
// (bias, a resistance, a role) and finally deleted. Screenshots of the list and the form in zh and en at
// 1600 and 390 px.

const run = randomBytes(4).toString('hex');
const reason = `前低 ${run}`;

const rowOfSet = (page: Page, id: number) =>
  page.locator('tr.ant-table-row', { has: page.locator(`a[href="/admin/content/pressure/edit/${id}"]`) });

/** Both screenshots of a page at 1600 and 390 px, back at 1600 afterwards. */
async function shootBoth(page: Page, name: string, ready: () => Promise<void>) {
  await shoot(page, `${name}-1600`);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1600, height: 900 });
  await ready();
}

test('the administrator publishes, edits and deletes a level set', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await openContext(browser);
  const console = watchConsole(page);
  let createdId: number | undefined;
  try {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/content/pressure');
    await expect(page.getByRole('heading', { name: '支撑压力' })).toBeVisible();

    // Only listed symbols can carry level sets.
    const listed = await api(page, 'GET', '/api/Market/Symbols');
    if (!listed.some((s) => s.symbol === 'BTCUSDT')) {
      await api(page, 'POST', '/api/Market/AddSymbol', { body: { symbol: 'BTCUSDT' } });
    }
    const { lastPrice } = await api(page, 'GET', '/api/Market/Ticker', { query: { symbol: 'BTCUSDT' } });
    const at = (ratio: number) => String(Math.round(lastPrice * ratio));

    // --- The form, sent empty first: the shared rules answer beside the fields. ---
    await page.getByTestId('level-add').click();
    await expect(page).toHaveURL(/\/admin\/content\/pressure\/add$/);
    const form = page.getByTestId('level-form');
    await expect(page.getByTestId('rich-text-editor-content')).toBeVisible();
    await page.getByTestId('level-submit').click();
    await expect(form.getByText('请选择交易对')).toBeVisible();
    await expect(form.getByText('请选择方向：看多、看空或中性')).toBeVisible();
    await expect(form.getByText('请至少填写一个支撑位或压力位')).toBeVisible();

    const heading = page.getByRole('heading', { name: '发布支撑压力' });
    await pickOption(page, page.getByTestId('level-symbol'), 'BTCUSDT · BTC/USDT', heading);
    await pickOption(page, page.getByTestId('level-timeframe'), '1h · 1 小时', heading);
    await page.getByTestId('level-bias').getByText('看多').click();

    await page.getByTestId('level-supports-add').click();
    await page.getByTestId('level-supports-add').click();
    await expect(form.getByText('请至少填写一个支撑位或压力位')).toHaveCount(0);
    const supportPrices = page.getByTestId('level-supports-price');
    await supportPrices.nth(0).fill(at(0.97));
    await page.getByTestId('level-supports-reason').nth(0).fill(reason);
    await page.getByTestId('level-supports-strength').nth(0).locator('.ant-rate-star').nth(3).click();
    await supportPrices.nth(1).fill(at(0.94));
    await page.getByTestId('level-resistances-add').click();
    await page.getByTestId('level-resistances-price').fill(at(1.05));
    await page.getByTestId('level-resistances-reason').fill('前高');
    await page.getByTestId('level-invalidation').fill(at(0.9));
    await page.getByTestId('level-target-add').click();
    await page.getByTestId('level-target-price').fill(at(1.1));
    const editor = page.getByTestId('rich-text-editor-content');
    await editor.click();
    await page.keyboard.type(`回踩 ${at(0.97)} 企稳可考虑做多，跌破 ${at(0.9)} 则观点失效。`);

    const expiry = page.getByTestId('level-expiry');
    const expiryText = new Date(Date.now() + 7 * 86_400_000)
      .toLocaleString('sv-SE', { hour12: false })
      .slice(0, 16)
      .replace('T', ' ');
    await expiry.click();
    await expiry.fill(expiryText);
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
    await expect(expiry).toHaveValue(expiryText);
    await expect(form).toContainText('不选则全部会员可见');

    await shootBoth(page, 'levels-admin-form-zh', () => expect(form).toBeVisible());

    await page.getByTestId('level-submit').click();
    await expect(toast(page, '已发布 BTCUSDT 的支撑压力')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/pressure$/);
    const sets = await api(page, 'GET', '/api/Levels/List', { query: { symbol: 'BTCUSDT' } });
    const created = sets.find((set) => set.supports.some((level) => level.reason === reason));
    expect(created).toBeDefined();
    createdId = created!.id;
    expect(created!.supports.map((level) => [level.price, level.strength])).toEqual([
      [Number(at(0.97)), 4],
      [Number(at(0.94)), null],
    ]);
    expect(created!.resistances.map((level) => level.price)).toEqual([Number(at(1.05))]);
    expect(created!.targets).toEqual([Number(at(1.1))]);
    expect(created!.invalidationPrice).toBe(Number(at(0.9)));
    expect(created!.notes).toContain('企稳可考虑做多');
    expect(created!.roleIds).toEqual([]);

    // --- The list shows it. ---
    const row = rowOfSet(page, createdId);
    await expect(row.getByTestId('level-row-symbol')).toHaveText('BTCUSDT');
    await expect(row.getByTestId('level-row-timeframe')).toHaveText('1h');
    await expect(row.getByTestId('level-row-bias')).toHaveText('看多');
    await expect(row.getByTestId('level-row-counts')).toHaveText('支撑 2 · 压力 1');
    await expect(row.getByTestId('level-row-roles')).toHaveText('全部会员');
    await expect(row.getByTestId('level-row-expiry')).toHaveText(expiryText);
    await shootBoth(page, 'levels-admin-list-zh', () => expect(row).toBeVisible());

    // --- Editing: the bias, a resistance's price and a role. ---
    await row.getByTestId('level-edit-link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/content/pressure/edit/${createdId}$`));
    await expect(page.getByRole('heading', { name: '编辑支撑压力' })).toBeVisible();
    await expect(page.getByTestId('level-supports-reason').nth(0)).toHaveValue(reason);
    await expect(page.getByTestId('level-expiry')).toHaveValue(expiryText);
    await page.getByTestId('level-bias').getByText('中性').click();
    await page.getByTestId('level-resistances-price').fill(at(1.06));
    await pickOption(
      page,
      page.getByTestId('level-roles'),
      '标准会员',
      page.getByRole('heading', { name: '编辑支撑压力' }),
    );
    await page.getByTestId('level-submit').click();
    await expect(toast(page, '已保存 BTCUSDT 的支撑压力')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/pressure$/);
    await expect(row.getByTestId('level-row-bias')).toHaveText('中性');
    await expect(row.getByTestId('level-row-roles')).toHaveText('标准会员');
    const edited = await api(page, 'GET', '/api/Levels/Get', { query: { id: createdId } });
    expect(edited.bias).toBe('neutral');
    expect(edited.resistances.map((level) => level.price)).toEqual([Number(at(1.06))]);
    expect(edited.supports).toHaveLength(2);

    // --- English. ---
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'Support & pressure' })).toBeVisible();
    await expect(row.getByTestId('level-row-bias')).toHaveText('Neutral');
    await expect(row.getByTestId('level-row-roles')).toHaveText('Standard member');
    await shootBoth(page, 'levels-admin-list-en', () => expect(row).toBeVisible());
    await row.getByTestId('level-edit-link').click();
    await expect(page.getByRole('heading', { name: 'Edit a level set' })).toBeVisible();
    await expect(page.getByTestId('level-supports-reason').nth(0)).toHaveValue(reason);
    await expect(page.getByTestId('rich-text-editor-content')).toContainText('企稳可考虑做多');
    await expect(page.getByTestId('level-form')).toContainText('none chosen: every member sees it');
    await shootBoth(page, 'levels-admin-form-en', () => expect(page.getByTestId('level-form')).toBeVisible());

    // --- Deleting, after confirming. ---
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/pressure$/);
    await row.getByTestId('level-delete').click();
    const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    await expect(confirm).toContainText('Delete the BTCUSDT (1h) level set?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Level set of BTCUSDT deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    createdId = undefined;
    console.expectNone();
  } finally {
    if (createdId !== undefined) {
      await api(page, 'POST', '/api/Levels/Delete', { body: { id: createdId } }).catch(() => undefined);
    }
    await context.close();
  }
});
