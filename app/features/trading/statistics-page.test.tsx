import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatisticsFiguresDto, TraderStatistics } from '#shared/schemas/trading.ts';
import { STATISTICS_DEFINITIONS } from '#shared/trading-statistics.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { accountHandlers, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { figuresOf, liveTraderOf, statisticsOf } from '../../testing/trading-fixtures.ts';
import { setupUser } from '../../testing/user.ts';
import { StatisticsPage } from './statistics-page.tsx';

const COMPARISON: StatisticsFiguresDto[] = [
  figuresOf(),
  figuresOf({ keyId: 2, keyName: 'Beta Grid', roi: 0.3, winRate: null, trades: 0, sharpe: null }),
  figuresOf({
    keyId: 3,
    keyName: 'Gamma Fund',
    roi: -0.05,
    winRate: 0.75,
    trades: 40,
    profitFactorInfinite: true,
  }),
];

/** Answers the statistics and comparison, recording the query of each call. */
function stubStatistics({
  statistics = statisticsOf(),
  traders = [liveTraderOf(), liveTraderOf({ id: 2, keyName: 'Beta Grid' })],
}: {
  statistics?: TraderStatistics;
  traders?: ReturnType<typeof liveTraderOf>[];
} = {}) {
  const stub = stubApi({
    ...accountHandlers(personalInfoOf()),
    'GET /api/Trading/Traders': () => traders,
    'GET /api/Trading/Statistics': () => statistics,
    'GET /api/Trading/Comparison': () => COMPARISON,
  });
  const queries = (path: string) =>
    stub.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === path)
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...stub, queries };
}

