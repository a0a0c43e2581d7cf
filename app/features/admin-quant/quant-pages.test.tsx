import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, type Mock } from 'vitest';
import type { FreqtradeImport, QuantCard, QuantResults, QuantStrategy } from '#shared/schemas/quant.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /admin/content/quant: the quant strategy list and form, with the freqtrade import, against a stubbed API.

// The description editor is ProseMirror, which measures the selection after every change; jsdom has no layout.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

const ROLES = [
  { roleId: 1, roleName: 'Admin' },
  { roleId: 2, roleName: 'StandardUser' },
  { roleId: 3, roleName: 'PremiumUser' },
  { roleId: 4, roleName: 'VIP' },
];
const TRADERS = [
  { id: 21, keyName: 'Grid trader', isActive: true },
  { id: 22, keyName: 'Old trader', isActive: false },
];

const EMPTY_RESULTS: QuantResults = {
  source: 'manual',
  totalReturn: null,
  annualizedReturn: null,
  maxDrawdown: null,
  sharpe: null,
  sortino: null,
  calmar: null,
  winRate: null,
  profitFactor: null,
  trades: null,
  periodStart: null,
  periodEnd: null,
  startingBalance: null,
  finalBalance: null,
  currency: null,
  daily: null,
};

/** What the server reads from server/test/fixtures/freqtrade-backtest-result.json (GridFuturesV2). */
const GRID_RESULTS: QuantResults = {
  source: 'freqtrade',
  totalReturn: 0.019,
  annualizedReturn: 1.668242570889896,
  maxDrawdown: 0.020752812584623716,
  sharpe: 4.1654948073499165,
  sortino: 6.2666290948003995,
  calmar: 249.87627844668629,
  winRate: 0.6666666666666666,
  profitFactor: 1.7421875,
  trades: 6,
  periodStart: '2024-01-28',
  periodEnd: '2024-02-04',
  startingBalance: 10000,
  finalBalance: 10190,
  currency: 'USDT',
  daily: {
    kind: 'profit',
    points: [
      { date: '2024-01-28', value: 50 },
      { date: '2024-01-29', value: 80.5 },
      { date: '2024-01-30', value: 0 },
    ],
  },
};

const IMPORT_GRID: FreqtradeImport = {
  strategies: ['GridFuturesV2', 'TrendFollowV1'],
  strategy: 'GridFuturesV2',
  results: GRID_RESULTS,
  suggested: {
    timeframe: '15m',
    symbols: ['BTCUSDT', 'ETHUSDT'],
    parameters: [
      { key: 'stake_currency', value: 'USDT' },
      { key: 'max_open_trades', value: '3' },
    ],
  },
};
const IMPORT_TREND: FreqtradeImport = {
  ...IMPORT_GRID,
  strategy: 'TrendFollowV1',
  results: { ...GRID_RESULTS, totalReturn: 0.005, sharpe: null, winRate: 0.5, trades: 4, daily: null },
  suggested: { timeframe: '1h', symbols: ['BTCUSDT', 'SOLUSDT'], parameters: [] },
};

function strategyOf(overrides: Partial<QuantStrategy> = {}): QuantStrategy {
  return {
    id: 7,
    name: 'BTC/ETH futures grid',
    type: 'grid',
    market: 'USDⓈ-M futures',
    symbols: ['BTCUSDT', 'ETHUSDT'],
    timeframe: '15m',
    riskLevel: 'medium',
    status: 'backtest',
    createdAt: '2030-05-02T08:30:00.000Z',
    updatedAt: '2030-05-03T09:15:00.000Z',
    description: '<p>Grid on <strong>BTC</strong></p>',
    parameters: [{ key: 'grid_levels', value: '24' }],
    roleIds: [],
    trader: { id: 21, keyName: 'Grid trader', watchable: true },
    results: GRID_RESULTS,
    ...overrides,
  };
}

