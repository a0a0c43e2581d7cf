import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiContract, type Endpoint } from '#shared/api-contract.ts';
import { WRITES_WITHOUT_BODY } from '#shared/endpoint-url.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { TEST_DIALECTS, tempDir } from './test/databases.ts';

// The API contract (shared/api-contract.ts) is what the web app's client and the journeys are typed by; this
// holds it to the routes the app really registers (the route table of server/app.ts), so it cannot drift:
// every JSON route is in it, every entry is a route, and each entry names the very schema objects its route
// validates with.

/** Registered routes that answer no JSON of their own, and so are not in the contract. */
const NOT_JSON = [
  'GET /api/docs', // the OpenAPI document (JSON or a plain page), generated from the routes themselves
  'GET /metrics', // Prometheus text
  'GET /Auth/oidc-pages.css', // assets of the identity provider's pages
  'GET /Auth/oidc-logout.js',
  'GET /uploads/*', // stored images
  'GET /api/Media/ExportOpml', // an OPML document of the media sources, to download
];

type RouteSchema = {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
};

describe.each(TEST_DIALECTS)('the API contract on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  const registered = new Map<string, RouteSchema>();

  beforeAll(async () => {
    webRoot = tempDir('portal-web-');
    t = await buildTestApp(dialect, { webRoot });
    for (const route of t.app.routeTable) {
      registered.set(`${route.method} ${route.url}`, (route.schema ?? {}) as RouteSchema);
    }
  });

  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const contract = Object.entries(apiContract as Record<string, Endpoint>);

  it('lists every JSON route the app registers, and only those', () => {
    const json = [...registered]
      .filter(([, schema]) => schema.response?.[200] !== undefined)
      .map(([key]) => key)
      .sort();
    expect(json.length).toBeGreaterThan(60);
    expect(contract.map(([key]) => key).sort()).toEqual(json);
    // Every other route is known not to answer JSON: a new route is either in the contract or named here.
    expect([...registered.keys()].filter((key) => !json.includes(key)).sort()).toEqual([...NOT_JSON].sort());
  });

  it('lists the JSON writes without a body for the web app, which reads them without the contract', () => {
    const bodyless = contract
      .filter(([key, endpoint]) => /^(POST|PUT) /.test(key) && !endpoint.body && !endpoint.multipart)
      .map(([key]) => key);
    expect(bodyless.length).toBeGreaterThan(5);
    expect([...WRITES_WITHOUT_BODY].sort()).toEqual(bodyless.sort());
  });

  it.each(contract)('%s names the schemas its route validates with', (key, endpoint) => {
    const schema = registered.get(key);
    if (!schema) throw new Error(`${key} is not registered`);
    // The same objects (not equal copies): the route's own path, query, body and answer schemas.
    expect(endpoint.params === schema.params, 'params').toBe(true);
    expect(endpoint.query === schema.querystring, 'query').toBe(true);
    expect(endpoint.body === schema.body, 'body').toBe(true);
    expect(endpoint.response === schema.response?.[200], 'response').toBe(true);
    // A multipart upload reads its file itself: its route declares no JSON body.
    if (endpoint.multipart) {
      expect(key.startsWith('POST '), 'uploads are POSTs').toBe(true);
      expect(schema.body, 'an upload has no body schema').toBeUndefined();
    }
  });
});
