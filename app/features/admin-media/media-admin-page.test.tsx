import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MediaItem, MediaKeywordRule } from '#shared/schemas/media.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, type ApiHandlers, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /admin/content/media, the keyword rules and items tabs: adding, editing and deleting rules with the shared
// rules and the server's refusals; the stream with hidden items flagged, hidden, shown, pinned and unpinned.

const RULE: MediaKeywordRule = {
  id: 3,
  keyword: '比特币 ETF',
  tag: 'ETF',
  important: true,
  createdAt: '2030-05-02T08:30:00.000Z',
};

function itemOf(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id: 11,
    source: { id: 1, title: 'CoinDesk', kind: 'news' },
    publishedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    language: 'en',
    title: 'SEC delays decision',
    summaryText: 'A short summary.',
    summaryHtml: null,
    link: 'https://news.example.com/11',
    tags: [],
    matchedKeywords: [],
    important: false,
    pinned: false,
    hidden: false,
    ...overrides,
  };
}

const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const ruleRows = () =>
  [...screen.getByTestId('rule-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];
const popconfirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;

function stubAdmin(extra: ApiHandlers = {}) {
  return stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Media/Sources': () => [],
    'GET /api/Media/Filters': () => ({
      sources: [{ id: 1, title: 'CoinDesk', kind: 'news', language: 'en' }],
      tags: [],
    }),
    ...extra,
  });
}

beforeEach(async () => {
  setClientWidth(1600);
  await changeLocale('zh');
});

