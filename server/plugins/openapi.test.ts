import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase, tempDir } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { signIn, TEST_CAPTCHA } from '../test/sign-in.ts';
import { TEST_APP_SECRET } from '../test/two-factor.ts';

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Schema }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: Array<Record<string, string[]>>;
  'x-access': string;
  'x-unrepresentable'?: string[];
};
type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const matrix = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'policies', 'route-matrix.json'), 'utf8'),
) as { routes: Array<{ method: string; route: string; expect: Record<string, number> }> };

/** Fastify's `/Articles/GetArticle/:id` and `/uploads/*` as OpenAPI paths. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{*}');

const isSchema = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length > 0;

/** A bearer token is required: every alternative of the operation's security names a scheme. */
const needsToken = (operation: Operation) =>
  (operation.security ?? []).length > 0 &&
  (operation.security ?? []).every((requirement) => Object.keys(requirement).length > 0);

function webRootWithApp() {
  const webRoot = tempDir('portal-web-');
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  return webRoot;
}

describe.each(TEST_DIALECTS)('the OpenAPI document on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  let doc: OpenApi;

  beforeAll(async () => {
    webRoot = webRootWithApp();
    t = await buildTestApp(dialect, { webRoot });
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json();
  });

  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('is OpenAPI 3.1 named and versioned as package.json', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: pkg.name, version: pkg.version });
  });

  it('describes every registered route with its method, and nothing else', () => {
    const registered = t.app.routeTable.map((r) => `${r.method} ${pathOf(r.url)}`).sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([route, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${route}`))
      .sort();
    expect(documented).toEqual(registered);
    expect(documented).toContain('GET /api/docs');
    expect(documented.length).toBeGreaterThan(60);
  });

  it('carries the request and response schemas of every route that declares them', () => {
    let checked = 0;
    for (const route of t.app.routeTable) {
      const where = `${route.method} ${route.url}`;
      const operation = doc.paths[pathOf(route.url)]?.[route.method.toLowerCase()];
      if (!operation) throw new Error(`${where} is not in the document`);
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      if (schema.body) {
        expect(isSchema(operation.requestBody?.content['application/json']?.schema), `${where} body`).toBe(
          true,
        );
        checked++;
      }
      for (const [part, location] of [
        ['querystring', 'query'],
        ['params', 'path'],
        ['headers', 'header'],
      ] as const) {
        const declared = schema[part];
        if (!declared) continue;
        const documented = (operation.parameters ?? []).filter((p) => p.in === location);
        const names = declared instanceof z.ZodObject ? Object.keys(declared.shape) : [location];
        expect(documented.map((p) => p.name).sort(), `${where} ${part}`).toEqual(names.sort());
        for (const parameter of documented) {
          expect(isSchema(parameter.schema), `${where} ${part} ${parameter.name}`).toBe(true);
          if (location === 'path') expect(parameter.required, `${where} ${parameter.name}`).toBe(true);
        }
        checked++;
      }
      for (const status of Object.keys((schema.response ?? {}) as object)) {
        const code = status === 'default' ? 'default' : status.toUpperCase();
        const content = operation.responses[code]?.content?.['application/json'];
        expect(isSchema(content?.schema), `${where} response ${status}`).toBe(true);
        checked++;
      }
    }
    // Most routes declare a body or query and a response: the loop above really looked at them.
    expect(checked).toBeGreaterThan(100);
  });

  it('converts every declared schema fully (nothing left as "any" because zod could not express it)', () => {
    const loose = Object.entries(doc.paths).flatMap(([route, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        (operation['x-unrepresentable'] ?? []).map((part) => `${method.toUpperCase()} ${route}: ${part}`),
      ),
    );
    expect(loose).toEqual([]);
  });

  it('converts the schemas as the routes validate them', () => {
    const login = doc.paths['/Auth/PostLogin']?.post;
    const body = login?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, Schema>;
      required: string[];
    };
    expect(login?.requestBody?.required).toBe(true);
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['email', 'password', 'captcha', 'captchaId', 'rememberMe']),
    );
    // rememberMe has a default: the client may leave it out.
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password', 'captcha', 'captchaId']));
    expect(body.required).not.toContain('rememberMe');

    const article = doc.paths['/Articles/GetArticle/{id}']?.get;
    expect(article?.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'integer' }),
      }),
    ]);
    expect(article?.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
  });

  it('resolves every $ref inside the document (recursive schemas live in components)', () => {
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, child] of Object.entries(value)) {
          if (key === '$ref' && typeof child === 'string') refs.push(child);
          else walk(child);
        }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(isSchema(target), ref).toBe(true);
    }
    const tree = doc.paths['/api/ArticleClassification/List']?.get?.responses['200']?.content?.[
      'application/json'
    ]?.schema as { items: { $ref: string } };
    expect(tree.items.$ref).toMatch(/^#\/components\/schemas\//);
  });

  it('asks for a bearer token exactly where the route matrix refuses anonymous callers with 401', () => {
    for (const row of matrix.routes) {
      const where = `${row.method} ${row.route}`;
      const operation = doc.paths[pathOf(row.route)]?.[row.method.toLowerCase()];
      if (!operation) throw new Error(`${where} is not in the document`);
      expect(needsToken(operation), where).toBe(row.expect.anonymous === 401);
      // Who the document says may call it agrees with the statuses the matrix expects.
      if (operation['x-access'] === 'admin')
        for (const principal of [
          'nonMember',
          'expiredMember',
          'standardUser',
          'premiumUser',
          'customTagMember',
        ])
          expect(row.expect[principal], `${where} ${principal}`).toBe(403);
      if (operation['x-access'] === 'member')
        for (const principal of ['nonMember', 'expiredMember'])
          expect(row.expect[principal], `${where} ${principal}`).toBe(403);
      if (operation['x-access'] === 'optional') expect(row.expect.anonymous, where).not.toBe(401);
    }
  });

  it('is open outside production, as JSON or as a plain page without scripts', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers.vary).toContain('Accept');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(page.body).toContain('/Articles/GetArticle/{id}');
    expect(page.body).not.toContain('<script');

    const json = await t.app.inject({
      method: 'GET',
      url: '/api/docs?format=json',
      headers: { accept: 'text/html' },
    });
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.json().openapi).toBe(doc.openapi);

    const bad = await t.app.inject({ method: 'GET', url: '/api/docs?format=yaml' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });
});

describe.each(TEST_DIALECTS)('the OpenAPI document in production on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const headers: Record<'nonMember' | 'member' | 'admin', Record<string, string>> = {
    nonMember: {},
    member: {},
    admin: {},
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    // NODE_ENV=production refuses CAPTCHA_TEST_CODE at loadConfig, and these callers must sign in through
    // the captcha: the configuration is read as for a test, then switched to production, the one thing
    // the document's access rule looks at.
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: testDb.dataDir,
        LOG_LEVEL: 'silent',
        CAPTCHA_TEST_CODE: TEST_CAPTCHA,
        APP_SECRET: TEST_APP_SECRET,
      }),
      nodeEnv: 'production' as const,
    };
    app = await buildApp({
      config,
      database: testDb.database,
      logger: false,
      authRateLimitPerMinute: 10_000,
    });
    const db = testDb.database.db;
    const people: Array<[keyof typeof headers, Parameters<typeof createUser>[1]]> = [
      ['nonMember', {}],
      ['member', { roles: ['PremiumUser'], memberDays: 30 }],
      ['admin', { roles: ['Admin'] }],
    ];
    for (const [who, options] of people) {
      const user = await createUser(db, options);
      headers[who] = (await signIn(app, user.email, user.password)).auth;
    }
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  /** What an admin-only route answers the same caller, for comparison. */
  async function compare(callerHeaders: Record<string, string>, status: number) {
    const docs = await app.inject({ method: 'GET', url: '/api/docs', headers: callerHeaders });
    const other = await app.inject({
      method: 'GET',
      url: '/api/Management/GetRoles',
      headers: callerHeaders,
    });
    expect(docs.statusCode).toBe(status);
    expect(other.statusCode).toBe(status);
    expect(docs.headers['content-type']).toContain('application/problem+json');
    const { instance: _a, requestId: _b, ...problem } = docs.json();
    const { instance: _c, requestId: _d, ...otherProblem } = other.json();
    expect(problem).toEqual(otherProblem);
    expect(docs.headers['www-authenticate']).toBe(other.headers['www-authenticate']);
  }

  it('answers 401 without a token, or with a bad one, as the other admin routes do', async () => {
    await compare({}, 401);
    await compare({ authorization: 'Bearer not-a-token' }, 401);
  });

  it('answers 403 to signed-in people who are not administrators, members included', async () => {
    await compare(headers.nonMember, 403);
    await compare(headers.member, 403);
  });

  it('gives administrators the document, which says so of itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs', headers: headers.admin });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    const self = doc.paths['/api/docs']?.get;
    expect(self?.['x-access']).toBe('admin');
    expect(self && needsToken(self)).toBe(true);
    expect(Object.keys(self?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
  });
});