function cardOf(strategy: QuantStrategy): QuantCard {
  const { results } = strategy;
  return {
    id: strategy.id,
    name: strategy.name,
    type: strategy.type,
    market: strategy.market,
    symbols: strategy.symbols,
    timeframe: strategy.timeframe,
    riskLevel: strategy.riskLevel,
    status: strategy.status,
    createdAt: strategy.createdAt,
    updatedAt: strategy.updatedAt,
    traderKeyId: strategy.trader?.id ?? null,
    roleIds: strategy.roleIds,
    headline: {
      totalReturn: results.totalReturn,
      annualizedReturn: results.annualizedReturn,
      maxDrawdown: results.maxDrawdown,
      sharpe: results.sharpe,
      winRate: results.winRate,
      trades: results.trades,
      periodStart: results.periodStart,
      periodEnd: results.periodEnd,
    },
  };
}

const GRID = strategyOf();
const TREND = strategyOf({
  id: 9,
  name: 'SOL trend',
  type: 'trend',
  symbols: ['SOLUSDT'],
  timeframe: '1h',
  riskLevel: 'high',
  status: 'live',
  roleIds: [3, 4, 42],
  trader: null,
  results: { ...EMPTY_RESULTS, totalReturn: -0.0512, maxDrawdown: 0.2, sharpe: -0.5, trades: 12 },
});

const urlsOf = (api: ReturnType<typeof stubApi>) => api.fetch.mock.calls.map((call) => String(call[0]));
const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const rows = () =>
  [...screen.getByTestId('quant-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];
const popconfirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
const fileInput = () =>
  screen.getByTestId('quant-import').querySelector('input[type="file"]') as HTMLInputElement;
const inputValue = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

/** The query of the call being answered (the stub's handlers see only the path): the fetch stub's last call. */
const queryOfCall = () =>
  new URL(String((globalThis.fetch as unknown as Mock).mock.calls.at(-1)?.[0]), 'http://localhost')
    .searchParams;

function stubQuant(extra: Parameters<typeof stubApi>[0] = {}) {
  const byId = new Map([GRID, TREND].map((strategy) => [strategy.id, strategy]));
  return stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/TraderKey/GetRoles': () => ROLES,
    'GET /api/TraderKey/GetAllTraders': () => TRADERS,
    'GET /api/Quant/Get': () => byId.get(Number(queryOfCall().get('id'))) ?? GRID,
    ...extra,
  });
}