describe('keyword rules', () => {
  it('lists the rules and adds one, checked with the shared rules', async () => {
    let rules = [RULE];
    const api = stubAdmin({
      'GET /api/Media/KeywordRules': () => rules,
      'POST /api/Media/AddKeywordRule': ({ body }) => {
        rules = [...rules, { ...(body as MediaKeywordRule), id: 4, createdAt: RULE.createdAt }];
        return { id: 4 };
      },
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/media?tab=rules', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(ruleRows()).toHaveLength(1));
    expect(within(ruleRows()[0]!).getByTestId('rule-row-keyword')).toHaveTextContent('比特币 ETF');
    expect(within(ruleRows()[0]!).getByTestId('rule-row-tag')).toHaveTextContent('#ETF');
    expect(within(ruleRows()[0]!).getByTestId('rule-row-important')).toHaveTextContent('重要');

    await user.click(screen.getByTestId('rule-add'));
    const form = await screen.findByTestId('rule-form');
    await user.click(screen.getByTestId('rule-submit'));
    expect(await within(form).findByText('请输入关键词')).toBeInTheDocument();
    expect(await within(form).findByText('请输入标签')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);

    await user.type(screen.getByTestId('rule-keyword'), '  加息 ');
    await user.type(screen.getByTestId('rule-tag'), '宏观');
    await user.click(screen.getByTestId('rule-important'));
    await user.click(screen.getByTestId('rule-submit'));
    expect(await screen.findByText('已添加规则“加息”')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Media/AddKeywordRule', { keyword: '加息', tag: '宏观', important: true }],
    ]);
    await waitFor(() => expect(ruleRows()).toHaveLength(2));
    expect(router.state.location.search).toBe('?tab=rules');
  });

  it('shows the server’s refusal beside the field, edits and deletes a rule', async () => {
    let rules = [RULE];
    let refuse = true;
    const api = stubAdmin({
      'GET /api/Media/KeywordRules': () => rules,
      'POST /api/Media/UpdateKeywordRule': () => {
        if (!refuse) return { ok: true };
        refuse = false;
        return problem(409, '已有相同关键词和标签的规则', { keyword: ['已有相同关键词和标签的规则'] });
      },
      'POST /api/Media/DeleteKeywordRule': () => {
        rules = [];
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/media?tab=rules', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(ruleRows()).toHaveLength(1));
    await user.click(within(ruleRows()[0]!).getByTestId('rule-edit'));
    const form = await screen.findByTestId('rule-form');
    expect(screen.getByTestId('rule-keyword')).toHaveValue('比特币 ETF');
    expect(screen.getByTestId('rule-important')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByTestId('rule-submit'));
    expect(await within(form).findByText('已有相同关键词和标签的规则')).toBeInTheDocument();
    await user.click(screen.getByTestId('rule-important'));
    await user.click(screen.getByTestId('rule-submit'));
    expect(await screen.findByText('已保存规则“比特币 ETF”')).toBeInTheDocument();
    expect(posts(api).at(-1)?.body).toEqual({ id: 3, keyword: '比特币 ETF', tag: 'ETF', important: false });

    await user.click(within(ruleRows()[0]!).getByTestId('rule-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除关键词规则“比特币 ETF”？'));
    fireEvent.click(within(popconfirm()).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除规则“比特币 ETF”')).toBeInTheDocument();
    expect(posts(api).at(-1)).toMatchObject({ path: '/api/Media/DeleteKeywordRule', body: { id: 3 } });
    expect(await screen.findByText('还没有关键词规则')).toBeInTheDocument();
  });
});

describe('items', () => {
  it('shows hidden items flagged, and hides, shows, pins and unpins items', async () => {
    let items = [
      itemOf({ id: 12, title: 'Pinned news', pinned: true }),
      itemOf(),
      itemOf({ id: 13, title: 'Spam', hidden: true }),
    ];
    const flag = (id: number, change: Partial<MediaItem>) => {
      items = items.map((item) => (item.id === id ? { ...item, ...change } : item));
      return { ok: true };
    };
    const api = stubAdmin({
      'GET /api/Media/Stream': () => ({ items, nextCursor: null }),
      'POST /api/Media/HideItem': ({ body }) => {
        const { id, hidden } = body as { id: number; hidden: boolean };
        return flag(id, { hidden });
      },
      'POST /api/Media/PinItem': ({ body }) => {
        const { id, pinned } = body as { id: number; pinned: boolean };
        return flag(id, { pinned });
      },
    });
    const user = setupUser();
    renderApp('/admin/content/media?tab=items', { auth: FakeAuth.signedIn() });
    const card = (title: string) =>
      screen
        .getAllByTestId('media-item')
        .find((element) => element.textContent?.includes(title)) as HTMLElement;
    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(3));
    expect(within(card('Spam')).getByTestId('media-item-hidden')).toHaveTextContent('已隐藏');
    expect(within(card('Spam')).getByTestId('item-hide')).toHaveTextContent('取消隐藏');
    expect(within(card('Pinned news')).getByTestId('item-pin')).toHaveTextContent('取消置顶');

    await user.click(within(card('SEC delays decision')).getByTestId('item-hide'));
    expect(await screen.findByText('已隐藏该资讯')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('SEC delays decision')).getByTestId('media-item-hidden')).toBeInTheDocument(),
    );
    await user.click(within(card('Spam')).getByTestId('item-hide'));
    expect(await screen.findByText('会员可以再次看到该资讯')).toBeInTheDocument();
    await user.click(within(card('SEC delays decision')).getByTestId('item-pin'));
    expect(await screen.findByText('已置顶该资讯')).toBeInTheDocument();
    await user.click(within(card('Pinned news')).getByTestId('item-pin'));
    expect(await screen.findByText('已取消置顶')).toBeInTheDocument();

    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Media/HideItem', { id: 11, hidden: true }],
      ['/api/Media/HideItem', { id: 13, hidden: false }],
      ['/api/Media/PinItem', { id: 11, pinned: true }],
      ['/api/Media/PinItem', { id: 12, pinned: false }],
    ]);
    await waitFor(() =>
      expect(within(card('Spam')).queryByTestId('media-item-hidden')).not.toBeInTheDocument(),
    );
  });

  it('speaks English', async () => {
    await changeLocale('en');
    stubAdmin({ 'GET /api/Media/Stream': () => ({ items: [itemOf({ hidden: true })], nextCursor: null }) });
    const user = setupUser();
    renderApp('/admin/content/media?tab=items', { auth: FakeAuth.signedIn() });
    const card = await screen.findByTestId('media-item');
    expect(screen.getByRole('heading', { name: 'Media monitoring' })).toBeInTheDocument();
    expect(within(card).getByTestId('item-hide')).toHaveTextContent('Show');
    expect(within(card).getByTestId('item-pin')).toHaveTextContent('Pin');
    expect(within(card).getByTestId('media-item-hidden')).toHaveTextContent('Hidden');
    await user.click(screen.getByRole('tab', { name: 'Sources' }));
    expect(await screen.findByText('No sources yet: add one, or import an OPML file')).toBeInTheDocument();
    expect(screen.getByTestId('opml-import')).toHaveTextContent('Import OPML');
    expect(screen.getByTestId('opml-export')).toHaveTextContent('Export OPML');
  });
});
