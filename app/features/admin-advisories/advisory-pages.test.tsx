import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAdvisory } from '#shared/schemas/advisories.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// The strategy editor is ProseMirror, which measures the selection after every change; jsdom has no layout.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

const TRADERS = [
  { id: 1, keyName: 'Alpha', isActive: true },
  { id: 2, keyName: 'Beta', isActive: false },
  { id: 3, keyName: 'Gamma', isActive: true },
];

/** A time given in local time, so that the expected text does not depend on the machine's time zone. */
const localIso = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

function advisoryOf(overrides: Partial<AdminAdvisory> = {}): AdminAdvisory {
  return {
    id: 7,
    title: 'ETH 区间震荡策略',
    advisoryDesc: '仅供内部参考：2400 附近分批建仓',
    content: '<p>在 <strong>2400</strong> 附近买入</p><script>window.hacked = true</script>',
    apiKeyArray: [1, 3],
    traders: [
      { id: 1, keyName: 'Alpha' },
      { id: 3, keyName: 'Gamma' },
    ],
    createdTimestamp: localIso(2025, 5, 2, 8, 30),
    updatedTimestamp: localIso(2025, 5, 3, 9, 15),
    counts: { 1: 12, 2: 3, 3: 40 },
    ...overrides,
  };
}

const BTC = advisoryOf({
  id: 9,
  title: 'BTC 短线做多',
  advisoryDesc: '',
  apiKeyArray: [2, 42],
  traders: [{ id: 2, keyName: 'Beta' }],
  createdTimestamp: localIso(2025, 6, 1, 20, 5),
  counts: { 1: 0, 2: 5, 3: 1 },
});

const urlsOf = (api: ReturnType<typeof stubApi>) => api.fetch.mock.calls.map((call) => String(call[0]));
const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const rows = () => screen.getByTestId('advisories-table').querySelectorAll('tr.ant-table-row');

function stubAdvisories(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Advisory/GetAllTraders': () => TRADERS,
    ...extra,
  });
}