async function pick(user: ReturnType<typeof setupUser>, select: HTMLElement, option: string) {
  await user.click(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}

beforeEach(async () => {
  setClientWidth(1600);
  await changeLocale('zh');
});

describe('quant strategy list', () => {
  it('lists the strategies with their tags, figures and roles', async () => {
    const api = stubQuant({
      'GET /api/Quant/List': () => [cardOf(TREND), cardOf(GRID)],
    });
    renderApp('/admin/content/quant', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [trend, grid] = rows() as [HTMLElement, HTMLElement];

    expect(within(grid).getByTestId('quant-row-name')).toHaveTextContent('BTC/ETH futures grid');
    expect(grid).toHaveTextContent('网格 · 15m');
    expect(within(grid).getByTestId('quant-row-status')).toHaveTextContent('回测');
    expect(within(grid).getByTestId('quant-row-risk')).toHaveTextContent('中风险');
    expect(within(grid).getByTestId('quant-row-symbols')).toHaveTextContent('BTCUSDT, ETHUSDT');
    expect(within(grid).getByTestId('quant-row-return')).toHaveTextContent('1.90%');
    expect(within(grid).getByTestId('quant-row-drawdown')).toHaveTextContent('2.08%');
    expect(within(grid).getByTestId('quant-row-sharpe')).toHaveTextContent('4.17');
    expect(within(grid).getByTestId('quant-row-trades')).toHaveTextContent('6');
    expect(within(grid).getByTestId('quant-edit-link')).toHaveAttribute(
      'href',
      '/admin/content/quant/edit/7',
    );
    await waitFor(() => expect(within(grid).getByTestId('quant-row-roles')).toHaveTextContent('全部会员'));

    expect(within(trend).getByTestId('quant-row-return')).toHaveTextContent('-5.12%');
    expect(within(trend).getByTestId('quant-row-status')).toHaveTextContent('实盘');
    expect(within(trend).getByTestId('quant-row-risk')).toHaveTextContent('高风险');
    await waitFor(() =>
      expect(
        [...within(trend).getByTestId('quant-row-roles').querySelectorAll('.ant-tag')].map(
          (tag) => tag.textContent,
        ),
      ).toEqual(['高级会员', 'VIP', 'Unknown']),
    );
    const header = screen.getByTestId('quant-table').querySelector('thead') as HTMLElement;
    for (const label of [
      '策略名称',
      '状态',
      '交易对',
      '总收益',
      '最大回撤',
      '夏普比率',
      '交易次数',
      '可见角色',
      '操作',
    ]) {
      expect(header).toHaveTextContent(label);
    }
    expect(screen.getByTestId('quant-add')).toHaveAttribute('href', '/admin/content/quant/add');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(urlsOf(api)).toContain('/api/Quant/List');
  });

  it('shows a loading table, then the empty state, and a retry when the list cannot be read', async () => {
    let answer: (value: unknown) => void = () => {};
    let calls = 0;
    stubQuant({
      'GET /api/Quant/List': () => {
        calls++;
        if (calls === 1) return new Promise((resolve) => (answer = resolve));
        return calls === 2 ? problem(500, '服务器错误') : [];
      },
    });
    const user = setupUser();
    const first = renderApp('/admin/content/quant', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('quant-table');
    const busy = () => table.closest('[aria-busy]')?.getAttribute('aria-busy');
    await waitFor(() => expect(busy()).toBe('true'));
    answer([]);
    await waitFor(() => expect(busy()).toBe('false'));
    expect(within(table).getByText('还没有量化策略，点击“发布量化策略”开始')).toBeInTheDocument();
    first.unmount();

    renderApp('/admin/content/quant', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('query-error')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('query-error')).getByRole('button'));
    expect(await screen.findByText('还没有量化策略，点击“发布量化策略”开始')).toBeInTheDocument();
  });

  it('deletes a strategy only after confirmation', async () => {
    let stored = [cardOf(TREND), cardOf(GRID)];
    const api = stubQuant({
      'GET /api/Quant/List': () => stored,
      'POST /api/Quant/Delete': ({ body }) => {
        stored = stored.filter((card) => card.id !== (body as { id: number }).id);
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/quant', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(within(rows()[1]!).getByTestId('quant-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除量化策略“BTC/ETH futures grid”？'));
    await user.click(within(popconfirm()).getByRole('button', { name: '取 消' }));
    expect(posts(api)).toHaveLength(0);

    await user.click(within(rows()[1]!).getByTestId('quant-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除量化策略“BTC/ETH futures grid”？'));
    fireEvent.click(within(popconfirm()).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除量化策略“BTC/ETH futures grid”')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Quant/Delete', { id: 7 }],
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('SOL trend');
  });

  it('speaks English', async () => {
    await changeLocale('en');
    stubQuant({ 'GET /api/Quant/List': () => [cardOf(TREND)], 'GET /api/Quant/Get': () => TREND });
    renderApp('/admin/content/quant', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Quant strategies' })).toBeInTheDocument();
    expect(within(rows()[0]!).getByTestId('quant-row-status')).toHaveTextContent('Live');
    expect(within(rows()[0]!).getByTestId('quant-row-risk')).toHaveTextContent('High risk');
    expect(rows()[0]).toHaveTextContent('Trend following · 1h');
    await waitFor(() =>
      expect(within(rows()[0]!).getByTestId('quant-row-roles')).toHaveTextContent('Premium member'),
    );
    const header = screen.getByTestId('quant-table').querySelector('thead') as HTMLElement;
    for (const label of [
      'Name',
      'Status',
      'Symbols',
      'Total return',
      'Max drawdown',
      'Sharpe',
      'Trades',
      'Visible to',
    ]) {
      expect(header).toHaveTextContent(label);
    }
    expect(screen.getByTestId('quant-add')).toHaveTextContent('Publish a strategy');
  });
});

describe('quant strategy form', () => {
  it('checks the form with the shared rules, then publishes with the percentages as fractions', async () => {
    const api = stubQuant({ 'POST /api/Quant/Add': () => ({ id: 11 }), 'GET /api/Quant/List': () => [] });
    const user = setupUser();
    const { router } = renderApp('/admin/content/quant/add', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('quant-form');
    expect(screen.getByRole('heading', { name: '发布量化策略' })).toBeInTheDocument();
    expect(form).toHaveTextContent('不选则全部会员可见');
    expect(form).toHaveTextContent('百分比按 % 填写（如 12.5 表示 12.5%），保存时换算为小数（0.125）');
    await screen.findByTestId('rich-text-editor-content');

    await user.click(screen.getByTestId('quant-submit'));
    expect(await within(form).findByText('策略名称为必填项')).toBeInTheDocument();
    expect(await within(form).findByText('请选择策略类型')).toBeInTheDocument();
    expect(await within(form).findByText('请选择风险等级：低、中或高')).toBeInTheDocument();
    expect(await within(form).findByText('请选择策略状态：回测、模拟盘或实盘')).toBeInTheDocument();
    // A parameter without a name and a drawdown above 100 % are named too. Each field shows its error as its
    // own check ends: on a busy machine one can be drawn a moment after another, so each is waited for.
    await user.click(screen.getByTestId('quant-parameter-add'));
    await user.type(screen.getByTestId('quant-result-maxDrawdown'), '150');
    await user.click(screen.getByTestId('quant-submit'));
    expect(await within(form).findByText('参数名为必填项')).toBeInTheDocument();
    expect(await within(form).findByText('最大回撤须在0到100%之间')).toBeInTheDocument();
    await changeLocale('en');
    expect(await within(form).findByText('The strategy name is required')).toBeInTheDocument();
    expect(await within(form).findByText('The max drawdown is 0 to 100 %')).toBeInTheDocument();
    await changeLocale('zh');
    expect(posts(api)).toHaveLength(0);

    await user.type(screen.getByTestId('quant-name'), '  ETH mean reversion  ');
    await pick(user, screen.getByTestId('quant-type'), '均值回归');
    await user.type(screen.getByTestId('quant-market'), 'U本位合约');
    const symbols = within(
      screen.getByTestId('quant-symbols').closest('.ant-select') as HTMLElement,
    ).getByRole('combobox');
    await user.type(symbols, 'ethusdt,');
    await user.type(screen.getByTestId('quant-timeframe'), '4h');
    await user.click(within(screen.getByTestId('quant-risk')).getByText('低风险'));
    await user.click(within(screen.getByTestId('quant-status')).getByText('模拟盘'));
    await user.type(screen.getByTestId('rich-text-editor-content'), '均值回归');
    await user.type(screen.getByTestId('quant-parameter-key'), 'rsi_period');
    await user.type(screen.getByTestId('quant-parameter-value'), '14');
    await user.type(screen.getByTestId('quant-result-totalReturn'), '12.5');
    await user.clear(screen.getByTestId('quant-result-maxDrawdown'));
    await user.type(screen.getByTestId('quant-result-maxDrawdown'), '8.3');
    await user.type(screen.getByTestId('quant-result-winRate'), '55');
    await user.type(screen.getByTestId('quant-result-sharpe'), '1.8');
    await user.type(screen.getByTestId('quant-result-trades'), '120');
    await pick(user, screen.getByTestId('quant-roles'), '高级会员');
    await pick(user, screen.getByTestId('quant-trader'), 'Grid trader');

    await user.click(screen.getByTestId('quant-submit'));
    expect(await screen.findByText('已发布量化策略“ETH mean reversion”')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/quant'));
    const sent = posts(api);
    expect(sent.map((request) => request.path)).toEqual(['/api/Quant/Add']);
    expect(sent[0]?.body).toEqual({
      name: 'ETH mean reversion',
      type: 'meanReversion',
      market: 'U本位合约',
      symbols: ['ETHUSDT'],
      timeframe: '4h',
      riskLevel: 'low',
      status: 'paper',
      description: expect.stringMatching(/^<p>均值回归<\/p>/),
      parameters: [{ key: 'rsi_period', value: '14' }],
      roleIds: [3],
      traderKeyId: 21,
      results: {
        ...EMPTY_RESULTS,
        totalReturn: 0.125,
        maxDrawdown: 0.083,
        winRate: 0.55,
        sharpe: 1.8,
        trades: 120,
      },
    });
  });

  it('imports a freqtrade result into the fields, lets the admin pick the strategy, and saves it as read', async () => {
    const api = stubQuant({
      'POST /api/Quant/ImportFreqtrade': () =>
        queryOfCall().get('strategy') === 'TrendFollowV1' ? IMPORT_TREND : IMPORT_GRID,
      'POST /api/Quant/Add': () => ({ id: 12 }),
      'GET /api/Quant/List': () => [],
    });
    const user = setupUser();
    renderApp('/admin/content/quant/add', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('quant-form');
    await user.type(screen.getByTestId('quant-timeframe'), '5m');
    const file = new File(['{"strategy":{}}'], 'backtest-result-2024-02-07.json', {
      type: 'application/json',
    });
    await user.upload(fileInput(), file);

    const result = await screen.findByTestId('quant-import-result');
    expect(result).toHaveTextContent('已导入 GridFuturesV2 的结果，请核对后保存');
    expect(within(result).getByTestId('quant-import-period')).toHaveTextContent(
      '测试区间：2024-01-28 至 2024-02-04',
    );
    expect(within(result).getByTestId('quant-import-daily')).toHaveTextContent('每日数据点：3 个');
    const upload = posts(api).find((request) => request.path === '/api/Quant/ImportFreqtrade');
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(urlsOf(api)).toContain('/api/Quant/ImportFreqtrade');

    // Figures in % for review; suggestions fill only the empty fields (the timeframe was typed).
    await waitFor(() => expect(inputValue('quant-result-totalReturn')).toBe('1.9'));
    expect(inputValue('quant-result-maxDrawdown')).toBe('2.0753');
    expect(inputValue('quant-result-sharpe')).toBe('4.1655');
    expect(inputValue('quant-result-trades')).toBe('6');
    expect(inputValue('quant-result-currency')).toBe('USDT');
    expect(inputValue('quant-result-periodStart')).toBe('2024-01-28');
    expect(inputValue('quant-timeframe')).toBe('5m');
    expect(screen.getByTestId('quant-symbols').closest('.ant-select')).toHaveTextContent('BTCUSDTETHUSDT');
    expect(
      screen.getAllByTestId('quant-parameter-key').map((input) => (input as HTMLInputElement).value),
    ).toEqual(['stake_currency', 'max_open_trades']);

    // The other strategy of the file.
    await pick(user, screen.getByTestId('quant-import-strategy'), 'TrendFollowV1');
    await waitFor(() => expect(urlsOf(api)).toContain('/api/Quant/ImportFreqtrade?strategy=TrendFollowV1'));
    await waitFor(() => expect(inputValue('quant-result-totalReturn')).toBe('0.5'));
    expect(screen.getByTestId('quant-import-result')).toHaveTextContent('已导入 TrendFollowV1 的结果');
    expect(screen.getByTestId('quant-import-daily')).toHaveTextContent('没有每日数据');
    expect(inputValue('quant-result-sharpe')).toBe('');
    // Back to the first: its figures are saved exactly as read.
    await pick(user, screen.getByTestId('quant-import-strategy'), 'GridFuturesV2');
    await waitFor(() => expect(inputValue('quant-result-totalReturn')).toBe('1.9'));

    await user.type(screen.getByTestId('quant-name'), 'Grid');
    await pick(user, screen.getByTestId('quant-type'), '网格');
    await user.click(within(screen.getByTestId('quant-risk')).getByText('中风险'));
    await user.click(within(screen.getByTestId('quant-status')).getByText('回测'));
    await user.click(screen.getByTestId('quant-submit'));
    expect(await screen.findByText('已发布量化策略“Grid”')).toBeInTheDocument();
    const added = posts(api).find((request) => request.path === '/api/Quant/Add');
    expect(added?.body).toMatchObject({
      name: 'Grid',
      timeframe: '5m',
      symbols: ['BTCUSDT', 'ETHUSDT'],
      parameters: IMPORT_GRID.suggested.parameters,
      traderKeyId: null,
      roleIds: [],
      results: GRID_RESULTS,
    });
  });

  it("shows the server's refusal of a file beside the upload", async () => {
    const refusal = '文件不是有效的 JSON：请上传 freqtrade 回测结果文件（backtest-result-*.json）';
    stubQuant({ 'POST /api/Quant/ImportFreqtrade': () => problem(400, refusal, { file: [refusal] }) });
    const user = setupUser();
    renderApp('/admin/content/quant/add', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('quant-form');
    await user.upload(fileInput(), new File(['not json'], 'result.json', { type: 'application/json' }));
    const error = await screen.findByTestId('quant-import-error');
    expect(error).toHaveTextContent('无法导入该文件');
    expect(error).toHaveTextContent(refusal);
    expect(screen.queryByTestId('quant-import-result')).not.toBeInTheDocument();
    expect(inputValue('quant-result-totalReturn')).toBe('');
  });

  it('loads the strategy being edited and saves it with its id', async () => {
    const edited = strategyOf({ roleIds: [3] });
    const api = stubQuant({
      'GET /api/Quant/Get': () => edited,
      'GET /api/Quant/List': () => [cardOf(edited)],
      'POST /api/Quant/Update': () => ({ ok: true }),
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/quant/edit/7', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('quant-form');
    expect(urlsOf(api)).toContain('/api/Quant/Get?id=7');
    expect(screen.getByRole('heading', { name: '编辑量化策略' })).toBeInTheDocument();
    expect(inputValue('quant-name')).toBe('BTC/ETH futures grid');
    expect(inputValue('quant-result-totalReturn')).toBe('1.9');
    expect(screen.getByTestId('quant-daily-kept')).toHaveTextContent('已有 3 个每日数据点');
    await waitFor(() =>
      expect(screen.getByTestId('quant-roles').closest('.ant-select')).toHaveTextContent('高级会员'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('quant-trader').closest('.ant-select')).toHaveTextContent('Grid trader'),
    );
    const content = await screen.findByTestId('rich-text-editor-content');
    expect(content.querySelector('strong')).toHaveTextContent('BTC');
    expect(screen.getByTestId('quant-submit')).toHaveTextContent('保存');

    await user.click(within(screen.getByTestId('quant-status')).getByText('实盘'));
    await user.clear(screen.getByTestId('quant-result-winRate'));
    await user.type(screen.getByTestId('quant-result-winRate'), '70');
    await user.click(screen.getByTestId('quant-submit'));
    expect(await screen.findByText('已保存量化策略“BTC/ETH futures grid”')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/quant'));
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      [
        '/api/Quant/Update',
        {
          id: 7,
          name: 'BTC/ETH futures grid',
          type: 'grid',
          market: 'USDⓈ-M futures',
          symbols: ['BTCUSDT', 'ETHUSDT'],
          timeframe: '15m',
          riskLevel: 'medium',
          status: 'live',
          description: edited.description,
          parameters: [{ key: 'grid_levels', value: '24' }],
          roleIds: [3],
          traderKeyId: 21,
          results: { ...GRID_RESULTS, winRate: 0.7 },
        },
      ],
    ]);
  });

  it("shows the server's field errors beside the fields, and says when the strategy does not exist", async () => {
    stubQuant({
      'POST /api/Quant/Update': () =>
        problem(400, '参数名不能重复', {
          'parameters.0.key': ['参数名不能重复'],
          name: ['策略名称不能超过100个字符'],
        }),
    });
    const user = setupUser();
    const first = renderApp('/admin/content/quant/edit/7', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('quant-form');
    await user.click(screen.getByTestId('quant-submit'));
    expect(await within(form).findByText('策略名称不能超过100个字符')).toBeInTheDocument();
    expect(screen.getByTestId('quant-parameter-key').closest('.ant-form-item')).toHaveTextContent(
      '参数名不能重复',
    );
    first.unmount();

    stubQuant({ 'GET /api/Quant/Get': () => problem(404, '量化策略不存在', { id: ['量化策略不存在'] }) });
    renderApp('/admin/content/quant/edit/404', { auth: FakeAuth.signedIn() });
    expect(await screen.findByText('该量化策略不存在或已被删除')).toBeInTheDocument();
    expect(screen.queryByTestId('quant-form')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await changeLocale('en');
    stubQuant({});
    renderApp('/admin/content/quant/add', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('quant-form');
    expect(screen.getByRole('heading', { name: 'Publish a quant strategy' })).toBeInTheDocument();
    expect(form).toHaveTextContent('none chosen: every member sees it');
    expect(form).toHaveTextContent(
      'Percentages are entered in % (12.5 means 12.5 %) and saved as fractions (0.125)',
    );
    expect(form).toHaveTextContent('Import a freqtrade result');
    expect(screen.getByTestId('quant-import-button')).toHaveTextContent('Choose a JSON file');
    expect(screen.getByTestId('quant-submit')).toHaveTextContent('Publish');
  });
});
