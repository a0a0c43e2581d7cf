import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { articleOf, CATEGORY_TREE, summaryOf } from '../../testing/teaching-fixtures.ts';
import { setupUser } from '../../testing/user.ts';
import { categoryFormValues } from './category-form-modal.tsx';

const urlsOf = (api: ReturnType<typeof stubApi>) => api.fetch.mock.calls.map((call) => String(call[0]));

describe('admin tutorial list', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists every article with status, counters and actions, 50 a page', async () => {
    const api = stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/ArticleClassification/List': () => CATEGORY_TREE,
      'GET /Articles/FindPage': () => ({
        records: [summaryOf({ status: 1 }), summaryOf({ id: 8, headLine: '仓位管理', status: 4 })],
        total: 2,
      }),
    });
    const user = setupUser();
    renderApp('/admin/content/teach', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('teach-table');
    await waitFor(() => expect(within(table).getAllByTestId('article-status')).toHaveLength(2));
    expect(
      within(table)
        .getAllByTestId('article-status')
        .map((tag) => tag.textContent),
    ).toEqual(['待审核', '未通过']);
    expect(within(table).getAllByTestId('cover-thumbnail')[0]?.querySelector('img')).toHaveAttribute(
      'width',
      '50',
    );
    expect(table).toHaveTextContent('2025-03-05');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(screen.getByTestId('teach-publish')).toHaveAttribute('href', '/admin/content/teach/add');
    expect(screen.getByTestId('teach-types')).toHaveAttribute('href', '/admin/content/teach/type');
    const first = new URL(urlsOf(api).find((url) => url.startsWith('/Articles/FindPage'))!, 'http://x');
    expect(first.searchParams.get('pageSize')).toBe('50');

    await user.type(screen.getByTestId('search-title'), '仓位');
    await user.click(screen.getByTestId('search-submit'));
    await waitFor(() =>
      expect(urlsOf(api).some((url) => url.includes('headLine=%E4%BB%93%E4%BD%8D'))).toBe(true),
    );
  });

  it('passes the row along and puts its id in the address when editing', async () => {
    stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/ArticleClassification/List': () => CATEGORY_TREE,
      'GET /Articles/FindPage': () => ({ records: [summaryOf()], total: 1 }),
      // The full article is slow: the row passed by the list names it meanwhile.
      'GET /Articles/GetArticle/7': () => new Promise(() => {}),
    });
    const user = setupUser();
    const { router } = renderApp('/admin/content/teach', { auth: FakeAuth.signedIn() });
    await user.click(await screen.findByTestId('row-edit'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
    expect(router.state.location.pathname).toBe('/admin/content/teach/add');
    expect(await screen.findByTestId('editing-name')).toHaveTextContent(
      '正在编辑：读懂K线：从单根蜡烛到形态',
    );
    expect(screen.getByTestId('article-edit-loading')).toBeInTheDocument();
  });
});

describe('approval form', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('sends nothing without a review text, then passes the article', async () => {
    let status = 1;
    let review: string | null = null;
    const api = stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /Articles/GetArticle/7': () => articleOf({ status, contentApproval: review }),
      'PUT /Articles/ApprovalArticle': () => {
        status = 3;
        review = '内容准确，通过';
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/admin/content/teach/detail?id=7', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('article-body')).toHaveTextContent(
      '每根K线记录一段时间的开盘价与收盘价。',
    );
    await user.click(screen.getByTestId('approval-pass'));
    expect(await screen.findByText('内容审核为必填项')).toBeInTheDocument();
    await user.click(screen.getByTestId('approval-not-pass'));
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(screen.getByTestId('approval-text'), '内容准确，通过');
    await user.click(screen.getByTestId('approval-pass'));
    await waitFor(() => expect(screen.getByTestId('approval-form')).toHaveAttribute('data-state', 'closed'));
    const call = urlsOf(api).find((url) => url.startsWith('/Articles/ApprovalArticle'))!;
    const params = new URL(call, 'http://x').searchParams;
    expect([params.get('id'), params.get('status'), params.get('contentApproval')]).toEqual([
      '7',
      '3',
      '内容准确，通过',
    ]);
    expect(screen.getByTestId('approval-text')).toHaveAttribute('readonly');
    expect(screen.getByTestId('approval-text')).toHaveValue('内容准确，通过');
    expect(screen.getByTestId('review-outcome')).toHaveTextContent('审核已通过');
    expect(screen.queryByTestId('approval-pass')).not.toBeInTheDocument();
    expect(screen.getByTestId('approval-close')).toBeInTheDocument();
  });

  it('shows a rejected article read-only with only a close button, in English', async () => {
    await changeLocale('en');
    stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /Articles/GetArticle/7': () => articleOf({ status: 4, contentApproval: 'Add sources.' }),
    });
    renderApp('/admin/content/teach/detail?id=7', { auth: FakeAuth.signedIn() });
    const form = await screen.findByTestId('approval-form');
    expect(within(form).getByTestId('approval-text')).toHaveAttribute('readonly');
    expect(within(form).getByTestId('review-outcome')).toHaveTextContent('Review not passed');
    expect(
      within(form)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
  });
});

