import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LevelSetView, LevelView } from '#shared/schemas/levels.ts';
import type { MarketSymbol } from '#shared/schemas/market.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /admin/content/pressure: the level set list and form against a stubbed API.

// The notes editor is ProseMirror, which measures the selection after every change; jsdom has no layout.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

/** A time given in local time, so that the expected text does not depend on the machine's time zone. */
const localIso = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

const ROLES = [
  { roleId: 1, roleName: 'Admin' },
  { roleId: 2, roleName: 'StandardUser' },
  { roleId: 3, roleName: 'PremiumUser' },
  { roleId: 4, roleName: 'VIP' },
];

function symbolOf(symbol: string, base: string): MarketSymbol {
  return {
    symbol,
    baseAsset: base,
    quoteAsset: 'USDT',
    pricePrecision: 2,
    quantityPrecision: 3,
    tickSize: 0.1,
    addedAt: '2026-11-20T08:00:00.000Z',
  };
}

const SYMBOLS = [symbolOf('BTCUSDT', 'BTC'), symbolOf('ETHUSDT', 'ETH')];

let levelId = 100;
function levelOf(price: number, reason = '', strength: number | null = null): LevelView {
  levelId += 1;
  return { id: levelId, price, reason, strength, state: 'untested', distancePercent: -1.2 };
}

function setOf(overrides: Partial<LevelSetView> = {}): LevelSetView {
  return {
    id: 7,
    symbol: 'BTCUSDT',
    timeframe: '4h',
    bias: 'bullish',
    supports: [levelOf(64000, '前低', 4), levelOf(62500)],
    resistances: [levelOf(68000, '前高', 3)],
    invalidationPrice: 61000,
    targets: [70000, 72000],
    notes: '<p>突破 <strong>68000</strong> 后看 70000</p>',
    publishedAt: localIso(2030, 5, 2, 8, 30),
    updatedAt: localIso(2030, 5, 3, 9, 15),
    expiresAt: localIso(2031, 1, 15, 10, 30),
    expired: false,
    watched: false,
    roleIds: [],
    lastPrice: 65000,
    stale: false,
    ...overrides,
  };
}

const ETH = setOf({
  id: 9,
  symbol: 'ETHUSDT',
  timeframe: '1d',
  bias: 'bearish',
  supports: [levelOf(2400)],
  resistances: [levelOf(2600), levelOf(2800), levelOf(3000)],
  invalidationPrice: null,
  targets: [],
  roleIds: [3, 4, 42],
  publishedAt: localIso(2030, 6, 1, 20, 5),
  updatedAt: localIso(2030, 6, 1, 20, 5),
  expiresAt: null,
});

const urlsOf = (api: ReturnType<typeof stubApi>) => api.fetch.mock.calls.map((call) => String(call[0]));
const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const rows = () =>
  [...screen.getByTestId('level-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];

function stubLevels(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Market/Symbols': () => SYMBOLS,
    'GET /api/TraderKey/GetRoles': () => ROLES,
    ...extra,
  });
}

const popconfirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;

