import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';

// Whether an account exists must not show in how long recovery and registration take. The relay takes
// 300 ms per mail, as a remote SMTP server may: a request that waited for it would stand out by that much.
const RELAY_DELAY_MS = 300;
const PAIRS = 20;
/** Far below the relay's delay; room for a busy machine's noise. */
const MAX_MEDIAN_GAP_MS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('account enumeration by timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { smtp: { delayMs: RELAY_DELAY_MS } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function timed(url: string, payload: object): Promise<number> {
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(200);
    return performance.now() - started;
  }

  it('PostForgetPassword takes as long for an existing account as for an unknown one', async () => {
    const user = await createUser(t.testDb.database.db);
    const existing: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a slow moment of the machine hits both sides alike.
    for (let i = 0; i < PAIRS; i++) {
      existing.push(await timed('/Auth/PostForgetPassword', { email: user.email }));
      unknown.push(await timed('/Auth/PostForgetPassword', { email: `nobody-${i}@example.com` }));
    }
    expect(Math.abs(median(existing) - median(unknown))).toBeLessThan(MAX_MEDIAN_GAP_MS);
  });

  it('PostRegister takes as long for a taken address as for a new one', async () => {
    const user = await createUser(t.testDb.database.db);
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const form = {
        password: 'Timing-pass-2025',
        confirm: 'Timing-pass-2025',
        agreeTerms: true,
        notRestrictedResident: true,
      };
      taken.push(await timed('/Auth/PostRegister', { ...form, email: user.email }));
      fresh.push(await timed('/Auth/PostRegister', { ...form, email: `new-${i}@example.com` }));
    }
    expect(Math.abs(median(taken) - median(fresh))).toBeLessThan(MAX_MEDIAN_GAP_MS);
  });
});
