import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaFilters, MediaItem, MediaStream } from '#shared/schemas/media.ts';
import { acquireHub, closeHub } from '../../lib/hub/hub-runtime.ts';
import { LiveConnection } from '../../lib/hub/live-connection.tsx';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { holdClockAt } from '../../testing/clock.ts';
import {
  accountHandlers,
  NON_MEMBER_INFO,
  personalInfoOf,
  problem,
  stubApi,
} from '../../testing/fake-api.ts';
import { FakeAuth, TEST_USER } from '../../testing/fake-auth.ts';
import { fakeSocketFactory } from '../../testing/fake-hub-socket.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';
import { MediaPage } from './media-page.tsx';

// /media against a stubbed API and a fake hub socket: the items with their marks, highlights, tags and safe
// links; filters and the search sent as queries; more pages as the end comes into view or by the button; the
// empty, error and live states; the not-member notice.

/** When the fixtures were made: their times read as 5 minutes ago with the clock held there. */
const FIXTURES_AT = Date.now();
let nextId = 100;
function itemOf(overrides: Partial<MediaItem> = {}): MediaItem {
  nextId += 1;
  return {
    id: nextId,
    source: { id: 1, title: 'CoinDesk', kind: 'news' },
    publishedAt: new Date(FIXTURES_AT - 5 * 60_000).toISOString(),
    language: 'en',
    title: `Item ${nextId}`,
    summaryText: null,
    summaryHtml: null,
    link: `https://news.example.com/${nextId}`,
    tags: [],
    matchedKeywords: [],
    important: false,
    pinned: false,
    hidden: false,
    ...overrides,
  };
}

const PINNED = itemOf({
  title: '置顶公告：平台维护',
  pinned: true,
  source: { id: 2, title: '币安公告', kind: 'exchange' },
});
const ETF = itemOf({
  title: 'SEC approves spot Bitcoin ETF',
  summaryText: 'The bitcoin etf starts trading on Monday; 比特币 rallies.',
  tags: ['ETF', '监管'],
  matchedKeywords: ['bitcoin etf', '比特币'],
  important: true,
});
const HTML = itemOf({
  title: 'Weekly outlook',
  summaryHtml: '<p>Markets <strong>calm</strong> before the etf decision</p><script>alert(1)</script>',
  link: null,
  matchedKeywords: ['ETF'],
  source: { id: 3, title: 'KOL Lin', kind: 'kol' },
});

const FILTERS: MediaFilters = {
  sources: [
    { id: 1, title: 'CoinDesk', kind: 'news', language: 'en' },
    { id: 2, title: '币安公告', kind: 'exchange', language: 'zh' },
  ],
  tags: ['ETF', '监管'],
};

type StreamHandler = (
  query: Record<string, string>,
) => MediaStream | Response | Promise<MediaStream | Response>;

function stubMedia(stream: StreamHandler = () => ({ items: [PINNED, ETF, HTML], nextCursor: null })) {
  const queries: Record<string, string>[] = [];
  const stub = stubApi({
    ...accountHandlers(personalInfoOf()),
    'GET /api/Media/Filters': () => FILTERS,
    'GET /api/Media/Stream': () => {
      const call = stub.fetch.mock.calls.at(-1);
      const query = Object.fromEntries(new URL(String(call?.[0]), 'http://x').searchParams);
      queries.push(query);
      return stream(query);
    },
  });
  return { ...stub, queries };
}

let release: (() => void) | undefined;

