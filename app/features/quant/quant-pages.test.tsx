import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuantCard, QuantStrategy } from '#shared/schemas/quant.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { accountHandlers, personalInfoOf, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { statisticsOf } from '../../testing/trading-fixtures.ts';
import { setupUser } from '../../testing/user.ts';
import { QuantDetailPage } from './quant-detail-page.tsx';
import { QuantListPage } from './quant-list-page.tsx';

// /strategy and /strategy/:id against a stubbed API: the cards with their figures, filters and sorting sent as
// queries, the states; the detail with the monthly table computed from a small daily series, the parameters,
// the linked trader's live figures when the member may watch it, and the not-found state.

const CARD: QuantCard = {
  id: 5,
  name: 'BTC/ETH futures grid',
  type: 'grid',
  market: 'USDⓈ-M futures',
  symbols: ['BTCUSDT', 'ETHUSDT'],
  timeframe: '15m',
  riskLevel: 'medium',
  status: 'backtest',
  createdAt: '2024-02-07T10:00:00.000Z',
  updatedAt: '2024-02-07T10:00:00.000Z',
  traderKeyId: null,
  roleIds: [],
  headline: {
    totalReturn: 0.019,
    annualizedReturn: 1.668242570889896,
    maxDrawdown: 0.020752812584623716,
    sharpe: 4.1654948073499165,
    winRate: 0.6666666666666666,
    trades: 6,
    periodStart: '2024-01-28',
    periodEnd: '2024-02-04',
  },
};

// A small profit series from 1,000: November ends at 1,045 (+4.5 %), December at 1,149.5 (+10 %), so 2024
// compounds to +14.95 %; January 2025 falls to 1,034.55 (−10 %).
const { traderKeyId: _traderKeyId, headline: _headline, ...SUMMARY } = CARD;
const STRATEGY: QuantStrategy = {
  ...SUMMARY,
  description: '<p>Grid on <strong>BTC</strong> and ETH.</p>',
  parameters: [
    { key: 'stoploss', value: '-0.05' },
    { key: 'minimal_roi', value: '{"0": 0.04}' },
  ],
  roleIds: [],
  trader: null,
  results: {
    source: 'freqtrade',
    totalReturn: 0.0345,
    annualizedReturn: 0.28,
    maxDrawdown: 0.1,
    sharpe: 1.5,
    sortino: 2.1,
    calmar: 2.8,
    winRate: 0.55,
    profitFactor: 1.74,
    trades: 12,
    periodStart: '2024-11-10',
    periodEnd: '2025-01-15',
    startingBalance: 1000,
    finalBalance: 1034.55,
    currency: 'USDT',
    daily: {
      kind: 'profit',
      points: [
        { date: '2024-11-10', value: 100 },
        { date: '2024-11-20', value: -55 },
        { date: '2024-12-05', value: 104.5 },
        { date: '2025-01-15', value: -114.95 },
      ],
    },
  },
};

function stubQuant({
  cards = [CARD],
  strategy = STRATEGY as QuantStrategy | Response,
  list,
}: {
  cards?: QuantCard[];
  strategy?: QuantStrategy | Response;
  list?: () => unknown;
} = {}) {
  const stub = stubApi({
    ...accountHandlers(personalInfoOf()),
    'GET /api/Quant/List': list ?? (() => cards),
    'GET /api/Quant/Get': () => strategy,
    'GET /api/Trading/Statistics': () => statisticsOf({ period: 'all' }),
  });
  const queries = (path: string) =>
    stub.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === path)
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...stub, queries };
}

