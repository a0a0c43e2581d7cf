import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, grantRoles } from './support/api.ts';
import { closeModal, openContext, pickOption, rowOf, soundPlays, toast } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { createExchangeAccount, type ExchangeAccount } from './support/exchange.ts';
import { createConfirmedAccount, shoot, signIn, switchLanguage, watchConsole } from './support/journey.ts';

// Journey: live trading and statistics from a trader's exchange account (DESIGN §8), against the fake
// Binance exchange that runs for the whole Playwright run (e2e/support/exchange-fake.ts) and the portal's
// trader sync worker (TRADER_SYNC=true, EXCHANGE_TEST_BASE_URL pointing at the fake).
//
// The administrator adds the trader's key in the drawer and checks it: Binance reads it as read-only (no
// trading, no withdrawal), but a key without Binance's futures permission cannot read the futures account
// (Binance has no read-only futures permission, docs/decisions.md), so the check says so and the key is not
// followed. Once the trader turns futures on, the next check passes with the "can trade" warning and the
// worker follows the account. The administrator opens the key to PremiumUser; a premium member subscribes and watches the
// live page while the exchange fills the trader's resting order and opens the position: both arrive without
// a reload, in Chinese and in English. The statistics page then shows figures worked out by hand below from
// the history scripted at the exchange. Screenshots of both pages in zh and en at 1600 and 390 px.

test.use({ locale: 'zh-CN' });

