import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { MediaSource, OpmlImportResult } from '#shared/schemas/media.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, type ApiHandlers, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// /admin/content/media, the sources tab: the table with each source's reading state, the add/edit form with
// the shared rules, enabling, deleting, and OPML import and export, against a stubbed API.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function sourceOf(overrides: Partial<MediaSource> = {}): MediaSource {
  return {
    id: 1,
    url: 'https://www.coindesk.com/arc/outboundfeeds/rss/',
    title: 'CoinDesk',
    kind: 'news',
    language: 'en',
    pollIntervalSeconds: 300,
    enabled: true,
    lastFetchedAt: minutesAgo(2),
    lastNewItemAt: minutesAgo(30),
    lastError: null,
    lastErrorAt: null,
    errorCount: 0,
    itemsCount: 1234,
    nextPollAt: new Date(Date.now() + 3 * 60_000).toISOString(),
    createdAt: minutesAgo(600),
    updatedAt: minutesAgo(600),
    ...overrides,
  };
}

const BROKEN = sourceOf({
  id: 2,
  url: 'https://broken.example.com/feed.xml',
  title: '',
  kind: 'kol',
  language: 'zh',
  pollIntervalSeconds: 3600,
  lastFetchedAt: null,
  lastNewItemAt: null,
  lastError: 'http-status: answered 503 Service Unavailable',
  lastErrorAt: minutesAgo(1),
  errorCount: 3,
  itemsCount: 0,
});

