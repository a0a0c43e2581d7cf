import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { eventually } from '../../test/hub-client.ts';
import { signIn } from '../../test/sign-in.ts';

type Headers = { authorization: string; 'accept-language'?: string };

function multipart(name: string, type: string, data: Buffer) {
  const boundary = '----article-test';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.each(TEST_DIALECTS)('teaching content on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let author: Headers;
  let otherMember: Headers;
  let nonMember: Headers;
  let png: Buffer;
  const db = () => t.testDb.database.db;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers?: Headers,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      ...(headers ? { headers } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  let root: number;
  let child: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const users = await Promise.all([
      createUser(db(), { roles: ['Admin'] }),
      createUser(db(), { roles: ['StandardUser'], memberDays: 30 }),
      createUser(db(), { roles: ['PremiumUser'], memberDays: 30 }),
      createUser(db()),
    ]);
    const headers = await Promise.all(
      users.map(async (u) => (await signIn(t.app, u.email, u.password)).auth),
    );
    [admin, author, otherMember, nonMember] = headers as [Headers, Headers, Headers, Headers];
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff9900' } })
      .png()
      .toBuffer();
    root = (
      await call('POST', '/api/ArticleClassification/Edit', admin, { label: '入门', sort: 2, show: 1 })
    ).json().id;
    child = (
      await call('POST', '/api/ArticleClassification/Edit', admin, {
        label: 'K线',
        sort: 1,
        show: 1,
        pids: [root],
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const article = (extra: Record<string, unknown> = {}) => ({
    headLine: '均线入门',
    description: '均线的基本用法',
    classification: child,
    text: '<h2>均线</h2><p onclick="steal()">正文<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    picture: '/uploads/images/0123456789abcdef0123456789abcdef.webp',
    ...extra,
  });

  describe('categories', () => {
    it('builds a tree ordered by sort, with paths, and hides hidden types from the public', async () => {
      const hidden = (
        await call('POST', '/api/ArticleClassification/Edit', admin, { label: '内部', sort: 0, show: 0 })
      ).json().id;
      const publicTree = (await call('GET', '/api/ArticleClassification/List')).json();
      expect(publicTree.find((n: { id: number }) => n.id === hidden)).toBeUndefined();
      const node = publicTree.find((n: { id: number }) => n.id === root);
      expect(node).toMatchObject({
        label: '入门',
        show: 1,
        sort: 2,
        pids: [],
        children: [{ id: child, label: 'K线', pids: [root] }],
      });
      const adminTree = (await call('GET', '/api/ArticleClassification/List', admin)).json();
      expect(adminTree[0]).toMatchObject({ id: hidden, show: 0 });
    });

    it('answers the spec messages for missing name and sort', async () => {
      const res = await call('POST', '/api/ArticleClassification/Edit', admin, { label: '', sort: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ label: ['类型名称为必填项'], sort: ['排序为必填项'] });
    });

    it('refuses a missing parent and a cycle, and moves descendants with their parent', async () => {
      expect(
        (
          await call('POST', '/api/ArticleClassification/Edit', admin, { label: 'x', sort: 1, pids: [99999] })
        ).json().errors.pids,
      ).toEqual(['上级类型不存在']);
      const grand = (
        await call('POST', '/api/ArticleClassification/Edit', admin, {
          label: '形态',
          sort: 1,
          show: 1,
          pids: [root, child],
        })
      ).json().id;
      const cycle = await call('POST', '/api/ArticleClassification/Edit', admin, {
        id: root,
        label: '入门',
        sort: 2,
        show: 1,
        pids: [root, child],
      });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().errors.pids).toEqual(['不能把类型移到它自己或它的下级之下']);
      // Move child to the top: its own child follows.
      const other = (
        await call('POST', '/api/ArticleClassification/Edit', admin, { label: '进阶', sort: 3, show: 1 })
      ).json().id;
      await call('POST', '/api/ArticleClassification/Edit', admin, {
        id: child,
        label: 'K线',
        sort: 1,
        show: 1,
        pids: [other],
      });
      const tree = (await call('GET', '/api/ArticleClassification/List', admin)).json();
      const moved = tree.find((n: { id: number }) => n.id === other).children[0];
      expect(moved).toMatchObject({
        id: child,
        pids: [other],
        children: [{ id: grand, pids: [other, child] }],
      });
      await call('POST', '/api/ArticleClassification/Edit', admin, {
        id: child,
        label: 'K线',
        sort: 1,
        show: 1,
        pids: [root],
      });
    });

    it('refuses to delete a type with sub-types or articles', async () => {
      const res = await call('POST', `/api/ArticleClassification/Delete?id=${root}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.id).toEqual(['该类型下还有子类型或文章，不能删除']);
      const leaf = (
        await call('POST', '/api/ArticleClassification/Edit', admin, { label: '临时', sort: 9 })
      ).json().id;
      expect((await call('POST', `/api/ArticleClassification/Delete?id=${leaf}`, admin)).json()).toEqual({
        ok: true,
      });
    });
  });

  describe('the review workflow', () => {
    it('refuses missing fields with the spec messages and a description over 500', async () => {
      const res = await call('POST', '/Articles/AddArticle', author, {
        headLine: ' ',
        description: '',
        text: '<p>x</p>',
        picture: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        headLine: ['教学标题为必填项'],
        description: ['教学描述为必填项'],
        picture: ['请上传'],
        classification: ['请选择类型'],
      });
      const long = await call(
        'POST',
        '/Articles/AddArticle',
        author,
        article({ description: 'x'.repeat(501) }),
      );
      expect(long.json().errors.description).toEqual(['描述不能超过500个字符']);
      for (const picture of [
        'javascript:alert(1)',
        'http://tracker.example/x.png',
        '/uploads/../api/Management/GetUsers',
        '/uploads/images/../../api/x.webp',
        '/api/x',
        'data:image/png;base64,AA',
      ]) {
        const bad = await call('POST', '/Articles/AddArticle', author, article({ picture }));
        expect(bad.statusCode, picture).toBe(400);
        expect(bad.json().errors.picture).toEqual(['封面必须是上传的图片或 https 地址']);
      }
      expect((await call('POST', '/Articles/AddArticle', nonMember, article())).statusCode).toBe(403);
    });

    it('publishes as pending, rejects with a review, returns edits to pending, approves, then shows it to everyone', async () => {
      const id = (await call('POST', '/Articles/AddArticle', author, article())).json().id;
      const stored = (await call('GET', `/Articles/GetArticle/${id}`, author)).json();
      expect(stored.status).toBe(1);
      // Sanitized on save: no script, no handler, no javascript: link.
      expect(stored.text).toBe(
        '<h2>均线</h2><p>正文</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
      expect((await call('GET', `/Articles/GetArticle/${id}`)).statusCode).toBe(404);
      expect((await call('GET', `/Articles/GetArticle/${id}`, otherMember)).statusCode).toBe(404);
      expect(
        (await call('GET', '/Articles/FindPage')).json().records.map((r: { id: number }) => r.id),
      ).not.toContain(id);

      // Review rules.
      expect(
        (await call('PUT', `/Articles/ApprovalArticle?id=${id}&contentApproval=ok&status=3`, otherMember))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', `/Articles/ApprovalArticle?id=${id}&contentApproval=%20&status=4`, admin)).json()
          .errors.contentApproval,
      ).toEqual(['内容审核为必填项']);
      expect(
        (await call('PUT', `/Articles/ApprovalArticle?id=${id}&contentApproval=ok&status=2`, admin)).json()
          .errors.status,
      ).toEqual(['审核结果只能是通过或不通过']);
      expect(
        (await call('PUT', `/Articles/ApprovalArticle?id=${id}&contentApproval=请补充图片&status=4`, admin))
          .statusCode,
      ).toBe(200);
      const again = await call(
        'PUT',
        `/Articles/ApprovalArticle?id=${id}&contentApproval=ok&status=3`,
        admin,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().errors.status).toEqual(['该文章已审核，不能再次审核']);

      const mine = (await call('GET', '/Articles/FindPage?mine=true', author))
        .json()
        .records.find((r: { id: number }) => r.id === id);
      expect(mine).toMatchObject({ status: 4, contentApproval: '请补充图片' });
      // Another member may not edit it; the author may, which sends it back for review.
      expect(
        (await call('PUT', '/Articles/UpdateArticle', otherMember, { ...article(), id })).statusCode,
      ).toBe(404);
      expect(
        (
          await call('PUT', '/Articles/UpdateArticle', author, {
            ...article({ headLine: '均线入门（修订）' }),
            id,
          })
        ).statusCode,
      ).toBe(200);
      expect((await call('GET', `/Articles/GetArticle/${id}`, author)).json().status).toBe(1);
      expect(
        (await call('PUT', `/Articles/ApprovalArticle?id=${id}&contentApproval=通过&status=3`, admin))
          .statusCode,
      ).toBe(200);

      const page = (
        await call('GET', `/Articles/FindPage?classification=${root}&pageSize=10&current=1`)
      ).json();
      expect(page.records.map((r: { id: number }) => r.id)).toContain(id);
      expect(page.records[0]).not.toHaveProperty('text');
      expect((await call('GET', `/Articles/GetArticle/${id}`)).json()).toMatchObject({
        headLine: '均线入门（修订）',
        classLabel: 'K线',
        classPath: [root, child],
      });
      expect((await call('GET', '/Articles/AuthorList')).json().length).toBeGreaterThan(0);

      // Editing an approved article sends it back to review too.
      await call('PUT', '/Articles/UpdateArticle', author, { ...article(), id });
      expect((await call('GET', `/Articles/GetArticle/${id}`)).statusCode).toBe(404);
    });

    it('searches by title and lets the author or an admin delete', async () => {
      const id = (
        await call('POST', '/Articles/AddArticle', author, article({ headLine: '独一无二的标题' }))
      ).json().id;
      const found = (
        await call('GET', `/Articles/FindPage?headLine=${encodeURIComponent('独一无二')}`, admin)
      ).json();
      expect(found.records.map((r: { id: number }) => r.id)).toEqual([id]);
      expect((await call('DELETE', `/Articles/DeleteArticle/${id}`, otherMember)).statusCode).toBe(404);
      expect((await call('DELETE', `/Articles/DeleteArticle/${id}`, author)).json()).toEqual({ ok: true });
    });
  });

  describe('the published list kept between calls', () => {
    type Page = {
      records: { id: number; headLine: string; liked: boolean; likeTotal: number }[];
      total: number;
    };
    const list = async (headers: Headers | undefined, query = 'pageSize=10&current=1') => {
      const res = await call('GET', `/Articles/FindPage?${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json() as Page;
    };
    const published = async (headLine: string) => {
      const id = (await call('POST', '/Articles/AddArticle', author, article({ headLine }))).json()
        .id as number;
      await call('PUT', `/Articles/ApprovalArticle?id=${id}&contentApproval=ok&status=3`, admin);
      return id;
    };

    it('answers the same text twice, and each caller with their own likes', async () => {
      const id = await published('缓存的列表');
      const first = await call('GET', '/Articles/FindPage?pageSize=10&current=1', otherMember);
      const again = await call('GET', '/Articles/FindPage?pageSize=10&current=1', otherMember);
      expect(again.body).toBe(first.body);
      expect((await call('POST', `/Articles/Like/${id}`, otherMember)).json()).toMatchObject({
        active: true,
      });
      // The like went through this process: the member's next list shows it, and the others' lists do not.
      const mine = (await list(otherMember)).records.find((r) => r.id === id);
      expect(mine).toMatchObject({ liked: true, likeTotal: 1 });
      expect((await list(author)).records.find((r) => r.id === id)).toMatchObject({
        liked: false,
        likeTotal: 1,
      });
      expect((await list(undefined)).records.find((r) => r.id === id)).toMatchObject({ liked: false });
    });

    it('shows a newly approved article and a deleted one at once', async () => {
      await list(nonMember);
      const id = await published('刚刚通过');
      expect((await list(nonMember)).records[0]).toMatchObject({ id, headLine: '刚刚通过' });
      await call('DELETE', `/Articles/DeleteArticle/${id}`, admin);
      expect((await list(nonMember)).records.map((r) => r.id)).not.toContain(id);
    });

    it('shows a change made around this process (another process, the database) within seconds', async () => {
      const id = await published('他处修改之前');
      expect((await list(nonMember)).records[0]?.headLine).toBe('他处修改之前');
      await db().updateTable('articles').set({ head_line: '他处修改之后' }).where('id', '=', id).execute();
      const changed = await eventually(async () => {
        const first = (await list(nonMember)).records[0];
        return first?.headLine === '他处修改之后' ? first : undefined;
      }, 10_000);
      expect(changed.id).toBe(id);
    });

    it('keeps nothing of the lists that show more than the published ones', async () => {
      await list(admin, 'pageSize=10&current=1&status=1');
      const pending = (
        await call('POST', '/Articles/AddArticle', author, article({ headLine: '管理员立刻看到' }))
      ).json().id;
      await db()
        .updateTable('articles')
        .set({ head_line: '直接改的标题' })
        .where('id', '=', pending)
        .execute();
      expect((await list(admin, 'pageSize=10&current=1&status=1')).records[0]).toMatchObject({
        id: pending,
        headLine: '直接改的标题',
      });
      expect((await list(author, 'pageSize=10&current=1&mine=true')).records[0]?.headLine).toBe(
        '直接改的标题',
      );
    });
  });

  describe('counters', () => {
    let id: number;
    beforeAll(async () => {
      id = (await call('POST', '/Articles/AddArticle', author, article({ headLine: '计数' }))).json().id;
      await call('PUT', `/Articles/ApprovalArticle?id=${id}&contentApproval=ok&status=3`, admin);
    });

    it('does not count looks at an article under review', async () => {
      const pending = (
        await call('POST', '/Articles/AddArticle', author, article({ headLine: '待审' }))
      ).json().id;
      await call('GET', `/Articles/GetArticle/${pending}`, admin);
      await call('PUT', `/Articles/ApprovalArticle?id=${pending}&contentApproval=ok&status=3`, admin);
      expect((await call('GET', `/Articles/GetArticle/${pending}`, author)).json().viewTotal).toBe(0);
    });

    it('counts a view once per viewer per day, and not the author', async () => {
      await call('GET', `/Articles/GetArticle/${id}`, author);
      await call('GET', `/Articles/GetArticle/${id}`, otherMember);
      await call('GET', `/Articles/GetArticle/${id}`, otherMember);
      const res = await call('GET', `/Articles/GetArticle/${id}`, admin);
      expect(res.json().viewTotal).toBe(2);
    });

    it('keeps like totals exact under concurrent toggles', async () => {
      const fans = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const u = await createUser(db(), { roles: ['StandardUser'], memberDays: 5 });
          return (await signIn(t.app, u.email, u.password)).auth;
        }),
      );
      await Promise.all(fans.map((h) => call('POST', `/Articles/Like/${id}`, h)));
      // Half take it back while the other half collect, all at once.
      await Promise.all(
        fans.map((h, i) => call('POST', i % 2 ? `/Articles/Like/${id}` : `/Articles/Collect/${id}`, h)),
      );
      const row = await db()
        .selectFrom('articles')
        .select(['like_total', 'collect_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const likes = await db()
        .selectFrom('article_likes')
        .select('user_id')
        .where('article_id', '=', id)
        .execute();
      expect(row.like_total).toBe(likes.length);
      expect(row.like_total).toBe(4);
      expect(row.collect_count).toBe(4);
      expect((await call('GET', `/Articles/GetArticle/${id}`, fans[0])).json()).toMatchObject({
        liked: true,
        collected: true,
      });
      expect((await call('POST', `/Articles/Like/${id}`, nonMember)).statusCode).toBe(403);
    });

    it('keeps the comment total exact; members delete their own, admins any', async () => {
      const c1 = (
        await call('POST', '/Articles/Comment', otherMember, { articleId: id, content: '写得好' })
      ).json().id;
      const c2 = (await call('POST', '/Articles/Comment', author, { articleId: id, content: '谢谢' })).json()
        .id;
      expect(
        (await call('POST', '/Articles/Comment', otherMember, { articleId: id, content: ' ' })).json().errors
          .content,
      ).toEqual(['请输入评论内容']);
      expect(
        (await call('POST', '/Articles/Comment', nonMember, { articleId: id, content: 'hi' })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/Articles/Comment/${c1}`, author)).statusCode).toBe(403);
      const list = (await call('GET', `/Articles/Comments/${id}`, author)).json();
      expect(list.map((c: { id: number; deletable: boolean }) => [c.id, c.deletable])).toEqual([
        [c2, true],
        [c1, false],
      ]);
      expect((await call('DELETE', `/Articles/Comment/${c1}`, admin)).statusCode).toBe(200);
      expect((await call('GET', `/Articles/GetArticle/${id}`)).json().commentTotal).toBe(1);
    });
  });

  describe('uploads', () => {
    const upload = (name: string, type: string, data: Buffer, headers: Headers = author) => {
      const body = multipart(name, type, data);
      return t.app.inject({
        method: 'POST',
        url: '/api/FileSave/Upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };

    it('stores a real image re-encoded under a random name and serves it safely', async () => {
      const res = await upload('封面.png', 'image/png', png);
      expect(res.statusCode).toBe(200);
      const [file] = res.json();
      expect(file).toMatchObject({ name: '封面.png', width: 40, height: 30 });
      expect(file.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
      const served = await t.app.inject({ url: file.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    });

    it.each([
      ['a text file renamed .png', 'x.png', 'image/png', Buffer.from('just text, not an image')],
      [
        'an SVG with script',
        'x.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ['an empty file', 'x.png', 'image/png', Buffer.alloc(0)],
    ])('refuses %s with 400 and stores nothing', async (_name, filename, type, data) => {
      const res = await upload(filename, type, data);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.file).toHaveLength(1);
    });

    it("explains a refused upload in the reader's language", async () => {
      const text = Buffer.from('just text, not an image');
      const zh = await upload('x.png', 'image/png', text);
      expect(zh.json().errors.file).toEqual(['只能上传 JPEG、PNG、WebP 或 GIF 图片']);
      const en = await upload('x.png', 'image/png', text, { ...author, 'accept-language': 'en' });
      expect(en.json().detail).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    });

    it('refuses an oversized file with 413, and non-members with 403', async () => {
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
      expect((await upload('big.png', 'image/png', big)).statusCode).toBe(413);
      expect((await upload('a.png', 'image/png', png, nonMember)).statusCode).toBe(403);
    });
  });
});
