import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MarketSymbol } from '#shared/schemas/market.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { accountHandlers, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /tool for a member, against a stubbed API. The figures come from shared/calculators (whose tests work
// them out); here: that the page fills the calculators, shows their figures and errors in both languages,
// copies them, edits the tier table, and uses the market desk's prices only when it answers.

const member = () => accountHandlers(personalInfoOf());

function openTool(url = '/tool') {
  const user = setupUser();
  const rendered = renderApp(url, { auth: FakeAuth.signedIn() });
  return { user, ...rendered };
}

// A figure follows its fields through the form's watch, which may render a moment after the last keystroke.
const expectFigure = (key: string, text: string) =>
  waitFor(() => expect(screen.getByTestId(`figure-${key}`)).toHaveTextContent(text));

beforeEach(async () => {
  setClientWidth(1600);
  await act(() => changeLocale('zh'));
});

describe('the tools page', () => {
  it('computes a position’s PnL and ROE as the fields are filled, and copies the figures', async () => {
    const api = stubApi(member());
    const { user } = openTool();
    expect(await screen.findByTestId('tools-page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '工具' })).toBeInTheDocument();
    expect(screen.getByTestId('pnl-results-empty')).toHaveTextContent('填写完带 * 的各项后');

    await user.type(screen.getByTestId('pnl-entry'), '60000');
    await user.type(screen.getByTestId('pnl-exit'), '63000');
    await user.type(screen.getByTestId('pnl-quantity'), '0.5');
    // Long 0.5 at 60,000 → 63,000, 10× (the default): margin 3,000, PnL +1,500, ROE +50 %.
    await expectFigure('pnl', '+1,500.00');
    await expectFigure('roe', '+50.00%');
    await expectFigure('initialMargin', '3,000.00 USDT');

    await user.click(screen.getByTestId('pnl-side-short'));
    await expectFigure('pnl', '-1,500.00');

    await user.click(screen.getByTestId('pnl-results-copy'));
    await waitFor(() => expect(screen.getByTestId('pnl-results-copy')).toHaveTextContent('已复制'));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('盈亏与收益率 · 盈亏');
    expect(copied).toContain('方向：做空');
    expect(copied).toContain('开仓价格：60,000');
    expect(copied).toContain('收益率（ROE）：-50.00%');

    // The market desk was asked once for its symbols, and its 404 left nothing on the page.
    expect(api.requests.filter((r) => r.path === '/api/Market/Symbols')).toHaveLength(1);
    expect(screen.queryByTestId('market-bar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pnl-entry-fill')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('finds the target price of a wanted ROE', async () => {
    stubApi(member());
    const { user } = openTool();
    await user.click(await screen.findByTestId('pnl-mode-target'));
    await user.type(screen.getByTestId('pnl-entry'), '60000');
    await user.type(screen.getByTestId('pnl-target-roe'), '50');
    await expectFigure('targetPrice', '63,000');
    await expectFigure('priceChange', '+5.00%');
  });

  it('shows each error beside its field, in Chinese and in English', async () => {
    stubApi(member());
    const { user } = openTool();
    await user.type(await screen.findByTestId('pnl-entry'), '0');
    await user.clear(screen.getByTestId('pnl-leverage'));
    await user.type(screen.getByTestId('pnl-leverage'), '200');
    expect(await screen.findByText('请输入大于 0 的数')).toBeInTheDocument();
    expect(await screen.findByText('请输入 1 到 125 之间的数')).toBeInTheDocument();
    const problems = screen.getByTestId('pnl-results-problems');
    expect(problems).toHaveTextContent('开仓价格：请输入大于 0 的数');
    expect(problems).toHaveTextContent('杠杆倍数：请输入 1 到 125 之间的数');

    await act(() => changeLocale('en'));
    expect(await screen.findByText('Enter a number above 0')).toBeInTheDocument();
    expect(await screen.findByText('Enter a number from 1 to 125')).toBeInTheDocument();
    expect(screen.getByTestId('pnl-results-problems')).toHaveTextContent(
      'Entry price: Enter a number above 0',
    );
    expect(screen.getByRole('heading', { name: 'Tools' })).toBeInTheDocument();
  });

  it('computes the liquidation price over the BTCUSDT tiers, and recomputes when a tier is edited', async () => {
    stubApi(member());
    const { user } = openTool('/tool?calc=liquidation');
    await user.type(await screen.findByTestId('liq-entry'), '50000');
    await user.type(screen.getByTestId('liq-quantity'), '10');
    // Long 10 BTC at 50,000, isolated 20×: tier 3 (1 %, 1,300), LP 47,848.48 (liquidation-price.test.ts).
    await expectFigure('liquidationPrice', '47,848.48 USDT');
    await expectFigure('walletBalance', '25,000.00 USDT');
    await expectFigure('maintenanceMargin', '3,700.00 USDT');
    await expectFigure('entryTier', '第 3 档 · 维持保证金率 1.00% · 维持保证金速算额 1,300.00 USDT');

    // Tier 3 at 2 %: amount 250,000 × (2 % − 0.5 %) + 50 = 3,800 once recomputed; LP (25,000 + 3,800 −
    // 500,000) / (10 × 0.02 − 10) = 48,081.63.
    await user.click(screen.getByTestId('tier-toggle'));
    const rate = await screen.findByTestId('tier-2-maintenanceMarginRate');
    await user.clear(rate);
    await user.type(rate, '2');
    // The button is off while the table is invalid (the rate cleared) and back once the 2 % is in: a click
    // on a busy machine must not land on the button before it is.
    await waitFor(() => expect(screen.getByTestId('tier-derive')).toBeEnabled());
    await user.click(screen.getByTestId('tier-derive'));
    // The derived amounts are set as the form re-renders, which a busy machine may do after the click.
    await waitFor(() => expect(screen.getByTestId('tier-2-maintenanceAmount')).toHaveValue('3,800'));
    await expectFigure('liquidationPrice', '48,081.63 USDT');

    // A cap below its floor stops the calculation until it is corrected or the defaults come back.
    const cap = screen.getByTestId('tier-1-cap');
    await user.clear(cap);
    await user.type(cap, '10');
    expect(screen.getByTestId('tier-errors')).toHaveTextContent('档位表有误');
    expect(screen.getByTestId('liquidation-results-problems')).toHaveTextContent('档位表有误');
    await user.click(screen.getByTestId('tier-reset'));
    await expectFigure('liquidationPrice', '47,848.48 USDT');
  });

  it('asks for the cross wallet balance in cross mode', async () => {
    stubApi(member());
    const { user } = openTool('/tool?calc=liquidation');
    await user.click(await screen.findByTestId('liq-mode-cross'));
    expect(screen.queryByTestId('liq-leverage')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('liq-side-short'));
    await user.type(screen.getByTestId('liq-entry'), '30000');
    await user.type(screen.getByTestId('liq-quantity'), '2');
    await user.type(screen.getByTestId('liq-wallet'), '10000');
    await user.type(screen.getByTestId('liq-other-mm'), '500');
    await user.type(screen.getByTestId('liq-other-pnl'), '-200');
    await expectFigure('liquidationPrice', '34,502.49 USDT');
  });

  it('sizes a position and warns when the stop lies beyond the liquidation price', async () => {
    stubApi(member());
    const { user } = openTool('/tool?calc=positionSize');
    await user.type(await screen.findByTestId('pos-account'), '10000');
    await user.type(screen.getByTestId('pos-entry'), '50000');
    await user.type(screen.getByTestId('pos-stop'), '49000');
    await expectFigure('quantity', '0.1');
    await expectFigure('margin', '500.00 USDT');
    expect(screen.queryByTestId('position-results-warning')).not.toBeInTheDocument();

    const leverage = screen.getByTestId('pos-leverage');
    await user.clear(leverage);
    await user.type(leverage, '50');
    expect(screen.getByTestId('position-results-warning')).toHaveTextContent(
      '止损价在强平价格之外：仓位会先被强平（49,196.79）',
    );

    await user.clear(screen.getByTestId('pos-stop'));
    await user.type(screen.getByTestId('pos-stop'), '51000');
    expect(await screen.findByText('做多时止损价应低于开仓价')).toBeInTheDocument();
  });

  it('averages several buys, rows added and removed', async () => {
    stubApi(member());
    const { user } = openTool('/tool?calc=averageEntry');
    await user.type(await screen.findByTestId('avg-price-0'), '30000');
    await user.type(screen.getByTestId('avg-size-0'), '0.1');
    await user.type(screen.getByTestId('avg-price-1'), '25000');
    await user.type(screen.getByTestId('avg-size-1'), '0.2');
    await user.click(screen.getByTestId('avg-add'));
    await user.type(screen.getByTestId('avg-price-2'), '20000');
    await user.type(screen.getByTestId('avg-size-2'), '0.3');
    await expectFigure('averagePrice', '23,333.33');
    await expectFigure('totalCost', '14,000.00 USDT');

    await user.click(screen.getByTestId('avg-remove-2'));
    // 3,000 + 5,000 for 0.3: 26,666.67.
    await expectFigure('averagePrice', '26,666.67');
    await user.type(screen.getByTestId('avg-price-1'), '-');
    await user.clear(screen.getByTestId('avg-price-1'));
    await user.tab();
    expect(within(screen.getByTestId('avg-rows')).getByText('请填写此项')).toBeInTheDocument();
  });

  it('computes funding, compound growth and risk/reward', async () => {
    stubApi(member());
    const { user } = openTool('/tool?calc=funding');
    await user.type(await screen.findByTestId('funding-notional'), '10000');
    // 10,000 × 0.01 % = 1 paid by a long each time; 3 times.
    await expectFigure('perInterval', '支付 1.00 USDT');
    await expectFigure('total', '支付 3.00 USDT');
    await expectFigure('payer', '费率为正：多头付给空头');

    await user.click(screen.getByTestId('tools-tab-compound'));
    await user.type(await screen.findByTestId('compound-start'), '1000');
    await user.type(screen.getByTestId('compound-rate'), '10');
    await user.clear(screen.getByTestId('compound-periods'));
    await user.type(screen.getByTestId('compound-periods'), '3');
    await user.type(screen.getByTestId('compound-contribution'), '100');
    await expectFigure('finalAmount', '1,662.00');
    expect(screen.getByTestId('compound-table').querySelectorAll('tr.ant-table-row')).toHaveLength(3);

    await user.click(screen.getByTestId('tools-tab-riskReward'));
    await user.type(await screen.findByTestId('rr-entry'), '100');
    await user.type(screen.getByTestId('rr-stop'), '95');
    await user.type(screen.getByTestId('rr-target'), '115');
    await expectFigure('rMultiple', '3R');
    await expectFigure('breakEven', '25.00%');

    // Each calculator keeps what was typed while another is open.
    await user.click(screen.getByTestId('tools-tab-funding'));
    expect(screen.getByTestId('funding-notional')).toHaveValue('10000');
  });
});

describe('the market desk’s prices', () => {
  const btc: MarketSymbol = {
    symbol: 'BTCUSDT',
    baseAsset: 'BTC',
    quoteAsset: 'USDT',
    pricePrecision: 1,
    quantityPrecision: 3,
    tickSize: 0.1,
    addedAt: '2026-11-20T08:00:00.000Z',
  };

  it('offers the chosen symbol’s last price to the entry prices', async () => {
    const api = stubApi({
      ...member(),
      'GET /api/Market/Symbols': () => [btc],
      'GET /api/Market/Ticker': () => ({
        symbol: 'BTCUSDT',
        lastPrice: 64_210.53,
        priceChange: 1_000,
        priceChangePercent: 1.58,
        highPrice: 65_000,
        lowPrice: 62_000,
        quoteVolume: 1e9,
        stale: false,
        updatedAt: '2026-11-26T08:00:00.000Z',
      }),
    });
    const { user } = openTool('/tool?calc=liquidation');
    const bar = await screen.findByTestId('market-bar');
    expect(screen.queryByTestId('liq-entry-fill')).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('combobox'));
    await user.click(await screen.findByText('BTCUSDT', { selector: '.ant-select-item-option-content' }));
    // Rounded to the symbol's price precision (1 decimal).
    expect(await within(bar).findByTestId('market-last-price')).toHaveTextContent('64,210.5');
    expect(within(bar).getByTestId('market-ticker')).toHaveTextContent('+1.58%');
    await user.click(screen.getByTestId('liq-entry-fill'));
    expect(screen.getByTestId('liq-entry')).toHaveValue('64210.5');
    expect(api.requests.some((r) => r.path === '/api/Market/Ticker')).toBe(true);
  });
});