function renderStatistics(url = '/?type=3') {
  const router = createMemoryRouter([{ path: '/', element: <StatisticsPage /> }], { initialEntries: [url] });
  render(
    <Providers queryClient={createQueryClient()} auth={FakeAuth.signedIn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const figureValue = (figure: string) =>
  within(screen.getByTestId(`figure-${figure}`)).getByTestId('figure-value');
const comparisonNames = () =>
  [...screen.getByTestId('comparison-table').querySelectorAll('tr.ant-table-row')].map(
    (row) => row.querySelector('td')?.textContent,
  );
const header = (name: string) =>
  [...screen.getByTestId('comparison-table').querySelectorAll('th')].find((th) =>
    th.textContent?.includes(name),
  ) as HTMLElement;

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

describe('trading statistics page', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('shows every figure of the period with its definition, the win rate’s stated on the page', async () => {
    const api = stubStatistics();
    const user = setupUser();
    renderStatistics();
    await screen.findByTestId('statistics-panel');
    expect(api.queries('/api/Trading/Statistics')).toEqual([{ keyId: '1', period: '30d' }]);
    expect(figureValue('roi')).toHaveTextContent('+12.34%');
    expect(figureValue('pnl')).toHaveTextContent('+1,650.00');
    expect(screen.getByTestId('figure-pnl')).toHaveTextContent('已实现 +1,400.00 · 未实现 +250.00');
    expect(figureValue('maxDrawdown')).toHaveTextContent('8.50%');
    expect(figureValue('winRate')).toHaveTextContent('60.00%');
    expect(figureValue('profitFactor')).toHaveTextContent('1.8');
    expect(figureValue('trades')).toHaveTextContent('25');
    expect(figureValue('averageHoldingTime')).toHaveTextContent('5小时 30分');
    expect(figureValue('longShort')).toHaveTextContent('15 / 10');
    expect(screen.getByTestId('side-long')).toHaveTextContent('多头：15 笔，盈利 10 笔，+1,100.00');
    expect(screen.getByTestId('side-short')).toHaveTextContent('空头：10 笔，盈利 5 笔，+300.00');
    expect(figureValue('tradingDays')).toHaveTextContent('18');
    expect(figureValue('sharpe')).toHaveTextContent('1.42');

    expect(screen.getByTestId('win-rate-definition')).toHaveTextContent(STATISTICS_DEFINITIONS.winRate.zh);
    await user.hover(within(screen.getByTestId('figure-maxDrawdown')).getByTestId('definition-maxDrawdown'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(STATISTICS_DEFINITIONS.maxDrawdown.zh);
  });

  it('draws the net value curve and the daily PnL with the lazily loaded chart module', async () => {
    stubStatistics();
    renderStatistics();
    const curve = await screen.findByTestId('chart-netValue');
    expect(curve).toHaveAttribute('data-points', '3');
    expect(curve).toHaveAttribute('aria-label', '净值曲线');
    // echarts drew it as SVG: one path for the line.
    await waitFor(() => expect(curve.querySelector('svg path')).not.toBeNull());
    expect(await screen.findByTestId('chart-dailyPnl')).toHaveAttribute('data-points', '2');
    expect(screen.getByTestId('chart-card-dailyPnl')).toHaveTextContent('每日盈亏');
  });

  it('switches the period, keeping it in the address', async () => {
    const api = stubStatistics();
    const user = setupUser();
    const router = renderStatistics();
    await screen.findByTestId('statistics-panel');
    await user.click(screen.getByTestId('period-7d'));
    await waitFor(() => expect(screen.getByTestId('statistics-panel')).toHaveAttribute('data-period', '7d'));
    expect(new URLSearchParams(router.state.location.search).get('period')).toBe('7d');
    expect(api.queries('/api/Trading/Statistics')).toContainEqual({ keyId: '1', period: '7d' });
    await waitFor(() => expect(api.queries('/api/Trading/Comparison')).toContainEqual({ period: '7d' }));
  });

  it('writes an infinite or missing profit factor, and labels the figures in English', async () => {
    await changeLocale('en');
    stubStatistics({
      statistics: statisticsOf({
        profitFactor: null,
        profitFactorInfinite: true,
        sharpe: null,
        winRate: null,
      }),
    });
    renderStatistics('/?type=3&period=all');
    await screen.findByTestId('statistics-panel');
    expect(screen.getByTestId('figure-profitFactor')).toHaveTextContent('Profit factor');
    expect(figureValue('profitFactor')).toHaveTextContent('∞');
    expect(figureValue('sharpe')).toHaveTextContent('—');
    expect(figureValue('winRate')).toHaveTextContent('—');
    expect(figureValue('averageHoldingTime')).toHaveTextContent('5h 30m');
    expect(screen.getByTestId('win-rate-definition')).toHaveTextContent(STATISTICS_DEFINITIONS.winRate.en);
    expect(screen.getByTestId('period-switch')).toHaveTextContent('All');
  });

  it('compares the traders, sortable by each figure with missing values last', async () => {
    stubStatistics();
    const user = setupUser();
    renderStatistics();
    await waitFor(() => expect(comparisonNames()).toHaveLength(3));
    // The rows are drawn a moment before the table's spinner lets go of them (it blocks clicks meanwhile).
    await waitFor(() =>
      expect(screen.getByTestId('comparison-table').querySelector('[aria-busy="true"]')).toBeNull(),
    );
    // ROI, highest first, to begin with.
    expect(comparisonNames()).toEqual(['Beta Grid', 'Alpha Desk', 'Gamma Fund']);

    await user.click(header('胜率'));
    expect(comparisonNames()).toEqual(['Gamma Fund', 'Alpha Desk', 'Beta Grid']);
    await user.click(header('胜率'));
    expect(comparisonNames()).toEqual(['Alpha Desk', 'Gamma Fund', 'Beta Grid']);

    await user.click(header('交易次数'));
    expect(comparisonNames()).toEqual(['Gamma Fund', 'Alpha Desk', 'Beta Grid']);
    await user.click(header('盈亏比'));
    expect(comparisonNames()[0]).toBe('Gamma Fund');
    expect(screen.getByTestId('comparison-table')).toHaveTextContent('∞');
  });

  it('says when a trader has no history yet', async () => {
    stubStatistics({
      statistics: statisticsOf({
        ...figuresOf({ trades: 0, tradingDays: 0, roi: null, winRate: null, sharpe: null }),
        netValueCurve: [],
        dailyPnl: [],
      }),
    });
    renderStatistics();
    expect(await screen.findByTestId('statistics-empty')).toHaveTextContent('该交易员还没有历史数据');
    expect(screen.queryByTestId('chart-netValue')).not.toBeInTheDocument();
  });

  it('invites a member without traders to subscribe, without an empty comparison', async () => {
    stubStatistics({ traders: [] });
    renderStatistics();
    expect(await screen.findByTestId('no-traders')).toBeInTheDocument();
    expect(screen.queryByTestId('comparison')).not.toBeInTheDocument();
  });
});