async function pick(user: ReturnType<typeof setupUser>, select: HTMLElement, option: string) {
  await user.click(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}

beforeEach(async () => {
  setClientWidth(1600);
  await changeLocale('zh');
});

describe('level set list', () => {
  it('lists the sets with their bias, level counts, roles and times, and filters them', async () => {
    const api = stubLevels({ 'GET /api/Levels/List': () => [ETH, setOf()] });
    const user = setupUser();
    renderApp('/admin/content/pressure', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [eth, btc] = rows() as [HTMLElement, HTMLElement];

    expect(within(eth).getByTestId('level-row-symbol')).toHaveTextContent('ETHUSDT');
    expect(within(eth).getByTestId('level-row-timeframe')).toHaveTextContent('1d');
    expect(within(eth).getByTestId('level-row-bias')).toHaveTextContent('看空');
    expect(within(eth).getByTestId('level-row-bias')).toHaveClass('ant-tag-red');
    expect(within(eth).getByTestId('level-row-counts')).toHaveTextContent('支撑 1 · 压力 3');
    // Role names from the role list; an id no role has is 'Unknown'.
    await waitFor(() =>
      expect(
        [...within(eth).getByTestId('level-row-roles').querySelectorAll('.ant-tag')].map(
          (tag) => tag.textContent,
        ),
      ).toEqual(['高级会员', 'VIP', 'Unknown']),
    );
    expect(within(eth).getByTestId('level-row-expiry')).toHaveTextContent('长期有效');
    expect(eth).toHaveTextContent('2030-06-01 20:05');

    expect(within(btc).getByTestId('level-row-bias')).toHaveTextContent('看多');
    expect(within(btc).getByTestId('level-row-bias')).toHaveClass('ant-tag-green');
    expect(within(btc).getByTestId('level-row-counts')).toHaveTextContent('支撑 2 · 压力 1');
    expect(within(btc).getByTestId('level-row-roles')).toHaveTextContent('全部会员');
    expect(btc).toHaveTextContent('2030-05-02 08:30');
    expect(within(btc).getByTestId('level-row-expiry')).toHaveTextContent('2031-01-15 10:30');
    expect(within(btc).getByTestId('level-edit-link')).toHaveAttribute(
      'href',
      '/admin/content/pressure/edit/7',
    );
    expect(screen.getByTestId('level-add')).toHaveAttribute('href', '/admin/content/pressure/add');

    const header = screen.getByTestId('level-table').querySelector('thead') as HTMLElement;
    for (const label of ['交易对', '周期', '方向', '价位', '可见角色', '发布时间', '到期时间', '操作']) {
      expect(header).toHaveTextContent(label);
    }
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(urlsOf(api)).toContain('/api/Levels/List?history=false');

    await user.click(screen.getByText('历史'));
    await waitFor(() => expect(urlsOf(api)).toContain('/api/Levels/List?history=true'));
    await pick(user, screen.getByTestId('level-filter-bias'), '看空');
    await waitFor(() => expect(urlsOf(api)).toContain('/api/Levels/List?history=true&bias=bearish'));
    await pick(user, screen.getByTestId('level-filter-symbol'), 'ETHUSDT');
    await waitFor(() =>
      expect(urlsOf(api)).toContain('/api/Levels/List?history=true&symbol=ETHUSDT&bias=bearish'),
    );
  });

  it('shows a loading table, then the empty state, and a retry when the list cannot be read', async () => {
    let answer: (value: unknown) => void = () => {};
    let calls = 0;
    stubLevels({
      'GET /api/Levels/List': () => {
        calls++;
        if (calls === 1) return new Promise((resolve) => (answer = resolve));
        return calls === 2 ? problem(500, '服务器错误') : [];
      },
    });
    const user = setupUser();
    renderApp('/admin/content/pressure', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('level-table');
    const busy = () => table.closest('[aria-busy]')?.getAttribute('aria-busy');
    await waitFor(() => expect(busy()).toBe('true'));
    answer([]);
    await waitFor(() => expect(busy()).toBe('false'));
    expect(within(table).getByText('还没有支撑压力，点击“发布支撑压力”开始')).toBeInTheDocument();

    await user.click(screen.getByText('历史'));
    expect(await screen.findByTestId('query-error')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('query-error')).getByRole('button'));
    expect(await screen.findByText('还没有已到期的支撑压力')).toBeInTheDocument();
  });

  it('deletes a set only after confirmation', async () => {
    let stored = [ETH, setOf()];
    const api = stubLevels({
      'GET /api/Levels/List': () => stored,
      'POST /api/Levels/Delete': ({ body }) => {
        stored = stored.filter((set) => set.id !== (body as { id: number }).id);
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/pressure', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(within(rows()[1]!).getByTestId('level-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除 BTCUSDT（4h）的支撑压力？'));
    await user.click(within(popconfirm()).getByRole('button', { name: '取 消' }));
    expect(posts(api)).toHaveLength(0);

    await user.click(within(rows()[1]!).getByTestId('level-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除 BTCUSDT（4h）的支撑压力？'));
    fireEvent.click(within(popconfirm()).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除 BTCUSDT 的支撑压力')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Levels/Delete', { id: 7 }],
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('ETHUSDT');
  });

  it('speaks English', async () => {
    await changeLocale('en');
    stubLevels({ 'GET /api/Levels/List': () => [ETH] });
    renderApp('/admin/content/pressure', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Support & pressure' })).toBeInTheDocument();
    expect(within(rows()[0]!).getByTestId('level-row-bias')).toHaveTextContent('Bearish');
    expect(within(rows()[0]!).getByTestId('level-row-counts')).toHaveTextContent('1 support · 3 resistances');
    expect(within(rows()[0]!).getByTestId('level-row-expiry')).toHaveTextContent('No expiry');
    await waitFor(() =>
      expect(within(rows()[0]!).getByTestId('level-row-roles')).toHaveTextContent('Premium member'),
    );
    const header = screen.getByTestId('level-table').querySelector('thead') as HTMLElement;
    for (const label of ['Symbol', 'Timeframe', 'Bias', 'Levels', 'Visible to', 'Published', 'Expires']) {
      expect(header).toHaveTextContent(label);
    }
    expect(screen.getByTestId('level-add')).toHaveTextContent('Publish a level set');
    expect(screen.getByText('History')).toBeInTheDocument();
  });
});

describe('level set form', () => {
  it('checks the form with the shared rules, then publishes the set and returns to the list', async () => {
    const api = stubLevels({
      'POST /api/Levels/Add': () => ({ id: 11 }),
      'GET /api/Levels/List': () => [],
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/pressure/add', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('level-form');
    expect(screen.getByRole('heading', { name: '发布支撑压力' })).toBeInTheDocument();
    expect(form).toHaveTextContent('不选则全部会员可见');
    await screen.findByTestId('rich-text-editor-content');

    await user.click(screen.getByTestId('level-submit'));
    expect(await within(form).findByText('请选择交易对')).toBeInTheDocument();
    expect(await within(form).findByText('请选择方向：看多、看空或中性')).toBeInTheDocument();
    expect(await within(form).findByText('请至少填写一个支撑位或压力位')).toBeInTheDocument();

    // An empty level row and an empty target are named, not dropped.
    await user.click(screen.getByTestId('level-supports-add'));
    await user.click(screen.getByTestId('level-target-add'));
    await waitFor(() =>
      expect(within(form).queryByText('请至少填写一个支撑位或压力位')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByTestId('level-submit'));
    await waitFor(() => expect(within(form).getAllByText('价格须为正数')).toHaveLength(2));
    await changeLocale('en');
    await waitFor(() =>
      expect(within(form).getAllByText('A price must be a positive number')).toHaveLength(2),
    );
    expect(within(form).getByText('Choose a symbol')).toBeInTheDocument();
    await changeLocale('zh');
    expect(posts(api)).toHaveLength(0);

    await pick(user, screen.getByTestId('level-symbol'), 'BTCUSDT · BTC/USDT');
    await pick(user, screen.getByTestId('level-timeframe'), '1h · 1 小时');
    await user.click(within(screen.getByTestId('level-bias')).getByText('看多'));
    const supportPrices = () => screen.getAllByTestId('level-supports-price');
    await user.type(supportPrices()[0]!, '64000');
    await user.type(screen.getAllByTestId('level-supports-reason')[0]!, '  前低  ');
    const stars = screen.getAllByTestId('level-supports-strength')[0]!.querySelectorAll('[role="radio"]');
    await user.click(stars[3] as HTMLElement);
    await user.click(screen.getByTestId('level-supports-add'));
    await user.type(supportPrices()[1]!, '62500.5');
    await user.click(screen.getByTestId('level-resistances-add'));
    await user.type(screen.getByTestId('level-resistances-price'), '68000');
    await user.type(screen.getByTestId('level-invalidation'), '61000');
    await user.type(screen.getByTestId('level-target-price'), '70000');
    await user.type(screen.getByTestId('rich-text-editor-content'), '突破 68000 后看 70000');
    const expiry = screen.getByTestId('level-expiry');
    await user.click(expiry);
    await user.type(expiry, '2031-01-15 10:30');
    await user.click(document.querySelector('.ant-picker-ok button') as HTMLElement);
    await pick(user, screen.getByTestId('level-roles'), '标准会员');
    await pick(user, screen.getByTestId('level-roles'), 'VIP');

    await user.click(screen.getByTestId('level-submit'));
    expect(await screen.findByText('已发布 BTCUSDT 的支撑压力')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/pressure'));
    const sent = posts(api);
    expect(sent.map((request) => request.path)).toEqual(['/api/Levels/Add']);
    expect(sent[0]?.body).toEqual({
      symbol: 'BTCUSDT',
      timeframe: '1h',
      bias: 'bullish',
      supports: [
        { price: 64000, reason: '前低', strength: 4 },
        { price: 62500.5, reason: '', strength: null },
      ],
      resistances: [{ price: 68000, reason: '', strength: null }],
      invalidationPrice: 61000,
      targets: [70000],
      // What the editor made of the typing (jsdom's ProseMirror may add an empty paragraph).
      notes: expect.stringMatching(/^<p>突破 68000 后看 70000<\/p>/),
      expiresAt: localIso(2031, 1, 15, 10, 30),
      roleIds: [2, 4],
    });
  });

  it('shows the server’s field errors beside the fields', async () => {
    const api = stubLevels({
      'GET /api/Levels/Get': () => setOf(),
      'POST /api/Levels/Update': () =>
        problem(400, '该交易对不在行情列表中', {
          symbol: ['该交易对不在行情列表中'],
          'supports.1.price': ['价格须为正数'],
        }),
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/pressure/edit/7', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('level-form');
    await user.click(screen.getByTestId('level-submit'));
    expect(await within(form).findByText('该交易对不在行情列表中')).toBeInTheDocument();
    const secondPrice = screen.getAllByTestId('level-supports-price')[1]!;
    expect(secondPrice.closest('.ant-form-item')).toHaveTextContent('价格须为正数');
    // Shown beside the fields, not repeated as a toast.
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('该交易对不在行情列表中');
    expect(router.state.location.pathname).toBe('/admin/content/pressure/edit/7');
    expect(posts(api)).toHaveLength(1);
  });

  it('loads the set being edited and saves it with its id', async () => {
    const edited = setOf({ roleIds: [3] });
    const api = stubLevels({
      'GET /api/Levels/Get': () => edited,
      'GET /api/Levels/List': () => [edited],
      'POST /api/Levels/Update': () => ({ ok: true }),
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/pressure/edit/7', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('level-form');
    expect(urlsOf(api)).toContain('/api/Levels/Get?id=7');
    expect(screen.getByRole('heading', { name: '编辑支撑压力' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('level-symbol').closest('.ant-select')).toHaveTextContent(
        'BTCUSDT · BTC/USDT',
      ),
    );
    expect(
      screen.getAllByTestId('level-supports-price').map((input) => (input as HTMLInputElement).value),
    ).toEqual(['64000', '62500']);
    expect(screen.getAllByTestId('level-supports-reason')[0]).toHaveValue('前低');
    expect(screen.getAllByTestId('level-target-price')).toHaveLength(2);
    expect(screen.getByTestId('level-expiry')).toHaveValue('2031-01-15 10:30');
    await waitFor(() =>
      expect(screen.getByTestId('level-roles').closest('.ant-select')).toHaveTextContent('高级会员'),
    );
    const content = await screen.findByTestId('rich-text-editor-content');
    expect(content.querySelector('strong')).toHaveTextContent('68000');
    expect(screen.getByTestId('level-submit')).toHaveTextContent('保存');

    await user.click(within(screen.getByTestId('level-bias')).getByText('中性'));
    await user.click(screen.getAllByTestId('level-supports-remove')[1]!);
    await user.click(screen.getAllByTestId('level-target-remove')[1]!);
    await user.click(screen.getByTestId('level-submit'));
    expect(await screen.findByText('已保存 BTCUSDT 的支撑压力')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/pressure'));
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      [
        '/api/Levels/Update',
        {
          id: 7,
          symbol: 'BTCUSDT',
          timeframe: '4h',
          bias: 'neutral',
          supports: [{ price: 64000, reason: '前低', strength: 4 }],
          resistances: [{ price: 68000, reason: '前高', strength: 3 }],
          invalidationPrice: 61000,
          targets: [70000],
          notes: edited.notes,
          expiresAt: edited.expiresAt,
          roleIds: [3],
        },
      ],
    ]);
  });

  it('refuses an expiry that has passed before sending anything', async () => {
    const api = stubLevels({
      'GET /api/Levels/Get': () => setOf({ expiresAt: localIso(2020, 1, 1, 0, 0), expired: true }),
    });
    const user = setupUser();
    renderApp('/admin/content/pressure/edit/7', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('level-form');
    await user.click(screen.getByTestId('level-submit'));
    expect(await within(form).findByText('到期时间须晚于现在')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
  });

  it('says when the market list is empty and links to it', async () => {
    const api = stubLevels({ 'GET /api/Market/Symbols': () => [] });
    renderApp('/admin/content/pressure/add', { auth: FakeAuth.signedIn() });
    const notice = await screen.findByTestId('level-no-symbols');
    expect(notice).toHaveTextContent('行情列表中还没有交易对，暂时无法发布支撑压力。');
    expect(within(notice).getByRole('link')).toHaveAttribute('href', '/admin/content/market');
    expect(screen.getByTestId('level-submit')).toBeDisabled();
    expect(screen.getByTestId('level-symbol').closest('.ant-select')).toHaveClass('ant-select-disabled');

    await changeLocale('en');
    expect(
      await screen.findByText('The market list has no symbols yet, so no level set can be published.'),
    ).toBeInTheDocument();
    expect(within(notice).getByRole('link')).toHaveTextContent('Add one under Market symbols');
    expect(screen.getByRole('heading', { name: 'Publish a level set' })).toBeInTheDocument();
    expect(screen.getByTestId('level-form')).toHaveTextContent('none chosen: every member sees it');
    expect(posts(api)).toHaveLength(0);
  });

  it('shows a skeleton while the set loads, and says when it does not exist', async () => {
    let answer: (value: unknown) => void = () => {};
    stubLevels({ 'GET /api/Levels/Get': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/admin/content/pressure/edit/404', { auth: FakeAuth.signedIn() });
    const page = await screen.findByTestId('level-edit');
    await waitFor(() => expect(page.querySelector('.ant-skeleton')).not.toBeNull());
    answer(problem(404, '该支撑压力不存在', { id: ['该支撑压力不存在'] }));
    expect(await within(page).findByText('该支撑压力不存在或已被删除')).toBeInTheDocument();
    expect(screen.queryByTestId('level-form')).not.toBeInTheDocument();
  });
});