function renderMedia(url = '/media') {
  const queryClient = createQueryClient();
  const sockets = fakeSocketFactory();
  release = acquireHub({
    queryClient,
    sub: TEST_USER.sub,
    getToken: async () => 'token',
    connection: { createSocket: sockets.createSocket, retryDelay: () => 1000 },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/media',
        element: (
          <>
            <LiveConnection />
            <MediaPage />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers queryClient={queryClient} auth={FakeAuth.signedIn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, socket: () => sockets.sockets[0]! };
}

const cards = () => screen.queryAllByTestId('media-item');

async function pick(user: ReturnType<typeof setupUser>, testId: string, option: string) {
  await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}

/** IntersectionObserver as a test drives it: `reach()` says the sentinel came into view. */
function stubIntersection() {
  const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
  class FakeObserver {
    readonly entry: { callback: IntersectionObserverCallback; observed: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, observed: [] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.observed.push(element);
    }
    disconnect() {
      this.entry.observed = [];
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    reach: () => {
      for (const { callback, observed } of observers)
        for (const target of observed)
          callback(
            [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
    },
  };
}

describe('the media page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });
  afterEach(() => {
    release?.();
    release = undefined;
    closeHub();
  });

  it('shows the items pinned first, with marks, highlighted keywords, tags and safe links', async () => {
    holdClockAt(FIXTURES_AT);
    const api = stubMedia();
    renderMedia();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [pinned, etf, html] = cards() as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(pinned).getByTestId('media-item-pinned')).toHaveTextContent('置顶');
    expect(within(pinned).getByTestId('media-item-source')).toHaveTextContent('币安公告');
    expect(within(pinned).getByTestId('media-item-kind')).toHaveTextContent('交易所公告');

    expect(within(etf).getByTestId('media-item-important')).toHaveTextContent('重要');
    expect(within(etf).getByTestId('media-item-kind')).toHaveTextContent('新闻');
    expect(within(etf).getByTestId('media-item-time')).toHaveTextContent('5 分钟前');
    expect(within(etf).getByTestId('media-item-time')).toHaveAttribute('dateTime', ETF.publishedAt);
    // Case-insensitive, Chinese too, as text nodes (no HTML made from the feed's text).
    expect(
      within(etf)
        .getAllByTestId('media-highlight')
        .map((mark) => mark.textContent),
    ).toEqual(['Bitcoin ETF', 'bitcoin etf', '比特币']);
    expect(within(etf).getByTestId('media-item-title').querySelector('mark')?.textContent).toBe(
      'Bitcoin ETF',
    );
    expect(
      within(etf)
        .getAllByTestId('media-item-tag')
        .map((tag) => tag.textContent),
    ).toEqual(['#ETF', '#监管']);
    for (const link of within(etf).getAllByRole('link')) {
      expect(link).toHaveAttribute('href', ETF.link);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(etf).getByTestId('media-item-link')).toHaveTextContent('阅读原文');

    // The HTML summary goes through the articles' view: the script is gone; no link without an address.
    const summary = within(html).getByTestId('media-item-summary');
    expect(summary.querySelector('strong')).toHaveTextContent('calm');
    expect(summary.querySelector('script')).toBeNull();
    expect(within(html).getByTestId('media-highlight')).toHaveTextContent('etf');
    expect(within(html).getByTestId('media-highlight').closest('p')).toHaveTextContent(
      'Markets calm before the etf decision',
    );
    expect(within(html).queryByRole('link')).not.toBeInTheDocument();
    expect(within(html).queryByTestId('media-item-important')).not.toBeInTheDocument();

    expect(screen.getByTestId('media-no-more')).toHaveTextContent('没有更多了');
    expect(api.queries).toEqual([{}]);
  });

  it('sends the filters and the search (once typing pauses) as the query, and keeps them in the address', async () => {
    const api = stubMedia(() => ({ items: [], nextCursor: null }));
    const user = setupUser();
    const { router } = renderMedia();
    expect(await screen.findByTestId('media-empty')).toHaveTextContent('暂无资讯');

    await pick(user, 'media-filter-source', 'CoinDesk');
    await waitFor(() => expect(api.queries.at(-1)).toEqual({ sourceId: '1' }));
    await pick(user, 'media-filter-kind', 'KOL');
    await waitFor(() => expect(api.queries.at(-1)).toEqual({ sourceId: '1', kind: 'kol' }));
    await pick(user, 'media-filter-tag', '监管');
    await pick(user, 'media-filter-language', '中文');
    await waitFor(() =>
      expect(api.queries.at(-1)).toEqual({ sourceId: '1', kind: 'kol', tag: '监管', language: 'zh' }),
    );
    expect(await screen.findByTestId('media-empty')).toHaveTextContent('没有符合筛选条件的资讯');

    const search = screen.getByTestId('media-search');
    expect(search).toHaveAttribute('maxLength', '100');
    const before = api.queries.length;
    await user.type(search, ' ETF 获批 ');
    // One query for the whole word, not one per key.
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ q: 'ETF 获批' }));
    expect(api.queries.length).toBe(before + 1);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ETF 获批');
    expect(new URLSearchParams(router.state.location.search).get('lang')).toBe('zh');

    await user.click(screen.getByTestId('media-filters-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(search).toHaveValue('');
    expect(await screen.findByTestId('media-empty')).toHaveTextContent('暂无资讯');
  });

  it('reads the filters from the address', async () => {
    const api = stubMedia(() => ({ items: [ETF], nextCursor: null }));
    renderMedia('/media?source=1&tag=ETF&q=bitcoin&kind=nope');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.queries).toEqual([{ sourceId: '1', tag: 'ETF', q: 'bitcoin' }]);
    expect(screen.getByTestId('media-search')).toHaveValue('bitcoin');
  });

  it('loads the next page as the end comes into view, and by the button', async () => {
    const { reach } = stubIntersection();
    const pages: Record<string, MediaStream> = {
      '': { items: [PINNED, ETF], nextCursor: 'c1' },
      c1: { items: [HTML], nextCursor: 'c2' },
      c2: { items: [itemOf({ title: 'Oldest' })], nextCursor: null },
    };
    const api = stubMedia((query) => pages[query.cursor ?? '']!);
    const user = setupUser();
    renderMedia();
    await waitFor(() => expect(cards()).toHaveLength(2));
    act(() => reach());
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(api.queries.at(-1)).toEqual({ cursor: 'c1' });

    await user.click(screen.getByTestId('media-load-more'));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(api.queries.at(-1)).toEqual({ cursor: 'c2' });
    expect(cards()[3]).toHaveTextContent('Oldest');
    expect(screen.queryByTestId('media-load-more')).not.toBeInTheDocument();
    expect(screen.getByTestId('media-no-more')).toBeInTheDocument();
  });

  it('shows the skeleton, then the error with a retry', async () => {
    let calls = 0;
    let answer: (value: Response) => void = () => {};
    stubMedia(() => {
      calls++;
      if (calls === 1) return new Promise<Response>((resolve) => (answer = resolve));
      return { items: [ETF], nextCursor: null };
    });
    const user = setupUser();
    renderMedia();
    expect(await screen.findByTestId('media-loading')).toBeInTheDocument();
    answer(problem(500, '服务器错误'));
    const error = await screen.findByTestId('query-error');
    await user.click(within(error).getByRole('button'));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('puts new items on top as they arrive, and says it is live', async () => {
    stubMedia(() => ({ items: [PINNED, ETF], nextCursor: null }));
    const { socket } = renderMedia();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByTestId('media-live')).toHaveTextContent('正在连接实时推送');
    act(() => socket().fire('connect'));
    await waitFor(() => expect(screen.getByTestId('media-live')).toHaveTextContent('实时更新中'));

    const fresh = itemOf({ title: 'Breaking: ETH upgrade live', publishedAt: new Date().toISOString() });
    act(() => socket().fire('MediaItemsAdded', { items: [fresh], more: false, notify: true, eventId: 7 }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    // Below the pinned one, above the others.
    expect(cards().map((card) => within(card).getByTestId('media-item-title').textContent)).toEqual([
      PINNED.title,
      fresh.title,
      ETF.title,
    ]);
  });

  it('speaks English', async () => {
    holdClockAt(FIXTURES_AT);
    await changeLocale('en');
    stubMedia();
    renderMedia();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('heading', { name: 'Media monitoring' })).toBeInTheDocument();
    expect(within(cards()[0]!).getByTestId('media-item-pinned')).toHaveTextContent('Pinned');
    expect(within(cards()[0]!).getByTestId('media-item-kind')).toHaveTextContent('Exchange announcement');
    expect(within(cards()[1]!).getByTestId('media-item-time')).toHaveTextContent('5 minutes ago');
    expect(within(cards()[1]!).getByTestId('media-item-link')).toHaveTextContent('Read the original');
    expect(screen.getByTestId('media-search')).toHaveAttribute('placeholder', 'Search titles and summaries');
  });
});

describe('the /media route', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('opens the media page for members and the not-member notice for others', async () => {
    stubMedia();
    const member = renderApp('/media', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('media-page')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('媒体监控 · 链策学堂'));
    member.unmount();

    const deeper = renderApp('/media/unknown', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    deeper.unmount();

    const api = stubApi(accountHandlers(NON_MEMBER_INFO));
    renderApp('/media', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('not-member-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('media-page')).not.toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).not.toContain('/api/Media/Stream');
  });
});
