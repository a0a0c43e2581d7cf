import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onchainAlertPage, onchainFilters, onchainTotals } from '#shared/schemas/onchain.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { insertAlert } from '../../test/onchain-fixtures.ts';
import { signIn } from '../../test/sign-in.ts';

// What members read of on-chain monitoring, through HTTP on both databases: published alerts only, newest
// first by the transfer's time, with the labels of both sides; filters by chain, asset, direction and
// minimum value; cursor paging that neither repeats nor skips while alerts arrive; per-asset 24 h exchange
// flows summed exactly; the filters' choices; and the refusal of everyone who is not a member.

type Headers = { authorization: string };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(TEST_DIALECTS)('on-chain alerts for members on %s', (dialect) => {
  let t: TestApp;
  let member: Headers;
  let nonMember: Headers;
  let expired: Headers;
  const db = () => t.testDb.database.db;
  const get = (url: string, headers: Headers = member) => t.app.inject({ url, headers });
  const page = async (query = '') => {
    const res = await get(`/api/Onchain/Alerts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return onchainAlertPage.parse(res.json());
  };
  const comments = async (query = '') => (await page(query)).alerts.map((a) => a.comment);
  const now = Date.now();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const m = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    member = (await signIn(t.app, m.email, m.password)).auth;
    const n = await createUser(db(), { roles: [] });
    nonMember = (await signIn(t.app, n.email, n.password)).auth;
    const x = await createUser(db(), { roles: ['StandardUser'], memberDays: -1 });
    expired = (await signIn(t.app, x.email, x.password)).auth;
    const exchange = `0x${'ec'.repeat(20)}`;
    await db()
      .insertInto('onchain_address_labels')
      .values({ address: exchange, name: 'OKX', kind: 'exchange', created_at: now, updated_at: now })
      .execute();
    const seed: Array<[string, Parameters<typeof insertAlert>[1]]> = [
      [
        'usdt-in',
        {
          comment: 'usdt-in',
          direction: 'exchange_inflow',
          to_address: exchange,
          amount: '0.1',
          usd_value: 0.1,
          occurred_at: now - 1 * MINUTE,
        },
      ],
      [
        'eth-out',
        {
          comment: 'eth-out',
          asset: 'ETH',
          token_address: null,
          direction: 'exchange_outflow',
          from_address: exchange,
          amount: '1500.123456789012345678',
          usd_value: 4_500_000,
          occurred_at: now - 2 * MINUTE,
        },
      ],
      [
        'usdt-in-2',
        {
          comment: 'usdt-in-2',
          direction: 'exchange_inflow',
          to_address: exchange,
          amount: '0.2',
          usd_value: null,
          occurred_at: now - 3 * MINUTE,
        },
      ],
      [
        'bsc-mint',
        {
          comment: 'bsc-mint',
          chain: 'bsc',
          direction: 'mint',
          from_address: `0x${'00'.repeat(20)}`,
          amount: '5000000',
          usd_value: 5_000_000,
          occurred_at: now - 4 * MINUTE,
        },
      ],
      [
        'usdt-out',
        {
          comment: 'usdt-out',
          direction: 'exchange_outflow',
          from_address: exchange,
          amount: '2',
          usd_value: 2,
          occurred_at: now - 5 * MINUTE,
        },
      ],
      [
        'old-in',
        {
          comment: 'old-in',
          direction: 'exchange_inflow',
          to_address: exchange,
          amount: '999',
          usd_value: 999,
          occurred_at: now - 25 * HOUR,
        },
      ],
      [
        'queued-in',
        {
          comment: 'queued-in',
          status: 'queued',
          source: 'watcher',
          direction: 'exchange_inflow',
          amount: '777',
          usd_value: 777,
          occurred_at: now - 6 * MINUTE,
        },
      ],
      [
        'discarded',
        {
          comment: 'discarded',
          status: 'discarded',
          source: 'watcher',
          chain: 'polygon',
          asset: 'POL',
          occurred_at: now - 7 * MINUTE,
        },
      ],
    ];
    for (const [name, values] of seed) ids[name] = await insertAlert(db(), values);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists published alerts newest first, with both sides’ labels and the explorer link', async () => {
    const first = await page();
    expect(first.nextCursor).toBeNull();
    expect(first.alerts.map((a) => a.comment)).toEqual([
      'usdt-in',
      'eth-out',
      'usdt-in-2',
      'bsc-mint',
      'usdt-out',
      'old-in',
    ]);
    const ethOut = first.alerts[1]!;
    expect(ethOut).toMatchObject({
      id: ids['eth-out'],
      chain: 'ethereum',
      asset: 'ETH',
      tokenAddress: null,
      amount: '1500.123456789012345678',
      usdValue: 4_500_000,
      direction: 'exchange_outflow',
      from: { address: `0x${'ec'.repeat(20)}`, label: { name: 'OKX', kind: 'exchange' } },
      to: { address: `0x${'0b'.repeat(20)}`, label: null },
    });
    expect(ethOut.explorerUrl).toBe(`https://etherscan.io/tx/${ethOut.txHash}`);
    expect(first.alerts[3]?.explorerUrl).toMatch(/^https:\/\/bscscan\.com\/tx\/0x[0-9a-f]{64}$/);
    // Members are not shown the admins' fields.
    expect(Object.keys(ethOut)).not.toContain('status');
    expect(Object.keys(ethOut)).not.toContain('source');
  });

  it('filters by chain, asset, direction and minimum value', async () => {
    expect(await comments('?chain=bsc')).toEqual(['bsc-mint']);
    expect(await comments('?asset=USDT&direction=exchange_inflow')).toEqual([
      'usdt-in',
      'usdt-in-2',
      'old-in',
    ]);
    expect(await comments('?direction=exchange_outflow')).toEqual(['eth-out', 'usdt-out']);
    // Alerts of unknown value never reach a minimum.
    expect(await comments('?minUsd=0')).toEqual(['usdt-in', 'eth-out', 'bsc-mint', 'usdt-out', 'old-in']);
    expect(await comments('?minUsd=1000000')).toEqual(['eth-out', 'bsc-mint']);
    expect(await comments('?chain=polygon')).toEqual([]);
    const bad = await get('/api/Onchain/Alerts?chain=solana&direction=up&minUsd=-1&limit=51&cursor=%25%25');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      chain: ['请选择链：Ethereum、BNB Smart Chain、Polygon、Arbitrum、Optimism 或 Base'],
      direction: ['请选择方向：流入交易所、流出交易所、转账、铸造或销毁'],
      minUsd: ['最低美元价值须为不小于0的数字'],
      limit: ['每页数量须为1-50'],
      cursor: ['分页位置无效，请从第一页重新加载'],
    });
    const forged = await get(`/api/Onchain/Alerts?cursor=${Buffer.from('[1,"x"]').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toEqual({ cursor: ['分页位置无效，请从第一页重新加载'] });
  });

  it('pages by cursor without repeating or skipping, while alerts are published', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result = await page(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.alerts.map((a) => a.comment));
      cursor = result.nextCursor;
      // A newer alert published meanwhile belongs on the first page, not in the pages still to come.
      if (pages++ === 0) await insertAlert(db(), { comment: 'newer', occurred_at: now });
    } while (cursor);
    expect(seen).toEqual(['usdt-in', 'eth-out', 'usdt-in-2', 'bsc-mint', 'usdt-out', 'old-in']);
    expect(pages).toBe(3);
    expect((await page('?limit=1')).alerts.map((a) => a.comment)).toEqual(['newer']);
  });

  it('sums the last 24 hours’ exchange flows per asset exactly, over published alerts', async () => {
    const res = await get('/api/Onchain/Totals');
    expect(res.statusCode, res.body).toBe(200);
    const totals = onchainTotals.parse(res.json());
    expect(Date.parse(totals.until) - Date.parse(totals.since)).toBe(24 * HOUR);
    expect(totals.assets).toEqual([
      {
        asset: 'ETH',
        inflow: { amount: '0', usd: 0, count: 0 },
        outflow: { amount: '1500.123456789012345678', usd: 4_500_000, count: 1 },
        net: { amount: '-1500.123456789012345678', usd: -4_500_000 },
      },
      {
        // 0.1 + 0.2 is 0.3 here (old-in is older than a day; queued-in is not published).
        asset: 'USDT',
        inflow: { amount: '0.3', usd: 0.1, count: 2 },
        outflow: { amount: '2', usd: 2, count: 1 },
        net: { amount: '-1.7', usd: 0.1 - 2 },
      },
    ]);
  });

  it('offers the chains and assets of published alerts as filters', async () => {
    const res = await get('/api/Onchain/Filters');
    expect(res.statusCode).toBe(200);
    expect(onchainFilters.parse(res.json())).toEqual({
      chains: ['bsc', 'ethereum'],
      assets: ['ETH', 'USDT'],
    });
  });

  it('refuses non-members (403, as every member route) and callers without a token (401)', async () => {
    for (const url of ['/api/Onchain/Alerts', '/api/Onchain/Totals', '/api/Onchain/Filters']) {
      const refused = await get(url, nonMember);
      expect(refused.statusCode, url).toBe(403);
      const fromMedia = await get('/api/Media/Stream', nonMember);
      expect(refused.json().title).toBe(fromMedia.json().title);
      expect((await get(url, expired)).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