describe('strategy list', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists every strategy with its traders, time and reaction counts', async () => {
    stubAdvisories({ 'GET /api/Advisory/GetAllAds': () => [BTC, advisoryOf()] });
    renderApp('/admin/content/advisory', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [btc, eth] = [...rows()] as HTMLElement[];

    expect(within(btc!).getByTestId('advisory-row-title')).toHaveTextContent('BTC 短线做多');
    expect(within(btc!).getByTestId('advisory-row-title')).toHaveAttribute(
      'href',
      '/admin/content/advisory/detail?id=9',
    );
    // Names come from the trader list; a trader that no longer exists is 'unknown'.
    expect(btc).toHaveTextContent('Beta');
    expect(btc).toHaveTextContent('unknown');
    expect(btc).toHaveTextContent('2025-06-01 20:05');
    // A strategy stored without a description shows the default in the reader's language.
    expect(btc).toHaveTextContent('无描述');
    expect(
      ['1', '2', '3'].map((kind) => within(btc!).getByTestId(`advisory-count-${kind}`).textContent),
    ).toEqual(['0', '5', '1']);

    expect(eth).toHaveTextContent('ETH 区间震荡策略');
    expect(eth).toHaveTextContent('仅供内部参考：2400 附近分批建仓');
    expect(eth).toHaveTextContent('Alpha');
    expect(eth).toHaveTextContent('Gamma');
    expect(eth).not.toHaveTextContent('unknown');
    expect(
      ['1', '2', '3'].map((kind) => within(eth!).getByTestId(`advisory-count-${kind}`).textContent),
    ).toEqual(['12', '3', '40']);
    expect(within(eth!).getByTestId('advisory-edit')).toHaveAttribute(
      'href',
      '/admin/content/advisory/add?id=7',
    );

    const header = screen.getByTestId('advisories-table').querySelector('thead') as HTMLElement;
    for (const label of ['策略标题', 'Trader', '创建时间', '跟单', '反向跟单', '观望', '操作']) {
      expect(header).toHaveTextContent(label);
    }
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(screen.getByTestId('advisory-add')).toHaveAttribute('href', '/admin/content/advisory/add');
  });

  it('shows a loading table, then says when there are no strategies, in both languages', async () => {
    let answer: (value: unknown) => void = () => {};
    stubAdvisories({ 'GET /api/Advisory/GetAllAds': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/admin/content/advisory', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('advisories-table');
    const busy = () => table.closest('[aria-busy]')?.getAttribute('aria-busy');
    await waitFor(() => expect(busy()).toBe('true'));

    answer([]);
    await waitFor(() => expect(busy()).toBe('false'));
    expect(within(table).getByText('还没有策略')).toBeInTheDocument();
    await changeLocale('en');
    expect(await within(table).findByText('No strategies yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Strategies' })).toBeInTheDocument();
    expect(table.querySelector('thead')).toHaveTextContent('Reverse-following');
  });

  it('deletes a strategy only after confirmation', async () => {
    let stored = [BTC, advisoryOf()];
    const api = stubAdvisories({
      'GET /api/Advisory/GetAllAds': () => stored,
      'POST /api/Advisory/DeleteAdvisory': () => {
        stored = stored.filter((advisory) => advisory.id !== 7);
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/advisory', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const eth = rows()[1] as HTMLElement;

    await user.click(within(eth).getByTestId('advisory-delete'));
    const confirm = (await screen.findByText('确定删除该策略吗？')).closest('.ant-popover') as HTMLElement;
    expect(confirm).toHaveTextContent('ETH 区间震荡策略');
    await user.click(within(confirm).getByRole('button', { name: '取 消' }));
    expect(posts(api)).toHaveLength(0);

    await user.click(within(eth).getByTestId('advisory-delete'));
    fireEvent.click(within(confirm).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除策略“ETH 区间震荡策略”')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(1);
    expect(urlsOf(api)).toContain('/api/Advisory/DeleteAdvisory?advisoryId=7');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('BTC 短线做多');
  });

  it('keeps the strategy and shows why when it cannot be deleted', async () => {
    stubAdvisories({
      'GET /api/Advisory/GetAllAds': () => [advisoryOf()],
      'POST /api/Advisory/DeleteAdvisory': () => problem(404, '策略不存在'),
    });
    const user = setupUser();
    renderApp('/admin/content/advisory', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0] as HTMLElement).getByTestId('advisory-delete'));
    const confirm = (await screen.findByText('确定删除该策略吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('策略不存在')).toBeInTheDocument();
    expect(screen.queryByText('已删除策略“ETH 区间震荡策略”')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });
});

describe('strategy form', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('starts with no description (the default shown as a hint) and checks every field before sending anything', async () => {
    const api = stubAdvisories();
    const user = setupUser();
    renderApp('/admin/content/advisory/add', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('advisory-form');
    expect(screen.getByRole('heading', { name: '发布策略' })).toBeInTheDocument();
    const desc = within(form).getByTestId('advisory-desc');
    expect(desc).toHaveValue('');
    expect(desc).toHaveAttribute('placeholder', '无描述');
    expect(desc).toHaveAttribute('maxlength', '500');
    await screen.findByTestId('rich-text-editor-content');

    await user.click(screen.getByTestId('advisory-submit'));
    // Each field's rule answers on its own (the editor's after the others): wait for every message.
    expect(await within(form).findByText('策略标题为必填项')).toBeInTheDocument();
    expect(await within(form).findByText('请选择要推送的Trader')).toBeInTheDocument();
    expect(await within(form).findByText('请输入正文')).toBeInTheDocument();
    // Pasted text is not cut by the browser's limit: the rule still says why it cannot be saved.
    fireEvent.change(desc, { target: { value: 'x'.repeat(501) } });
    expect(await within(form).findByText('描述不能超过500个字符')).toBeInTheDocument();

    await changeLocale('en');
    expect(await within(form).findByText('The strategy title is required')).toBeInTheDocument();
    expect(await within(form).findByText('The description cannot exceed 500 characters')).toBeInTheDocument();
    expect(await within(form).findByText('Choose at least one trader to push to')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Publish a strategy' })).toBeInTheDocument();
    fireEvent.change(desc, { target: { value: '' } });
    expect(desc).toHaveAttribute('placeholder', 'No description');
    expect(posts(api)).toHaveLength(0);
  });

  it('publishes a strategy to the chosen active traders and returns to the list', async () => {
    const api = stubAdvisories({
      'POST /api/Advisory/AddOrUpdateAdvisory': () => ({ id: 10 }),
      'GET /api/Advisory/GetAllAds': () => [],
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/advisory/add', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('advisory-form');
    await user.type(within(form).getByTestId('advisory-title'), '  SOL 突破策略  ');
    await user.type(await screen.findByTestId('rich-text-editor-content'), '突破 180 后追多');

    await user.click(within(form).getByRole('combobox'));
    await user.click(await screen.findByTitle('Alpha'));
    await user.click(screen.getByTitle('Gamma'));
    // Strategies go only to active traders.
    expect(screen.queryByTitle('Beta')).not.toBeInTheDocument();
    expect(screen.queryByTitle('Beta（已停用）')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('advisory-submit'));
    expect(await screen.findByText('已发布策略“SOL 突破策略”')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/advisory'));
    const sent = posts(api);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/api/Advisory/AddOrUpdateAdvisory');
    const body = sent[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      title: 'SOL 突破策略',
      advisoryDesc: '',
      apiKeyArray: [1, 3],
      content: expect.stringContaining('突破 180 后追多'),
    });
    expect(body.content).toMatch(/^<p>/);
  });

  it('loads the strategy being edited, shows server errors beside the fields and saves it with its id', async () => {
    const edited = advisoryOf({ apiKeyArray: [1, 2], traders: [{ id: 1, keyName: 'Alpha' }] });
    let attempts = 0;
    const api = stubAdvisories({
      'GET /api/Advisory/GetAdvisory': () => edited,
      'GET /api/Advisory/GetAllAds': () => [edited],
      'POST /api/Advisory/AddOrUpdateAdvisory': () => {
        attempts++;
        return attempts === 1
          ? problem(400, '所选Trader未启用或不存在', { apiKeyArray: ['所选Trader未启用或不存在'] })
          : { id: 7 };
      },
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/advisory/add?id=7', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('advisory-form');
    expect(urlsOf(api)).toContain('/api/Advisory/GetAdvisory?advisoryId=7');
    expect(screen.getByRole('heading', { name: '编辑策略' })).toBeInTheDocument();
    expect(within(form).getByTestId('advisory-title')).toHaveValue('ETH 区间震荡策略');
    expect(within(form).getByTestId('advisory-desc')).toHaveValue('仅供内部参考：2400 附近分批建仓');
    const content = await screen.findByTestId('rich-text-editor-content');
    expect(content.querySelector('strong')).toHaveTextContent('2400');
    const traders = within(form).getByTestId('advisory-traders').closest('.ant-select') as HTMLElement;
    // A linked trader that was switched off is still shown, so the admin sees why it must go.
    await waitFor(() => expect(traders).toHaveTextContent('Beta（已停用）'));
    expect(traders).toHaveTextContent('Alpha');
    expect(screen.getByTestId('advisory-submit')).toHaveTextContent('保存');

    await user.clear(within(form).getByTestId('advisory-title'));
    await user.type(within(form).getByTestId('advisory-title'), 'ETH 区间策略（修订）');
    await user.click(screen.getByTestId('advisory-submit'));
    expect(await within(form).findByText('所选Trader未启用或不存在')).toBeInTheDocument();
    // Shown beside the field, not repeated as a toast.
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('所选Trader');
    expect(router.state.location.search).toBe('?id=7');

    const beta = within(traders)
      .getByText('Beta（已停用）')
      .closest('.ant-select-selection-item') as HTMLElement;
    await user.click(beta.querySelector('.ant-select-selection-item-remove') as HTMLElement);
    await waitFor(() => expect(traders).not.toHaveTextContent('Beta'));
    // Once removed, an inactive trader cannot be chosen again.
    await user.click(within(form).getByRole('combobox'));
    expect(await screen.findByTitle('Gamma')).toBeInTheDocument();
    expect(screen.queryByTitle('Beta（已停用）')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('advisory-submit'));
    expect(await screen.findByText('已保存策略“ETH 区间策略（修订）”')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/advisory'));
    expect(posts(api).at(-1)?.body).toEqual({
      id: 7,
      title: 'ETH 区间策略（修订）',
      advisoryDesc: '仅供内部参考：2400 附近分批建仓',
      apiKeyArray: [1],
      content: edited.content,
    });
  });

  it('shows a skeleton while the strategy loads, and says when it does not exist', async () => {
    let answer: (value: unknown) => void = () => {};
    stubAdvisories({
      'GET /api/Advisory/GetAdvisory': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/admin/content/advisory/add?id=404', { auth: FakeAuth.signedIn() });
    const page = await screen.findByTestId('advisory-edit');
    await waitFor(() => expect(page.querySelector('.ant-skeleton')).not.toBeNull());
    expect(screen.queryByTestId('advisory-form')).not.toBeInTheDocument();

    answer(problem(404, '策略不存在'));
    expect(await within(page).findByText('策略不存在或已被删除')).toBeInTheDocument();
    expect(screen.queryByTestId('advisory-form')).not.toBeInTheDocument();
  });
});

describe('strategy detail', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the stored strategy with its traders, description, content and counts', async () => {
    const api = stubAdvisories({
      'GET /api/Advisory/GetAdvisory': () => advisoryOf({ apiKeyArray: [1, 3, 42] }),
    });
    renderApp('/admin/content/advisory/detail?id=7', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('advisory-detail-title')).toHaveTextContent('ETH 区间震荡策略');
    expect(urlsOf(api)).toContain('/api/Advisory/GetAdvisory?advisoryId=7');
    await waitFor(() =>
      expect(
        [...screen.getByTestId('advisory-detail-traders').querySelectorAll('.ant-tag')].map(
          (tag) => tag.textContent,
        ),
      ).toEqual(['Alpha', 'Gamma', 'unknown']),
    );
    expect(screen.getByTestId('advisory-detail-desc')).toHaveTextContent('仅供内部参考：2400 附近分批建仓');
    const detail = screen.getByTestId('advisory-detail');
    expect(detail).toHaveTextContent('2025-05-02 08:30');
    expect(detail).toHaveTextContent('2025-05-03 09:15');

    const content = screen.getByTestId('advisory-detail-content');
    expect(content.querySelector('strong')).toHaveTextContent('2400');
    expect(content.innerHTML).not.toContain('script');

    const counts = screen.getByTestId('advisory-detail-counts');
    const statistics = [...counts.querySelectorAll('.ant-statistic')].map((statistic) => [
      statistic.querySelector('.ant-statistic-title')?.textContent,
      statistic.querySelector('.ant-statistic-content-value')?.textContent,
    ]);
    expect(statistics).toEqual([
      ['跟单', '12'],
      ['反向跟单', '3'],
      ['观望', '40'],
    ]);
    expect(screen.getByRole('link', { name: /编\s?辑/ })).toHaveAttribute(
      'href',
      '/admin/content/advisory/add?id=7',
    );
    expect(screen.getByRole('link', { name: '返回' })).toHaveAttribute('href', '/admin/content/advisory');
  });

  it('shows another strategy just as stored, in English', async () => {
    await changeLocale('en');
    stubAdvisories({ 'GET /api/Advisory/GetAdvisory': () => BTC });
    renderApp('/admin/content/advisory/detail?id=9', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('advisory-detail-title')).toHaveTextContent('BTC 短线做多');
    expect(screen.getByRole('heading', { name: 'Strategy details' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('advisory-detail-traders')).toHaveTextContent('Beta'));
    expect(screen.getByTestId('advisory-detail-traders')).toHaveTextContent('unknown');
    expect(screen.getByTestId('advisory-detail-traders')).not.toHaveTextContent('Alpha');
    const counts = screen.getByTestId('advisory-detail-counts');
    expect([...counts.querySelectorAll('.ant-statistic')].map((statistic) => statistic.textContent)).toEqual([
      'Following0',
      'Reverse-following5',
      'Watching1',
    ]);
    expect(screen.getByTestId('advisory-detail')).toHaveTextContent('Description');
    expect(screen.getByTestId('advisory-detail-desc')).toHaveTextContent('No description');
  });

  it('shows a skeleton while loading and says when the strategy does not exist', async () => {
    let answer: (value: unknown) => void = () => {};
    stubAdvisories({
      'GET /api/Advisory/GetAdvisory': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/admin/content/advisory/detail?id=8', { auth: FakeAuth.signedIn() });
    const page = await screen.findByTestId('advisory-detail');
    await waitFor(() => expect(page.querySelector('.ant-skeleton')).not.toBeNull());
    answer(problem(404, '策略不存在'));
    expect(await within(page).findByText('策略不存在或已被删除')).toBeInTheDocument();
    expect(screen.queryByTestId('advisory-detail-title')).not.toBeInTheDocument();
  });

  it('asks for nothing without an id', async () => {
    const api = stubAdvisories();
    renderApp('/admin/content/advisory/detail', { auth: FakeAuth.signedIn() });
    expect(await screen.findByText('策略不存在或已被删除')).toBeInTheDocument();
    expect(urlsOf(api).some((url) => url.includes('GetAdvisory'))).toBe(false);
  });
});