describe('category management', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('starts a new type hidden (show 0) under the chosen parent', () => {
    expect(categoryFormValues({ mode: 'add', parentPath: [1] })).toEqual({
      label: '',
      sort: 0,
      show: 0,
      pids: [1],
    });
    expect(
      categoryFormValues({ mode: 'edit', node: { id: 2, label: 'K线', show: 1, sort: 3, pids: [1] } }),
    ).toEqual({
      label: 'K线',
      sort: 3,
      show: 1,
      pids: [1],
    });
  });

  it('checks the form, saves and says so; switches and sorts save at once', async () => {
    const api = stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/ArticleClassification/List': () => CATEGORY_TREE,
      'POST /api/ArticleClassification/Edit': () => ({ id: 9 }),
    });
    const user = setupUser();
    renderApp('/admin/content/teach/type', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('type-table');
    await waitFor(() => expect(within(table).getAllByTestId('type-label')).toHaveLength(3));

    await user.click(screen.getByTestId('type-add'));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByTestId('type-sort-input'));
    await user.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('类型名称为必填项')).toBeInTheDocument();
    expect(await within(dialog).findByText('排序为必填项')).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByTestId('type-label-input'), '进阶');
    await user.type(within(dialog).getByTestId('type-sort-input'), '5');
    await user.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('操作成功！')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      label: '进阶',
      sort: 5,
      show: 0,
      pids: [],
    });

    // A second dialog starts from its own values: a child under "入门", named empty again.
    const basics = within(table).getByText('入门').closest('tr') as HTMLElement;
    await user.click(within(basics).getByTestId('type-add-child'));
    const childDialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(childDialog).getByTestId('type-parent-input')).toHaveTextContent('入门'),
    );
    expect(within(childDialog).getByTestId('type-label-input')).toHaveValue('');
    await user.click(within(childDialog).getByRole('button', { name: '取 消' }));

    // The hidden type "风控" is switched on at once, with its whole record.
    const risk = within(table).getByText('风控').closest('tr') as HTMLElement;
    await user.click(within(risk).getByTestId('type-show'));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({
        id: 3,
        label: '风控',
        sort: 2,
        show: 1,
        pids: [],
      }),
    );

    const sort = within(risk).getByTestId('type-sort');
    await user.clear(sort);
    await user.type(sort, '9{Enter}');
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toMatchObject({
        id: 3,
        sort: 9,
      }),
    );
  });

  it('shows why a type cannot be deleted', async () => {
    stubApi({
      ...accountHandlers(ADMIN_INFO),
      'GET /api/ArticleClassification/List': () => CATEGORY_TREE,
      'POST /api/ArticleClassification/Delete': () =>
        problem(400, '该类型下还有子类型或文章，不能删除', { id: ['该类型下还有子类型或文章，不能删除'] }),
    });
    const user = setupUser();
    renderApp('/admin/content/teach/type', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('type-table');
    const basics = (await within(table).findByText('入门')).closest('tr') as HTMLElement;
    await user.click(within(basics).getByTestId('type-delete'));
    fireEvent.click(await screen.findByRole('button', { name: '确 定' }));
    expect(await screen.findByText('操作失败！ 该类型下还有子类型或文章，不能删除')).toBeInTheDocument();
  });
});
