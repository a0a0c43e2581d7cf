import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { accountHandlers, NON_MEMBER_INFO, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { summaryOf } from '../../testing/teaching-fixtures.ts';

describe('my articles', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it("lists the person's own articles with their status and the reviewer's text", async () => {
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /Articles/FindPage': () => ({
        records: [
          summaryOf({ id: 1, status: 4, contentApproval: '请补充数据来源' }),
          summaryOf({ id: 2, status: 1, headLine: '仓位管理' }),
        ],
        total: 2,
      }),
    });
    renderApp('/personal/article', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('my-articles-table');
    await waitFor(() => expect(within(table).getAllByTestId('article-status')).toHaveLength(2));
    expect(
      within(table)
        .getAllByTestId('article-status')
        .map((tag) => tag.textContent),
    ).toEqual(['未通过', '待审核']);
    expect(
      within(table)
        .getAllByTestId('my-article-review')
        .map((cell) => cell.textContent),
    ).toEqual(['请补充数据来源', '等待审核']);
    const findPage = api.fetch.mock.calls
      .map((call) => String(call[0]))
      .find((url) => url.includes('FindPage'))!;
    expect(new URL(findPage, 'http://x').searchParams.get('mine')).toBe('true');
    expect(screen.getByTestId('my-article-publish')).toHaveAttribute('href', '/personal/article/add');
    expect(within(table).getAllByTestId('my-article-edit')[0]).toBeEnabled();
  });

  it('tells a non-member that publishing is for members', async () => {
    stubApi({
      ...accountHandlers(NON_MEMBER_INFO),
      'GET /Articles/FindPage': () => ({ records: [], total: 0 }),
    });
    renderApp('/personal/article/add', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('publish-not-member')).toHaveTextContent(
      '发布和修改文章仅对会员开放，请联系客服开通会员。',
    );
    expect(screen.queryByTestId('article-form')).not.toBeInTheDocument();
  });
});
