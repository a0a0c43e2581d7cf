import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { accountHandlers, NON_MEMBER_INFO, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { articleOf, CATEGORY_TREE, commentOf, summaryOf } from '../../testing/teaching-fixtures.ts';
import { setupUser } from '../../testing/user.ts';
import { teachListFilters } from './teach-list-page.tsx';

describe('tutorial list', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows approved articles to a signed-out visitor, 10 a page, without a token', async () => {
    const api = stubApi({
      'GET /api/ArticleClassification/List': () => CATEGORY_TREE,
      'GET /Articles/FindPage': () => ({ records: [summaryOf()], total: 1 }),
    });
    renderApp('/teach?category=2&q=K%E7%BA%BF');
    const card = await screen.findByTestId('teach-card');
    expect(card).toHaveTextContent('读懂K线：从单根蜡烛到形态');
    expect(card).toHaveTextContent('Lin');
    expect(card).toHaveTextContent('2025年3月5日');
    expect(within(card).getByTestId('counter-views')).toHaveTextContent('120');
    expect(within(card).getByTestId('teach-card-title')).toHaveAttribute('href', '/teach-detail?id=7');
    expect(screen.getByTestId('teach-total')).toHaveTextContent('共 1 篇');
    const findPage = api.fetch.mock.calls
      .map((call) => String(call[0]))
      .find((url) => url.startsWith('/Articles/FindPage'));
    expect(findPage).toBeDefined();
    const params = new URL(findPage!, 'http://localhost').searchParams;
    expect(params.get('pageSize')).toBe('10');
    expect(params.get('current')).toBe('1');
    expect(params.get('classification')).toBe('2');
    expect(params.get('headLine')).toBe('K线');
    for (const request of api.requests) expect(request.headers.authorization).toBeUndefined();
    expect(screen.queryByTestId('not-member-notice')).not.toBeInTheDocument();
  });

  it('says when nothing matches and offers to clear the filters, in English', async () => {
    await changeLocale('en');
    stubApi({
      'GET /api/ArticleClassification/List': () => CATEGORY_TREE,
      'GET /Articles/FindPage': () => ({ records: [], total: 0 }),
    });
    const user = setupUser();
    const { router } = renderApp('/teach?q=nothing');
    const empty = await screen.findByTestId('teach-empty');
    expect(empty).toHaveTextContent('No articles match these filters');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('teach-empty')).toHaveTextContent('No tutorials yet');
  });

  it('searches by title with Enter or the button, and the clear button shows everything again', async () => {
    const api = stubApi({
      'GET /api/ArticleClassification/List': () => CATEGORY_TREE,
      'GET /Articles/FindPage': () => ({ records: [summaryOf()], total: 1 }),
    });
    const user = setupUser();
    const { router } = renderApp('/teach?page=2');
    const box = await screen.findByRole('textbox', { name: '按标题搜索' });
    expect(screen.getByRole('search')).toContainElement(box);
    // The clear button shows only once there is something to clear.
    expect(screen.queryByRole('button', { name: '清除' })).not.toBeInTheDocument();
    await user.type(box, '  doji {Enter}');
    // A new search starts at its first page.
    await waitFor(() => expect(router.state.location.search).toBe('?q=doji'));
    const headLines = () =>
      api.fetch.mock.calls
        .map((call) => new URL(String(call[0]), 'http://localhost'))
        .filter((url) => url.pathname === '/Articles/FindPage')
        .map((url) => url.searchParams.get('headLine'));
    await waitFor(() => expect(headLines()).toContain('doji'));

    const again = screen.getByRole('textbox', { name: '按标题搜索' });
    await user.clear(again);
    await user.type(again, '锤子线');
    await user.click(screen.getByRole('button', { name: '搜 索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E9%94%A4%E5%AD%90%E7%BA%BF'));

    await user.click(screen.getByRole('button', { name: '清除' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: '按标题搜索' })).toHaveValue('');
  });

  it('reads its filters from the address', () => {
    expect(teachListFilters(new URLSearchParams('category=4&q=%20doji%20&page=3'))).toEqual({
      category: 4,
      title: 'doji',
      page: 3,
    });
    expect(teachListFilters(new URLSearchParams('category=x&page=-2'))).toEqual({
      category: undefined,
      title: '',
      page: 1,
    });
  });
});