function renderQuant(url = '/strategy') {
  const router = createMemoryRouter(
    [
      { path: '/strategy', element: <QuantListPage /> },
      { path: '/strategy/:id', element: <QuantDetailPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers queryClient={createQueryClient()} auth={FakeAuth.signedIn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const cardValue = (card: HTMLElement, figure: string) =>
  within(within(card).getByTestId(`card-${figure}`)).getByTestId('card-value');
const figureValue = (figure: string) =>
  within(screen.getByTestId(`figure-${figure}`)).getByTestId('figure-value');
const monthlyRows = () =>
  [...screen.getByTestId('monthly-table').querySelectorAll('tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

// jsdom has no layout and no canvas: give the charts a size, and let echarts estimate text widths itself.
const size = (value: number) => ({ configurable: true, get: () => value });
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(600));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(260));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  vi.restoreAllMocks();
});

describe('the quantitative strategies list', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('shows each strategy with its headline figures, tags, symbols and test period', async () => {
    const api = stubQuant();
    renderQuant();
    const card = await screen.findByTestId('strategy-card');
    expect(api.queries('/api/Quant/List')).toEqual([{ sort: 'newest' }]);
    expect(within(card).getByTestId('strategy-name')).toHaveTextContent('BTC/ETH futures grid');
    expect(cardValue(card, 'totalReturn')).toHaveTextContent('+1.90%');
    expect(cardValue(card, 'annualizedReturn')).toHaveTextContent('+166.82%');
    expect(cardValue(card, 'maxDrawdown')).toHaveTextContent('2.08%');
    expect(cardValue(card, 'sharpe')).toHaveTextContent('4.17');
    expect(cardValue(card, 'winRate')).toHaveTextContent('66.67%');
    expect(cardValue(card, 'trades')).toHaveTextContent('6');
    expect(within(card).getByTestId('strategy-type')).toHaveTextContent('网格');
    expect(within(card).getByTestId('strategy-status')).toHaveTextContent('回测');
    expect(within(card).getByTestId('strategy-risk')).toHaveTextContent('中风险');
    expect(within(card).getByTestId('strategy-period')).toHaveTextContent(
      '测试区间: 2024-01-28 ~ 2024-02-04',
    );
    expect(within(card).getByTestId('strategy-symbols')).toHaveTextContent('BTCUSDT, ETHUSDT');
    expect(within(card).getByTestId('strategy-name').closest('a')).toHaveAttribute('href', '/strategy/5');
  });

  it('sends the filters and the order as queries, and says when nothing matches', async () => {
    const api = stubQuant({ cards: [] });
    const user = setupUser();
    renderQuant();
    expect(await screen.findByTestId('quant-empty')).toHaveTextContent('暂无量化策略');

    await user.click(within(screen.getByTestId('quant-type')).getByRole('combobox'));
    await user.click(await screen.findByTitle('趋势跟踪'));
    await waitFor(() =>
      expect(api.queries('/api/Quant/List').at(-1)).toEqual({ type: 'trend', sort: 'newest' }),
    );
    expect(await screen.findByText('没有符合条件的策略')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('quant-status')).getByRole('combobox'));
    await user.click(await screen.findByTitle('实盘'));
    await user.click(within(screen.getByTestId('quant-risk')).getByRole('combobox'));
    await user.click(await screen.findByTitle('低风险'));
    await user.click(within(screen.getByTestId('quant-sort')).getByRole('combobox'));
    await user.click(await screen.findByTitle('夏普最高'));
    await user.type(within(screen.getByTestId('quant-symbol')).getByRole('searchbox'), 'btcusdt{Enter}');
    await waitFor(() =>
      expect(api.queries('/api/Quant/List').at(-1)).toEqual({
        type: 'trend',
        status: 'live',
        riskLevel: 'low',
        symbol: 'BTCUSDT',
        sort: 'sharpe',
      }),
    );
  });

  it('offers to try again when the list cannot be read', async () => {
    stubQuant({ list: () => problem(500, 'boom') });
    renderQuant();
    expect(await screen.findByTestId('query-error')).toBeInTheDocument();
  });
});

describe('a quantitative strategy’s page', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('shows the figures, the charts and the monthly returns computed from the daily series', async () => {
    const api = stubQuant();
    renderQuant('/strategy/5');
    expect(await screen.findByTestId('strategy-title')).toHaveTextContent('BTC/ETH futures grid');
    expect(api.queries('/api/Quant/Get')).toEqual([{ id: '5' }]);
    expect(figureValue('totalReturn')).toHaveTextContent('+3.45%');
    expect(figureValue('maxDrawdown')).toHaveTextContent('10.00%');
    expect(figureValue('sharpe')).toHaveTextContent('1.50');
    expect(figureValue('profitFactor')).toHaveTextContent('1.74');
    expect(figureValue('trades')).toHaveTextContent('12');
    expect(screen.getByTestId('detail-period')).toHaveTextContent('2024-11-10 ~ 2025-01-15');
    expect(screen.getByTestId('starting-balance')).toHaveTextContent('1,000.00 USDT');
    expect(screen.getByTestId('final-balance')).toHaveTextContent('1,034.55 USDT');

    const dash = Array(10).fill('—');
    expect(monthlyRows()).toEqual([
      ['2024', ...dash, '+4.50%', '+10.00%', '+14.95%'],
      ['2025', '-10.00%', ...Array(11).fill('—'), '-10.00%'],
    ]);
    const cells = screen.getAllByTestId('monthly-cell');
    expect(cells.filter((cell) => cell.dataset.sign === 'gain')).toHaveLength(3);
    expect(cells.filter((cell) => cell.dataset.sign === 'loss')).toHaveLength(2);

    const equity = await screen.findByTestId('chart-equity');
    expect(equity).toHaveAttribute('data-points', '4');
    await waitFor(() => expect(equity.querySelector('svg path')).not.toBeNull());
    expect(await screen.findByTestId('chart-drawdown')).toHaveAttribute('aria-label', '回撤');

    const parameters = screen.getByTestId('parameters');
    expect(parameters).toHaveTextContent('stoploss');
    expect(parameters).toHaveTextContent('-0.05');
    expect(parameters).toHaveTextContent('minimal_roi{"0": 0.04}');
    expect(screen.getByTestId('strategy-description')).toHaveTextContent('Grid on BTC and ETH.');
    expect(screen.queryByTestId('live-comparison')).not.toBeInTheDocument();
  });

  it('explains the drawdown in a tooltip', async () => {
    stubQuant();
    const user = setupUser();
    renderQuant('/strategy/5');
    await screen.findByTestId('strategy-title');
    await user.hover(within(screen.getByTestId('figure-maxDrawdown')).getByTestId('help-maxDrawdown'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('最大回撤：资金从此前最高点下跌的最大比例');
  });

  it('puts the linked trader’s live figures beside the backtest’s when the member may watch it', async () => {
    const api = stubQuant({
      strategy: { ...STRATEGY, trader: { id: 3, keyName: 'Alpha Desk', watchable: true } },
    });
    renderQuant('/strategy/5');
    const live = await screen.findByTestId('live-comparison');
    expect(live).toHaveTextContent('实盘对照：Alpha Desk');
    await waitFor(() => expect(within(live).getByTestId('live-totalReturn')).toHaveTextContent('+12.34%'));
    expect(api.queries('/api/Trading/Statistics')).toEqual([{ keyId: '3', period: 'all' }]);
    expect(within(live).getByTestId('backtest-totalReturn')).toHaveTextContent('+3.45%');
    expect(within(live).getByTestId('live-maxDrawdown')).toHaveTextContent('8.50%');
    expect(within(live).getByTestId('backtest-maxDrawdown')).toHaveTextContent('10.00%');
    expect(within(live).getByTestId('live-winRate')).toHaveTextContent('60.00%');
    expect(within(live).getByTestId('backtest-winRate')).toHaveTextContent('55.00%');
    expect(within(live).getByTestId('live-sharpe')).toHaveTextContent('1.42');
    expect(within(live).getByTestId('live-trades')).toHaveTextContent('25');
    expect(within(live).getByTestId('backtest-trades')).toHaveTextContent('12');
    expect(within(live).getByTestId('live-link')).toHaveAttribute('href', '/?type=3');
  });

  it('leaves the live figures out when the member may not watch the trader', async () => {
    const api = stubQuant({
      strategy: { ...STRATEGY, trader: { id: 3, keyName: 'Alpha Desk', watchable: false } },
    });
    renderQuant('/strategy/5');
    await screen.findByTestId('strategy-title');
    expect(screen.queryByTestId('live-comparison')).not.toBeInTheDocument();
    expect(api.queries('/api/Trading/Statistics')).toEqual([]);
  });

  it('says the strategy is not there when the API answers 404', async () => {
    stubQuant({ strategy: problem(404, 'not found') });
    renderQuant('/strategy/99');
    expect(await screen.findByTestId('quant-not-found')).toHaveTextContent('该策略不存在');
    renderQuant('/strategy/abc');
    expect(await screen.findAllByTestId('quant-not-found')).toHaveLength(2);
  });

  it('reads in English', async () => {
    await act(() => changeLocale('en'));
    stubQuant();
    const user = setupUser();
    renderQuant('/strategy/5');
    await screen.findByTestId('strategy-title');
    expect(screen.getByTestId('figure-totalReturn')).toHaveTextContent('Total return');
    expect(screen.getByTestId('figure-maxDrawdown')).toHaveTextContent('Max drawdown');
    expect(screen.getByTestId('strategy-type')).toHaveTextContent('Grid');
    expect(screen.getByTestId('strategy-risk')).toHaveTextContent('Medium risk');
    expect(screen.getByTestId('monthly-card')).toHaveTextContent('Monthly returns');
    expect(screen.getByTestId('monthly-table')).toHaveTextContent('Jan');
    expect(screen.getByTestId('monthly-table')).toHaveTextContent('Dec');
    await user.hover(within(screen.getByTestId('figure-sharpe')).getByTestId('help-sharpe'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sharpe ratio: the mean return divided by');

    await user.click(screen.getByText('Back to strategies'));
    const card = await screen.findByTestId('strategy-card');
    expect(card).toHaveTextContent('Test period: 2024-01-28 ~ 2024-02-04');
    expect(card).toHaveTextContent('Backtest');
  });
});