const run = randomBytes(4).toString('hex');
const password = 'Member-pass-2025';
const memberEmail = `live-${run}-pre@e2e.test`;
const traderName = `Live-${run}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The trader list is not pushed to administrators: reload until the key's sync column reads `state`. */
async function expectSyncState(page: Page, state: string, detail?: RegExp) {
  await expect(async () => {
    await page.reload();
    // The list comes back after the page's sign-in and a request: slow on a busy machine, then final.
    const row = rowOf(page, traderName);
    await expect(row).toBeVisible({ timeout: 30_000 });
    const sync = row.getByTestId('key-sync');
    await expect(sync.getByTestId('key-sync-state')).toHaveText(state, { timeout: 1_000 });
    if (detail) await expect(sync).toContainText(detail, { timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000, 5_000] });
}

/** Closes the live notifications (they would cover the page in a screenshot). */
async function closeNotifications(page: Page) {
  const notices = page.getByTestId('trader-live-notification');
  for (let count = await notices.count(); count > 0; count--) {
    await notices.first().locator('.ant-notification-notice-close').click();
    await expect(notices).toHaveCount(count - 1);
  }
}

/** Full-page screenshots at 1600 and 390 px (the page is back at 1600 px after). */
async function shootBoth(page: Page, name: string, ready: Locator) {
  await expect(ready).toBeVisible();
  await shoot(page, `${name}-1600`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ready).toBeVisible();
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1600, height: 900 });
}

// --- The trader's history at the exchange, and the figures it gives, worked out by hand. ---
//
// Five round trips in one-way mode, each opened and closed within one UTC day, 1 to 4 days ago, before a
// 500 USDT deposit 5 days ago (realized PnL is what Binance reports on the closing fill: (exit − entry) ×
// quantity for a long, the reverse for a short; commission is paid on both fills):
//
//   #  symbol   side   entry → exit        qty   realized  commission  net (realized − commission)  held
//   1  BTCUSDT  long   60000 → 63000      0.01   +30        0.5 + 0.5   +29   win                     4 h
//   2  ETHUSDT  short   3000 → 3020          1   −20        0.5 + 0.5   −21   loss                    2 h
//   3  BTCUSDT  long   61000 → 61025      0.02   +0.5      0.25 + 0.25    0   neither (counts)        1 h
//   4  ETHUSDT  long    2900 → 2950          2   +100         1 + 1     +98   win                     6 h
//   5  BTCUSDT  short  62000 → 61000      0.01   +10        0.5 + 0.5    +9   win                     3 h
//
// Win rate (shared/trading-statistics.ts): positions with net PnL > 0 over all closed positions, those at
// exactly 0 in the total: 3 / 5 = 60.00 % (75 % would leave the zero out, 80 % would count it gross of
// commission). Profit factor: (29 + 98 + 9) / 21 = 6.476… → 6.48. Trades 5, long/short 3 / 2, average
// holding (4 + 2 + 1 + 6 + 3) h / 5 = 3.2 h = 3 h 12 min.
//
// Live, while the member watches: the resting limit order (buy 0.05 BTCUSDT at 60500) fills with a 0.6 USDT
// commission and the position opens, marked at 61000 (+25 unrealized), then at 61300 (+40).
//
// PnL (period 30 days): realized 30 − 20 + 0.5 + 100 + 10 = 120.5, funding −1.25, commissions −(1 + 1 + 0.5 +
// 2 + 1 + 0.6) = −6.1, so 113.15 realized net; plus +40 unrealized = +153.15. The deposit is a transfer, not
// a gain: counted as one, PnL would read +653.15. Trading days (UTC dates with a fill): 4 before, today 1 = 5.
//
// ROI (unit-value method, net-value.ts): the unit value comes only from equity snapshots, which the worker
// writes itself, one per clock hour, from the account's margin balance at each reconciliation; the exchange
// has no history of equity to read, so the days before the key was followed have none. The first snapshot
// sets the unit value to 1 with everything deposited before it (the 500 USDT included) already in the equity;
// the account's margin balance is left unchanged during the run (the fake keeps its wallet as scripted), so
// however many hourly snapshots the run writes (one, or two if it spans a full hour), each values the unit
// at 1 and ROI is 0.00 %, as is the maximum drawdown. A deposit counted as a gain, or a PnL without the
// equity, would show here as a non-zero ROI.
const HISTORY_DEPOSIT = 500;
const WALLET = 1000 + HISTORY_DEPOSIT + 113.75;

async function scriptHistory(account: ExchangeAccount): Promise<number> {
  const day0 = Math.floor(Date.now() / DAY) * DAY;
  const at = (daysAgo: number, hour: number) => day0 - daysAgo * DAY + hour * HOUR;
  const trips = [
    ['BTCUSDT', 'BUY', '0.01', '60000', '63000', '30', '0.5', at(4, 1), at(4, 5)],
    ['ETHUSDT', 'SELL', '1', '3000', '3020', '-20', '0.5', at(3, 2), at(3, 4)],
    ['BTCUSDT', 'BUY', '0.02', '61000', '61025', '0.5', '0.25', at(3, 10), at(3, 11)],
    ['ETHUSDT', 'BUY', '2', '2900', '2950', '100', '1', at(2, 8), at(2, 14)],
    ['BTCUSDT', 'SELL', '0.01', '62000', '61000', '10', '0.5', at(1, 12), at(1, 15)],
  ] as const;
  await account.call('addIncome', {
    incomeType: 'TRANSFER',
    income: String(HISTORY_DEPOSIT),
    time: at(5, 9),
  });
  for (const [symbol, side, qty, entry, exit, realizedPnl, commission, opened, closed] of trips) {
    await account.call('fill', { symbol, side, qty, price: entry, commission, time: opened });
    await account.call('fill', {
      symbol,
      side: side === 'BUY' ? 'SELL' : 'BUY',
      qty,
      price: exit,
      realizedPnl,
      commission,
      time: closed,
    });
  }
  await account.call('addIncome', {
    symbol: 'ETHUSDT',
    incomeType: 'FUNDING_FEE',
    income: '-1.25',
    time: at(2, 12),
  });
  await account.call('addAsset', { asset: 'USDT', walletBalance: WALLET.toFixed(2) });
  // The order that fills while the member watches.
  const order = await account.call('addOrder', {
    symbol: 'BTCUSDT',
    side: 'BUY',
    origQty: '0.05',
    price: '60500',
    type: 'LIMIT',
  });
  return order.orderId;
}

/** The trader's BTCUSDT position as positionRisk reports it (10× leverage: 3050 notional on 305 margin). */
const position = (markPrice: number) => {
  const unrealized = (markPrice - 60500) * 0.05;
  const notional = markPrice * 0.05;
  return {
    symbol: 'BTCUSDT',
    positionAmt: '0.05',
    entryPrice: '60500',
    breakEvenPrice: '60524.2',
    markPrice: String(markPrice),
    unRealizedProfit: unrealized.toFixed(8),
    liquidationPrice: '54670.5',
    notional: notional.toFixed(8),
    initialMargin: (notional / 10).toFixed(8),
    positionInitialMargin: (notional / 10).toFixed(8),
  };
};

test('a trader key is checked and followed; members watch the account live and its statistics', async ({
  browser,
  request,
}) => {
  // About 1.5 minutes on a quiet machine, most of it waiting for the worker's next REST reconciliation (60 s).
  test.setTimeout(480_000);
  const account = await createExchangeAccount();
  // Binance's read-only key: reading only, no trading, no withdrawals (futures come later, see above).
  await account.restrict({
    enableFutures: false,
    enableSpotAndMarginTrading: false,
    enableWithdrawals: false,
  });
  const restingOrderId = await scriptHistory(account);
  await createConfirmedAccount(request, memberEmail, password);

  const admin = await openContext(browser);
  const member = await openContext(browser);
  const consoles = [admin, member].map(({ page }) => watchConsole(page));
  const cleanup: (() => Promise<unknown>)[] = [];

  try {
    // --- The administrator adds the key in the drawer. ---
    const a = admin.page;
    await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/trader/management');
    await a.getByTestId('trader-add').click();
    await expect(a.getByTestId('trader-form')).toBeVisible();
    await a.getByTestId('trader-name').fill(traderName);
    await a.getByTestId('trader-key').fill(account.apiKey);
    await a.getByTestId('trader-secret').fill(account.secret);
    await a.getByTestId('trader-currency-ratio').fill('0.5');
    await a.getByTestId('trader-leverage-ratio').fill('2');
    await a.getByTestId('trader-save').click();
    await expect(toast(a, `已新增 Trader ${traderName}`)).toBeVisible();
    cleanup.push(async () => {
      const keys = await api(a, 'GET', '/api/TraderKey/GetAllApiKeys');
      const key = keys.find((candidate) => candidate.keyName === traderName);
      if (key) {
        await api(a, 'POST', '/api/TraderKey/ActiviateApiKey', { body: { apiKeyId: key.id, active: false } });
      }
    });
    // Who may subscribe is decided after the check: the dialog that follows a new key is left for now.
    const permissions = a.locator('.ant-modal', { has: a.getByTestId('permissions-form') });
    await expect(permissions).toContainText('Trader 已创建');
    await closeModal(permissions);
    const traderRow = rowOf(a, traderName);
    await expect(traderRow).toContainText(`********${account.apiKey.slice(-4)}`);

    // --- It checks the key: read-only, and so no futures reads at Binance: the key is not followed. ---
    const result = a.getByTestId('key-check-result').filter({ hasText: traderName });
    await traderRow.getByTestId('trader-check-key').click();
    await expect(result).toContainText(`${traderName}：密钥未开启合约权限，无法读取合约账户`);
    await expect(result.getByTestId('key-permission')).toHaveAttribute('data-permission', 'read');
    await expect(result.getByTestId('key-permission')).toHaveText('只读');
    await expect(traderRow.getByTestId('key-permission')).toHaveText('只读');
    await expect(traderRow.getByTestId('key-state')).toHaveText('密钥未开启合约权限，无法读取合约账户');
    await result.locator('.ant-notification-notice-close').click();
    await expectSyncState(a, '已拒绝同步', /no futures permission/);

    // The trader turns futures on at the exchange; checked again, the key passes with the trading warning and
    // the worker follows it (its first reconciliation reads the history above).
    await account.restrict({ enableFutures: true });
    await rowOf(a, traderName).getByTestId('trader-check-key').click();
    await expect(result.getByTestId('key-permission')).toHaveAttribute('data-permission', 'trade');
    await expect(result.getByTestId('key-permission')).toHaveText('可交易');
    await result.locator('.ant-notification-notice-close').click();
    await expectSyncState(a, '同步中');
    await expect
      .poll(() => account.streams(), { message: 'the worker’s user-data stream' })
      .toBeGreaterThan(0);
    await expect(rowOf(a, traderName).getByTestId('key-last-error')).toContainText('无');
    await shoot(a, 'live-trading-admin-keys-zh-1600');
    await switchLanguage(a, 'en');
    await expect(rowOf(a, traderName).getByTestId('key-sync-state')).toHaveText('Syncing');
    await shoot(a, 'live-trading-admin-keys-en-1600');
    await switchLanguage(a, 'zh');

    // --- It opens the key to PremiumUser. ---
    await rowOf(a, traderName).getByTestId('trader-permissions').click();
    await expect(permissions).toBeVisible();
    await pickOption(
      a,
      permissions.getByTestId('permissions-select'),
      '高级会员',
      permissions.locator('.ant-modal-title'),
    );
    await permissions.getByTestId('permissions-save').click();
    await expect(toast(a, `已保存 ${traderName} 的订阅权限`)).toBeVisible();
    await expect(rowOf(a, traderName).getByTestId('trader-roles')).toHaveText('高级会员');
    await grantRoles(a, memberEmail, ['PremiumUser']);

    // --- A premium member subscribes and opens the live page. ---
    const m = member.page;
    await signIn(m, memberEmail, password, '/personal/subscribe');
    const item = m.getByTestId('subscribe-item').filter({ hasText: traderName });
    await expect(item).toContainText('未订阅');
    await item.getByRole('switch').click();
    await expect(toast(m, `已订阅 ${traderName}`)).toBeVisible();
    await expect(item).toContainText('已订阅');

    await m.goto('/?type=1');
    await expect(m.getByRole('tab', { name: '实盘交易' })).toHaveAttribute('aria-selected', 'true');
    await expect(m.getByTestId('hub-status')).toHaveAttribute('data-status', 'connected');
    await m.getByRole('tab', { name: traderName }).click();
    const panel = m.getByTestId('live-panel');
    await expect(panel).toBeVisible();
    await expect(m.getByTestId('live-ratios')).toHaveText('货币比例 0.5 · 杠杆比例 2');
    await expect(m.getByTestId('live-sync-notice')).toHaveCount(0);
    const positions = m.getByTestId('positions-table');
    const orders = m.getByTestId('orders-table');
    const fills = m.getByTestId('fills-table');
    const closed = m.getByTestId('closed-table');
    await expect(positions).toContainText('当前没有持仓');
    await expect(rowOf(orders, 'BTCUSDT')).toContainText('未成交');
    await expect(rowOf(orders, 'BTCUSDT')).toContainText('60,500');
    // The five round trips, rebuilt from the fills; the newest first.
    await expect(closed.locator('tr.ant-table-row')).toHaveCount(5);
    await expect(closed.locator('tr.ant-table-row').first()).toContainText('+9.00');
    await expect(rowOf(closed, '61,025')).toContainText('0.00');

    // --- The exchange fills the resting order, then reports the position it opened. ---
    const playsBefore = await soundPlays(m);
    await account.call('fill', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      price: '60500',
      qty: '0.05',
      orderId: restingOrderId,
      commission: '0.6',
      maker: true,
    });
    await expect(orders).toContainText('当前没有委托');
    const newestFill = fills.locator('tr.ant-table-row').first();
    await expect(newestFill).toContainText('BTCUSDT');
    await expect(newestFill).toContainText('60,500');
    await expect(newestFill).toContainText('0.6 USDT');
    await account.call('changePosition', position(61_000));
    const positionRow = rowOf(positions, 'BTCUSDT');
    await expect(positionRow).toContainText('多头');
    await expect(positionRow).toContainText('60,500');
    await expect(positionRow).toContainText('+25.00');
    await expect(positionRow.getByTestId('copy-size')).toHaveText('数量 0.025');
    const notification = m.getByTestId('trader-live-notification').filter({ hasText: traderName });
    await expect(notification).toContainText(`${traderName} 开仓`);
    await expect(notification).toContainText('BTCUSDT 多头，数量 0.05，开仓价 60,500');
    await expect.poll(() => soundPlays(m)).toBeGreaterThan(playsBefore);
    // The stream's event has no leverage nor mark price; the worker's next REST reconciliation (every 60 s)
    // reads them, and they reach the page the same way: 10× at the exchange, 20× at the leverage ratio 2.
    await expect(positionRow.getByTestId('copy-leverage')).toHaveText('杠杆 20×', { timeout: 90_000 });
    await expect(positionRow).toContainText('10×');
    await expect(positionRow).toContainText('61,000');
    await closeNotifications(m);
    await shootBoth(m, 'live-trading-live-zh', positionRow);

    // --- In English, and live still: the mark price moves. ---
    await switchLanguage(m, 'en');
    await expect(panel).toContainText('Open positions');
    await expect(m.getByTestId('live-ratios')).toHaveText('Currency ratio 0.5 · leverage ratio 2');
    await expect(positionRow).toContainText('Long');
    await expect(positionRow.getByTestId('copy-size')).toHaveText('Size 0.025');
    await expect(newestFill).toContainText('Buy');
    await expect(orders).toContainText('No open order');
    await account.call('changePosition', position(61_300));
    await expect(positionRow).toContainText('+40.00');
    await expect(m.getByTestId('trader-live-notification')).toHaveCount(0);
    await shootBoth(m, 'live-trading-live-en', positionRow);

    // --- Statistics (30 days, the default period): the figures worked out above. ---
    await m.getByRole('tab', { name: 'Trading statistics' }).click();
    await expect(m).toHaveURL(/[?&]type=3/);
    const stats = m.getByTestId('statistics-panel');
    await expect(stats).toBeVisible();
    await expect(stats).toHaveAttribute('data-period', '30d');
    const figure = (key: string) => m.getByTestId(`figure-${key}`).getByTestId('figure-value');
    const expected = {
      roi: '0.00%',
      maxDrawdown: '0.00%',
      winRate: '60.00%',
      trades: '5',
      profitFactor: '6.48',
      longShort: '3 / 2',
      pnl: '+153.15',
      tradingDays: '5',
    };
    for (const [key, value] of Object.entries(expected)) await expect(figure(key)).toHaveText(value);
    await expect(figure('averageHoldingTime')).toHaveText('3h 12m');
    await expect(m.getByTestId('figure-pnl')).toContainText('Realized +113.15 · unrealized +40.00');
    await expect(m.getByTestId('side-long')).toHaveText('Long: 3 trades, 2 won, +127.00');
    await expect(m.getByTestId('side-short')).toHaveText('Short: 2 trades, 1 won, -12.00');
    await expect(m.getByTestId('chart-netValue').locator('svg').first()).toBeVisible();
    await shootBoth(m, 'live-trading-statistics-en', stats);

    await switchLanguage(m, 'zh');
    await expect(m.getByTestId('figure-winRate')).toContainText('胜率');
    for (const [key, value] of Object.entries(expected)) await expect(figure(key)).toHaveText(value);
    await expect(figure('averageHoldingTime')).toHaveText('3小时 12分');
    await expect(m.getByTestId('side-long')).toHaveText('多头：3 笔，盈利 2 笔，+127.00');
    await shootBoth(m, 'live-trading-statistics-zh', stats);

    for (const watcher of consoles) watcher.expectNone();
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    for (const { context } of [admin, member]) await context.close();
  }
});
