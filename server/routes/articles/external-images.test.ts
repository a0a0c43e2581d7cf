import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { copyStoredExternalImages, ExternalImages } from '../../services/external-images.ts';
import { ImageQueue } from '../../storage/image-queue.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTraderKey, createUser } from '../../test/factories.ts';
import { IMAGE_SERVER_CA_FILE, IMAGE_SERVER_ENV, ImageServer } from '../../test/image-server.ts';
import { signIn } from '../../test/sign-in.ts';

type Headers = { authorization: string; 'accept-language'?: string };
const OURS = /^\/uploads\/images\/[0-9a-f]{32}\.webp$/;

// Images that an article, a cover or a strategy takes from other sites are copied into the portal's
// uploads when saved, through the same checks as an upload, and never fetched from private addresses.
describe('images from other sites', () => {
  let t: TestApp;
  let images: ImageServer;
  let author: Headers;
  let admin: Headers;
  let category: number;
  const db = () => t.testDb.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const article = (text: string, picture = '/uploads/images/0123456789abcdef0123456789abcdef.webp') => ({
    headLine: 'Moving averages',
    description: 'How to read them',
    classification: category,
    text,
    picture,
  });
  const stored = async (id: number) =>
    db().selectFrom('articles').select(['text', 'picture']).where('id', '=', id).executeTakeFirstOrThrow();
  const onDisk = (url: string) => path.join(t.testDb.dataDir, url);

  beforeAll(async () => {
    images = new ImageServer();
    await images.listen();
    t = await buildTestApp('sqlite', { env: IMAGE_SERVER_ENV });
    const [a, b] = await Promise.all([
      createUser(db(), { roles: ['StandardUser'], memberDays: 30 }),
      createUser(db(), { roles: ['Admin'] }),
    ]);
    author = (await signIn(t.app, a.email, a.password)).auth;
    admin = { ...(await signIn(t.app, b.email, b.password)).auth, 'accept-language': 'en' };
    category = (
      await call('POST', '/api/ArticleClassification/Edit', admin, { label: 'Basics', sort: 1, show: 1 })
    ).json().id;
  });
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  it('copies body images and an https cover into the uploads, re-encoded, and keeps nothing pointing away', async () => {
    const photo = images.url('/photo.png');
    const res = await call(
      'POST',
      '/Articles/AddArticle',
      author,
      article(
        `<p>Chart</p><img src="${photo}" alt="chart"><p>Again</p><img src="${photo}"><img src="${images.url('/photo-2.png')}">`,
        images.url('/photo-cover.png'),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(res.json().id);
    expect(row.text).not.toContain('https://');
    const sources = [...row.text.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toHaveLength(3);
    for (const src of sources) expect(src).toMatch(OURS);
    // The same address is fetched and stored once.
    expect(sources[0]).toBe(sources[1]);
    expect(sources[2]).not.toBe(sources[0]);
    expect(row.text).toContain('alt="chart"');
    expect(row.picture).toMatch(OURS);
    const meta = await sharp(onDisk(row.picture)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(existsSync(onDisk(sources[0]!))).toBe(true);
    expect(images.requests.filter((r) => r === '/photo.png')).toHaveLength(1);
  });

  it('copies images on update too, and leaves our own images as they are', async () => {
    const created = await call('POST', '/Articles/AddArticle', author, article('<p>First</p>'));
    const id = created.json().id;
    const own = '/uploads/images/fedcba9876543210fedcba9876543210.webp';
    const res = await call('PUT', '/Articles/UpdateArticle', author, {
      id,
      ...article(`<img src="${own}"><img src="${images.url('/photo-update.png')}">`),
    });
    expect(res.statusCode, res.body).toBe(200);
    const sources = [...(await stored(id)).text.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources[0]).toBe(own);
    expect(sources[1]).toMatch(OURS);
    expect(sources[1]).not.toBe(own);
  });

  it('refuses the save, naming the field, when an image cannot be copied', async () => {
    const cases: Array<[string, string, string]> = [
      ['text', `<img src="${images.url('/missing.png')}">`, 'An image in it could not be fetched'],
      ['text', `<img src="${images.url('/page.html')}">`, 'is not a JPEG, PNG, WebP or GIF'],
      ['text', `<img src="${images.url('/huge.png')}">`, 'is not a JPEG, PNG, WebP or GIF'],
      ['text', `<img src="${images.url('/endless.png')}">`, 'is not a JPEG, PNG, WebP or GIF'],
    ];
    for (const [field, text, message] of cases) {
      const before = await db().selectFrom('articles').select(db().fn.countAll().as('n')).executeTakeFirst();
      const res = await call(
        'POST',
        '/Articles/AddArticle',
        { ...author, 'accept-language': 'en' },
        article(text),
      );
      expect(res.statusCode, text).toBe(400);
      expect(res.json().errors[field][0]).toContain(message);
      const after = await db().selectFrom('articles').select(db().fn.countAll().as('n')).executeTakeFirst();
      expect(Number(after?.n)).toBe(Number(before?.n));
    }
    const cover = await call(
      'POST',
      '/Articles/AddArticle',
      { ...author, 'accept-language': 'en' },
      article('<p>x</p>', images.url('/page.html')),
    );
    expect(cover.statusCode).toBe(400);
    expect(Object.keys(cover.json().errors)).toEqual(['picture']);
  });

  it('never fetches from private addresses, whatever the route to them', async () => {
    const refused = [
      'https://10.0.0.1/a.png',
      'https://169.254.169.254/latest/meta-data.png',
      'https://[::ffff:192.168.1.1]/a.png',
      'https://[fd00::1]/a.png',
      // A redirect from a public-looking image to the cloud metadata address or to plain http.
      images.url(`/redirect?to=${encodeURIComponent('https://169.254.169.254/x.png')}`),
      images.url(`/redirect?to=${encodeURIComponent(`http://127.0.0.1:1/x.png`)}`),
    ];
    for (const src of refused) {
      const res = await call(
        'POST',
        '/Articles/AddArticle',
        { ...author, 'accept-language': 'en' },
        article(`<img src="${src}">`),
      );
      expect(res.statusCode, src).toBe(400);
      expect(res.json().errors.text[0], src).toContain('an address the portal does not fetch');
    }
    // A redirect within the allowed addresses is followed.
    const followed = await call(
      'POST',
      '/Articles/AddArticle',
      author,
      article(`<img src="${images.url(`/redirect?to=${encodeURIComponent('/photo-moved.png')}`)}">`),
    );
    expect(followed.statusCode, followed.body).toBe(200);
    expect((await stored(followed.json().id)).text).toMatch(/src="\/uploads\/images\/[0-9a-f]{32}\.webp"/);
  });

  it('refuses the loopback, by address or by name, when it is not allowed (as in production)', async () => {
    const strict = await buildTestApp('sqlite', { env: { IMAGE_FETCH_CA: IMAGE_SERVER_CA_FILE } });
    try {
      const user = await createUser(strict.testDb.database.db, { roles: ['StandardUser'], memberDays: 30 });
      const auth = { ...(await signIn(strict.app, user.email, user.password)).auth, 'accept-language': 'en' };
      const asked = images.requests.length;
      for (const host of ['127.0.0.1', 'localhost'] as const) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/Articles/AddArticle',
          headers: auth,
          payload: { ...article(`<img src="${images.url('/photo.png', host)}">`), classification: 1 },
        });
        expect(res.statusCode, host).toBe(400);
        expect(res.json().errors.text[0]).toContain('an address the portal does not fetch');
      }
      expect(images.requests.length).toBe(asked);
    } finally {
      await strict.close();
    }
  });

  it('refuses more than 20 images from elsewhere in one save', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `<img src="${images.url(`/photo-${i}.png`)}">`).join(
      '',
    );
    const res = await call(
      'POST',
      '/Articles/AddArticle',
      { ...author, 'accept-language': 'en' },
      article(many),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.text[0]).toContain('more than 20 images');
  });

  it('copies the images of a strategy', async () => {
    const key = await createTraderKey(db(), { roleIds: [] });
    const res = await call('POST', '/api/Advisory/AddOrUpdateAdvisory', admin, {
      title: 'Breakout',
      content: `<p>Entry</p><img src="${images.url('/photo-strategy.png')}">`,
      apiKeyArray: [key],
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await db()
      .selectFrom('advisories')
      .select('content')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.content).toMatch(/^<p>Entry<\/p><img src="\/uploads\/images\/[0-9a-f]{32}\.webp" \/>$/);
  });

  it('copies the images of content saved before, and reports what it cannot copy', async () => {
    const now = Date.now();
    const users = await db().selectFrom('users').select('id').execute();
    const insert = (text: string, picture: string) =>
      db()
        .insertInto('articles')
        .values({
          head_line: 'Old',
          description: 'Saved by an older version',
          classification_id: category,
          text,
          picture,
          author_id: users[0]!.id,
          create_time: now,
          update_time: now,
          status: 1,
          content_approval: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await insert(
      `<p>a</p><img src="${images.url('/photo-old.png')}" />`,
      images.url('/photo-oldcover.png'),
    );
    const broken = await insert(`<img src="${images.url('/missing.png')}" />`, '/uploads/images/a.webp');
    const strategy = await db()
      .insertInto('advisories')
      .values({
        title: 'Old',
        advisory_desc: '',
        content: `<img src="${images.url('/photo-oldstrategy.png')}" />`,
        created_by: users[0]!.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const copier = new ExternalImages({
      uploadsDir: path.join(t.testDb.dataDir, 'uploads'),
      imageQueue: new ImageQueue(),
      fetch: t.config.imageFetch,
    });
    const report = await copyStoredExternalImages(db(), copier);
    expect(report.failed).toEqual([
      {
        table: 'articles',
        id: broken.id,
        reason: `externalImageUnavailable (${images.url('/missing.png')})`,
      },
    ]);
    expect(report.updated).toBe(2);
    const row = await stored(old.id);
    expect(row.text).toMatch(/^<p>a<\/p><img src="\/uploads\/images\/[0-9a-f]{32}\.webp" \/>$/);
    expect(row.picture).toMatch(OURS);
    expect((await stored(broken.id)).text).toContain('/missing.png');
    const copied = await db()
      .selectFrom('advisories')
      .select('content')
      .where('id', '=', strategy.id)
      .executeTakeFirstOrThrow();
    expect(copied.content).toMatch(/^<img src="\/uploads\/images\/[0-9a-f]{32}\.webp" \/>$/);
    // A second run finds nothing more to do.
    expect((await copyStoredExternalImages(db(), copier)).updated).toBe(0);
  });

  it('lets pages load images from the portal only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("img-src 'self' data:;");
  });

  it('refuses the test image server settings in production', () => {
    for (const env of [{ IMAGE_FETCH_ALLOW_LOOPBACK: 'true' }, { IMAGE_FETCH_CA: IMAGE_SERVER_CA_FILE }]) {
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          DATA_DIR: t.testDb.dataDir,
          APP_SECRET: 'x'.repeat(32),
          ...env,
        }),
      ).toThrow(/must not be set when NODE_ENV=production/);
    }
  });
});