describe('tutorial detail', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the cleaned article, counts and comments to a signed-out visitor, with a sign-in hint', async () => {
    stubApi({
      'GET /Articles/GetArticle/7': () =>
        articleOf({
          text: '<p>正文<img src=x onerror="window.__xss = 1"></p><script>window.__xss = 2</script><a href="javascript:alert(1)">链接</a>',
        }),
      'GET /Articles/Comments/7': () => [commentOf()],
    });
    renderApp('/teach-detail?id=7');
    const body = await screen.findByTestId('article-body');
    expect(body).toHaveTextContent('正文');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('[onerror]')).toBeNull();
    expect(body.querySelector('a')).not.toHaveAttribute('href');
    expect(screen.getByTestId('article-title')).toHaveTextContent('读懂K线：从单根蜡烛到形态');
    expect(screen.getByTestId('like-count')).toHaveTextContent('4');
    expect(screen.getByTestId('like-button')).toBeDisabled();
    expect(screen.getByTestId('engage-hint')).toHaveTextContent('登录后，会员可以点赞、收藏和评论。');
    expect(screen.getByTestId('engage-sign-in')).toHaveAttribute(
      'href',
      '/authentication/login?returnUrl=%2Fteach-detail%3Fid%3D7',
    );
    expect(await screen.findByTestId('comment')).toHaveTextContent('讲得很清楚，谢谢！');
    expect(screen.queryByTestId('comment-form')).not.toBeInTheDocument();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('tells a non-member that engagement is for members', async () => {
    stubApi({
      ...accountHandlers(NON_MEMBER_INFO),
      'GET /Articles/GetArticle/7': () => articleOf(),
      'GET /Articles/Comments/7': () => [],
    });
    renderApp('/teach-detail?id=7', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('engage-hint')).toHaveTextContent('请联系客服开通会员');
    expect(screen.getByTestId('like-button')).toBeDisabled();
    expect(await screen.findByTestId('no-comments')).toHaveTextContent('还没有评论');
  });

  it('lets a member like, comment and delete their comment', async () => {
    let comments = [commentOf({ id: 12, deletable: true, content: '我的旧评论' })];
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /Articles/GetArticle/7': () => articleOf({ commentTotal: comments.length }),
      'GET /Articles/Comments/7': () => comments,
      'POST /Articles/Like/7': () => ({ active: true, total: 5 }),
      'POST /Articles/Comment': (request) => {
        const body = request.body as { content: string };
        comments = [commentOf({ id: 13, deletable: true, content: body.content }), ...comments];
        return { id: 13 };
      },
      'DELETE /Articles/Comment/12': () => {
        comments = comments.filter((comment) => comment.id !== 12);
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/teach-detail?id=7', { auth: FakeAuth.signedIn() });
    const like = await screen.findByTestId('like-button');
    await waitFor(() => expect(like).toBeEnabled());
    await user.click(like);
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('5'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('已点赞');

    // The comment form's code arrives on demand.
    await user.click(await screen.findByTestId('comment-submit'));
    expect(await screen.findByText('请输入评论内容')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/Articles/Comment')).toBe(false);
    await user.type(screen.getByTestId('comment-input'), '  学到了  ');
    await user.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByText('学到了')).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/Articles/Comment')?.body).toEqual({
      articleId: 7,
      content: '学到了',
    });

    const old = screen.getByText('我的旧评论').closest('[data-testid=comment]') as HTMLElement;
    // The delete button (with its confirmation's code) arrives with the first comment the reader may delete.
    await user.click(await within(old).findByTestId('comment-delete'));
    await user.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.queryByText('我的旧评论')).not.toBeInTheDocument());
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says when the article is missing or not public', async () => {
    stubApi({});
    renderApp('/teach-detail?id=404');
    expect(await screen.findByTestId('teach-detail-not-found')).toHaveTextContent('文章不存在，或尚未公开。');
  });
});
