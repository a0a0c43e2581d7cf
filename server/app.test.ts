import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { TEST_DIALECTS, tempDir } from './test/databases.ts';

describe.each(TEST_DIALECTS)('the app on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = tempDir('portal-web-');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>portal</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    mkdirSync(path.join(webRoot, 'media'));
    writeFileSync(path.join(webRoot, 'media', 'reminder.mp3'), Buffer.from([0xff, 0xfb, 0x90, 0x00]));
    t = await buildTestApp(dialect, { webRoot });
    // A validated route added from outside shows how every route reports bad input.
    t.app.post(
      '/api/test/echo',
      { schema: { body: z.object({ email: z.email('must be an e-mail address'), age: z.number().int() }) } },
      async (request) => request.body,
    );
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
  });

  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers Health with the state of the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Management/Health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: expect.any(String),
      database: { dialect, status: 'up' },
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers unknown API paths with a JSON problem, not the web app', async () => {
    for (const url of ['/api/nothing-here', '/Auth/Nope', '/Articles/Nope', '/assets/missing-123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found', errors: {}, instance: url });
    }
  });

  it('serves the web app for every page path (SPA fallback), revalidated each time', async () => {
    // /media and /monitoring are pages too, though /media/ holds files (the reminder sound).
    for (const url of [
      '/',
      '/admin/account/list',
      '/teach',
      '/personal/info',
      '/media',
      '/media?tag=ETF',
      '/monitoring',
      '/some/unknown/page?x=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const media = await t.app.inject({ method: 'GET', url: '/media/reminder.mp3' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('audio/mpeg');
    expect(media.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends a strict Content-Security-Policy and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/teach' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-request-id': 'proxy-id-12345' },
    });
    expect(echoed.headers['x-request-id']).toBe('proxy-id-12345');
    const unsafe = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'bad id\n' } });
    // Refused: a fresh id of the app's own instead (a random UUID may itself hold the letters "bad").
    expect(unsafe.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('sends data responses the short API policy: nothing loads, runs or frames', async () => {
    for (const url of ['/api/Management/Health', '/Auth/Captcha', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Pages keep the page policy, including paths that only start like an API prefix.
    for (const url of ['/teach', '/apis', '/Articlesx']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('reports invalid input as 400 problem details with an errors map by field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'nope', age: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body).toMatchObject({ status: 400, title: 'Bad Request', instance: '/api/test/echo' });
    expect(body.errors.email).toEqual(['must be an e-mail address']);
    expect(body.errors.age).toHaveLength(1);
  });

  it('answers malformed JSON and oversized bodies with 4xx problems', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, errors: {} });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', age: 1, pad: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 413, title: 'Payload Too Large' });
  });

  it('hides internal errors behind a 500 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      status: 500,
      detail: 'Something went wrong on our side.',
      errors: {},
    });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('exposes Prometheus metrics to the machine itself and refuses others', async () => {
    await t.app.inject({ method: 'GET', url: '/api/Management/Health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/Management\/Health",status_code="200"\} \d+/,
    );
    expect(res.body).toContain('process_resident_memory_bytes');
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
  });

  it('answers Health 503 while the database is unreachable', async () => {
    await t.testDb.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/Management/Health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      database: { dialect, status: 'down' },
      errors: { database: [expect.any(String)] },
    });
  });
});

describe('metrics behind a token', () => {
  it('lets a remote scraper in only with the right bearer token', async () => {
    const t = await buildTestApp('sqlite', { env: { METRICS_TOKEN: 'scrape-token-123' } });
    try {
      const ok = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer scrape-token-123' },
      });
      expect(ok.statusCode).toBe(200);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer scrape-token-124' },
      });
      expect(wrong.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