const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const rows = () =>
  [...screen.getByTestId('source-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];
const popconfirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
const dialog = () => screen.getByRole('dialog');

function stubSources(sources: MediaSource[], extra: ApiHandlers = {}) {
  let stored = sources.map((source) => ({ ...source }));
  const api = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Media/Sources': () => stored,
    'POST /api/Media/SetSourceEnabled': ({ body }) => {
      const { id, enabled } = body as { id: number; enabled: boolean };
      stored = stored.map((source) => (source.id === id ? { ...source, enabled } : source));
      return { ok: true };
    },
    'POST /api/Media/DeleteSource': ({ body }) => {
      stored = stored.filter((source) => source.id !== (body as { id: number }).id);
      return { ok: true };
    },
    ...extra,
  });
  return api;
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

describe('media sources', () => {
  it('lists the sources with their reading state, errors in red', async () => {
    stubSources([sourceOf(), BROKEN]);
    renderApp('/admin/content/media', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [good, broken] = rows() as [HTMLElement, HTMLElement];
    expect(screen.getByRole('heading', { name: '媒体监控' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('admin-menu')).getByRole('link', { name: '媒体监控' }).closest('li'),
    ).toHaveClass('ant-menu-item-selected');

    expect(within(good).getByTestId('source-row-title')).toHaveTextContent('CoinDesk');
    expect(within(good).getByTestId('source-row-url')).toHaveTextContent(
      'coindesk.com/arc/outboundfeeds/rss/',
    );
    expect(within(good).getByTestId('source-row-kind')).toHaveTextContent('新闻');
    expect(good).toHaveTextContent('英文');
    expect(good).toHaveTextContent('5 分钟');
    expect(good).toHaveTextContent('2 分钟前');
    expect(good).toHaveTextContent('3 分钟内');
    expect(within(good).getByTestId('source-row-items')).toHaveTextContent('1,234');
    expect(within(good).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(good).toHaveTextContent('无');

    expect(within(broken).getByTestId('source-row-title')).toHaveTextContent('未命名');
    expect(broken).toHaveTextContent('1 小时');
    expect(broken).toHaveTextContent('尚未');
    const error = within(broken).getByTestId('source-error');
    // The reader's reason translated (the whole text on hover).
    expect(error).toHaveTextContent('站点返回错误状态');
    expect(error).toHaveTextContent('1 分钟前 · 连续失败 3 次');
    expect(within(error).getByText('站点返回错误状态')).toHaveClass('ant-typography-danger');

    const header = screen.getByTestId('source-table').querySelector('thead') as HTMLElement;
    for (const label of [
      '订阅源',
      '类型',
      '语言',
      '抓取间隔',
      '启用',
      '最近抓取',
      '最近错误',
      '资讯数',
      '下次抓取',
    ]) {
      expect(header).toHaveTextContent(label);
    }
    expect(screen.getByTestId('source-table')).toHaveTextContent('共 2 个订阅源 · 抓取状态每 10 秒自动刷新');
  });

  it('checks the new source with the shared rules, then adds it', async () => {
    const api = stubSources([], { 'POST /api/Media/AddSource': () => ({ id: 9 }) });
    const user = setupUser();
    renderApp('/admin/content/media', { auth: FakeAuth.signedIn() });
    expect(await screen.findByText('还没有订阅源，点击“添加订阅源”或导入 OPML 开始')).toBeInTheDocument();

    await user.click(screen.getByTestId('source-add'));
    const form = await screen.findByTestId('source-form');
    expect(within(dialog()).getByText('添加订阅源')).toBeInTheDocument();
    await user.clear(screen.getByTestId('source-interval'));
    await user.click(screen.getByTestId('source-submit'));
    expect(await within(form).findByText('请输入订阅源地址')).toBeInTheDocument();
    expect(await within(form).findByText('请选择类型：新闻、KOL、交易所公告或其他')).toBeInTheDocument();
    expect(await within(form).findByText('抓取间隔须为60到86400秒之间的整数')).toBeInTheDocument();

    await user.type(screen.getByTestId('source-url'), 'ftp://example.com/feed');
    await user.click(screen.getByTestId('source-submit'));
    expect(await within(form).findByText('订阅源地址须为 http 或 https 网址')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);

    await user.clear(screen.getByTestId('source-url'));
    await user.type(screen.getByTestId('source-url'), '  https://Example.com/feed.xml ');
    await user.type(screen.getByTestId('source-title'), '示例新闻');
    await pick(user, screen.getByTestId('source-kind'), '交易所公告');
    await pick(user, screen.getByTestId('source-language'), '英文');
    await user.type(screen.getByTestId('source-interval'), '600');
    await user.click(screen.getByTestId('source-enabled'));
    await user.click(screen.getByTestId('source-submit'));
    expect(await screen.findByText('已添加订阅源')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      [
        '/api/Media/AddSource',
        {
          url: 'https://example.com/feed.xml',
          title: '示例新闻',
          kind: 'exchange',
          language: 'en',
          pollIntervalSeconds: 600,
          enabled: false,
        },
      ],
    ]);
  });

  it('shows the server’s refusal beside the field, and saves an edit without the enabled flag', async () => {
    let refuse = true;
    const api = stubSources([sourceOf()], {
      'POST /api/Media/UpdateSource': () => {
        if (!refuse) return { ok: true };
        refuse = false;
        return problem(409, '已有该地址的订阅源', { url: ['已有该地址的订阅源'] });
      },
    });
    const user = setupUser();
    renderApp('/admin/content/media', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByTestId('source-edit'));
    const form = await screen.findByTestId('source-form');
    expect(within(dialog()).getByText('编辑订阅源')).toBeInTheDocument();
    expect(screen.getByTestId('source-url')).toHaveValue(sourceOf().url);
    expect(screen.queryByTestId('source-enabled')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('source-submit'));
    const field = await within(form).findByText('已有该地址的订阅源');
    expect(field.closest('.ant-form-item')).toContainElement(screen.getByTestId('source-url'));
    await user.clear(screen.getByTestId('source-title'));
    await user.type(screen.getByTestId('source-title'), 'CoinDesk RSS');
    await user.click(screen.getByTestId('source-submit'));
    expect(await screen.findByText('已保存订阅源')).toBeInTheDocument();
    expect(posts(api).at(-1)?.body).toEqual({
      id: 1,
      url: sourceOf().url,
      title: 'CoinDesk RSS',
      kind: 'news',
      language: 'en',
      pollIntervalSeconds: 300,
    });
  });

  it('has a source read now, and enables and disables it with its switch', async () => {
    const api = stubSources([sourceOf()], { 'POST /api/Media/ReadSourceNow': () => ({ ok: true }) });
    const user = setupUser();
    renderApp('/admin/content/media', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByTestId('source-read-now'));
    expect(await screen.findByText('已安排立即抓取 CoinDesk')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Media/ReadSourceNow', { id: 1 }],
    ]);
    api.requests.length = 0;

    await user.click(within(rows()[0]!).getByRole('switch', { name: '启用 CoinDesk' }));
    expect(await screen.findByText('已停用 CoinDesk')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Media/SetSourceEnabled', { id: 1, enabled: false }],
    ]);
    await waitFor(() =>
      expect(within(rows()[0]!).getByRole('switch')).toHaveAttribute('aria-checked', 'false'),
    );
    // The server reads enabled sources only.
    expect(within(rows()[0]!).getByTestId('source-read-now')).toBeDisabled();
  });

  it('deletes a source only after confirmation', async () => {
    const api = stubSources([sourceOf(), BROKEN]);
    const user = setupUser();
    renderApp('/admin/content/media', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(rows()[0]!).getByTestId('source-delete'));
    await waitFor(() => expect(popconfirm()).toHaveTextContent('删除订阅源“CoinDesk”？'));
    expect(popconfirm()).toHaveTextContent('它的全部资讯会一并删除');
    fireEvent.click(within(popconfirm()).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除 CoinDesk')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Media/DeleteSource', { id: 1 }],
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('imports an OPML file and says what became of each feed, reasons translated', async () => {
    const result: OpmlImportResult = {
      added: [{ id: 5, url: 'https://a.example.com/rss', title: 'A News' }],
      skipped: [
        { url: 'https://www.coindesk.com/arc/outboundfeeds/rss/', reason: 'exists' },
        { url: 'https://a.example.com/rss', reason: 'duplicate' },
      ],
      invalid: [{ url: 'ftp://old.example.com/feed', title: 'Old', reason: 'mediaUrlInvalid' }],
    };
    let refuse = true;
    const api = stubSources([sourceOf()], {
      'POST /api/Media/ImportOpmlFile': () => {
        if (!refuse) return result;
        refuse = false;
        return problem(400, '这不是 OPML 文件：根元素须为 <opml>，且包含 <body>', {
          file: ['这不是 OPML 文件：根元素须为 <opml>，且包含 <body>'],
        });
      },
    });
    const user = setupUser();
    renderApp('/admin/content/media', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const input = () =>
      screen.getByTestId('media-sources').querySelector('input[type="file"]') as HTMLInputElement;

    await user.upload(input(), new File(['<html/>'], 'feeds.opml', { type: 'text/x-opml' }));
    expect(await screen.findByTestId('opml-error')).toHaveTextContent('根元素须为 <opml>');

    await user.upload(input(), new File(['<opml/>'], 'feeds.opml', { type: 'text/x-opml' }));
    const shown = await screen.findByTestId('opml-result');
    expect(screen.queryByTestId('opml-error')).not.toBeInTheDocument();
    expect(shown).toHaveTextContent('导入完成：新增 1 个，跳过 2 个，无效 1 个');
    expect(within(shown).getByTestId('opml-added')).toHaveTextContent('https://a.example.com/rssA News');
    expect(within(shown).getByTestId('opml-skipped')).toHaveTextContent('已有该订阅源');
    expect(within(shown).getByTestId('opml-skipped')).toHaveTextContent('文件中重复');
    expect(within(shown).getByTestId('opml-invalid')).toHaveTextContent(
      'ftp://old.example.com/feed订阅源地址须为 http 或 https 网址',
    );
    const uploads = posts(api).filter((request) => request.path === '/api/Media/ImportOpmlFile');
    expect(uploads).toHaveLength(2);
    expect((uploads[1]!.body as FormData).get('file')).toBeInstanceOf(File);

    await changeLocale('en');
    await waitFor(() =>
      expect(within(shown).getByTestId('opml-invalid')).toHaveTextContent('must be an http or https'),
    );
    expect(shown).toHaveTextContent('Imported: 1 added, 2 skipped, 1 invalid');
  });

  it('downloads the OPML export with the token, renewed when it expired on its way', async () => {
    // jsdom has no object URLs; the page's anchor click is caught rather than followed.
    const created = vi.fn((_blob: Blob) => 'blob:opml');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
      click.mockRestore();
    });
    let answered = 0;
    const api = stubSources([sourceOf()], {
      // The first token expired on its way: the export is asked again with a renewed one.
      ['GET /api/Media/ExportOpml' as keyof ApiHandlers]: () =>
        answered++ === 0
          ? problem(401, 'The access token is invalid or has expired.')
          : new Response('<opml version="2.0"/>', {
              headers: {
                'content-type': 'text/x-opml; charset=utf-8',
                'content-disposition': 'attachment; filename="media-sources-2030-01-02.opml"',
              },
            }),
    });
    const user = setupUser();
    const auth = FakeAuth.signedIn();
    auth.renewedToken = 'renewed-access-token';
    renderApp('/admin/content/media', { auth });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('opml-export'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('media-sources-2030-01-02.opml');
    expect(await created.mock.calls[0]![0].text()).toBe('<opml version="2.0"/>');
    const exported = api.requests.filter((request) => request.path === '/api/Media/ExportOpml');
    expect(exported.map((request) => request.headers.authorization)).toEqual([
      'Bearer test-access-token',
      'Bearer renewed-access-token',
    ]);
  });
});
