import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/precompress.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { tempDir } from '../test/databases.ts';

// The built web app as the build leaves it (compressed copies beside each text file, written by the same
// step the Vite build runs) and as browsers ask for it.

describe('the web app, precompressed', () => {
  let t: TestApp;
  let webRoot: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))};`;
  const page = `<!doctype html><title>portal</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;

  beforeAll(async () => {
    webRoot = tempDir('portal-web-');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), page);
    writeFileSync(path.join(webRoot, 'assets', 'page-abc123.js'), script);
    writeFileSync(path.join(webRoot, 'assets', 'tiny-abc123.js'), 'export {};');
    expect(await precompressFolder(webRoot)).toBe(2);
    t = await buildTestApp('sqlite', { webRoot });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a browser that takes it, gzip to one that takes only that, the file to others', async () => {
    const br = await get('/assets/page-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/page-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/page-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Too small to gain from compression: sent as it is.
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
  });

  it('sends scripts the subresource headers only, and pages their full policy, index.html never cached', async () => {
    const asset = await get('/assets/page-abc123.js', 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    // Cached for a year and never revalidated: no validators, no range support, no request id.
    for (const header of ['etag', 'last-modified', 'accept-ranges', 'x-request-id'])
      expect(asset.headers[header], header).toBeUndefined();
    // The page is revalidated: it keeps its validators, and a revalidation is answered 304.
    const index = await get('/index.html', 'br');
    expect(index.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await t.app.inject({
      url: '/index.html',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(index.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    for (const url of ['/', '/teach', '/index.html']) {
      const answer = await get(url, 'br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(page);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });
});
