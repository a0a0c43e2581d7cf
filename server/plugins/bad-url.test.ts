import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// An address that cannot be decoded is the client's fault: 400 with problem details like every other error.
describe('undecodable addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  for (const url of ['/uploads/%E0%A4%A', '/api/Management/%E0%A4%A', '/teach/%ZZ']) {
    it(`answers ${url} with 400 problem details`, async () => {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    });
  }
});
