import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onchainAdminAlertPage, onchainLabelList } from '#shared/schemas/onchain.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { BINANCE_HOT, insertAlert, TEST_TX, validAlert } from '../../test/onchain-fixtures.ts';
import { signIn } from '../../test/sign-in.ts';

// On-chain monitoring's admin side through HTTP on both databases: alerts written by hand with validation
// (addresses, hashes, amounts, values) in both languages, changed, deleted, and the watcher's queued ones
// published or discarded (status changes of their own); address labels; an audit row for every change.

type Headers = { authorization: string };
const BINANCE = BINANCE_HOT;
const TX = TEST_TX;

describe.each(TEST_DIALECTS)('on-chain alerts and labels for admins on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let member: Headers;
  const db = () => t.testDb.database.db;
  const get = (url: string, headers: Headers = admin) => t.app.inject({ url, headers });
  const post = (url: string, payload: object, headers: Headers = admin, language = 'zh') =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'accept-language': language } });
  const adminAlerts = async (query = '') => {
    const res = await get(`/api/Onchain/AdminAlerts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return onchainAdminAlertPage.parse(res.json()).alerts;
  };
  const auditMark = async () =>
    (await db().selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst())?.id ??
    0;
  const auditSince = async (since: number) =>
    (
      await db()
        .selectFrom('audit_log')
        .select(['action', 'target_type', 'target_id', 'detail'])
        .where('action', 'like', 'admin.onchain.%')
        .where('id', '>', since)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, detail: row.detail ? JSON.parse(row.detail) : null }));
  /** A transfer the watcher queued. */
  const queued = (n: number) =>
    insertAlert(db(), {
      chain: 'bsc',
      asset: 'WBNB',
      tx_hash: `0x${n.toString(16).padStart(64, '0')}`,
      block_hash: `0x${'ee'.repeat(32)}`,
      occurred_at: Date.now() - n * 1000,
      status: 'queued',
      source: 'watcher',
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const a = await createUser(db(), { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    const m = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    member = (await signIn(t.app, m.email, m.password)).auth;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses bad alerts with a message per field, in the caller’s language', async () => {
    const bad = await post('/api/Onchain/AddAlert', {
      chain: 'solana',
      asset: 'US DT',
      tokenAddress: '0x1234',
      amount: '-5',
      usdValue: -1,
      fromAddress: 'abc',
      toAddress: `0x${'g'.repeat(40)}`,
      direction: 'sideways',
      txHash: '0x12',
      logIndex: -1,
      blockNumber: 1.5,
      occurredAt: 'yesterday',
      importance: 'urgent',
      comment: 'x'.repeat(1001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      chain: ['请选择链：Ethereum、BNB Smart Chain、Polygon、Arbitrum、Optimism 或 Base'],
      asset: ['资产代码须为1-20个字符，不含空格'],
      tokenAddress: ['地址须为 0x 加40位十六进制字符'],
      amount: ['数量须为正数（最多40位整数和36位小数）'],
      usdValue: ['美元价值须为不小于0的数字'],
      fromAddress: ['地址须为 0x 加40位十六进制字符'],
      toAddress: ['地址须为 0x 加40位十六进制字符'],
      direction: ['请选择方向：流入交易所、流出交易所、转账、铸造或销毁'],
      txHash: ['交易哈希须为 0x 加64位十六进制字符'],
      logIndex: ['日志序号须为不小于0的整数'],
      blockNumber: ['区块高度须为不小于0的整数'],
      occurredAt: ['时间格式无效'],
      importance: ['请选择重要程度：普通或重要'],
      comment: ['备注不能超过1000个字符'],
    });
    const english = await post(
      '/api/Onchain/AddAlert',
      validAlert({
        amount: '0',
        txHash: `${TX}00`,
        occurredAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      admin,
      'en',
    );
    expect(english.statusCode).toBe(400);
    expect(english.json().errors).toEqual({
      amount: ['The amount is a positive number (up to 40 digits, and 36 after the point)'],
      txHash: ['A transaction hash is 0x followed by 64 hexadecimal digits'],
      occurredAt: ['The time cannot be in the future'],
    });
    for (const amount of ['1e5', '1.', '.5', '12345678901234567890123456789012345678901', 1e21, '0.000'])
      expect((await post('/api/Onchain/AddAlert', validAlert({ amount }))).statusCode, String(amount)).toBe(
        400,
      );
    // Members read alerts but do not write them; nobody signed out does anything.
    expect((await post('/api/Onchain/AddAlert', validAlert(), member)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/Onchain/AddAlert', payload: validAlert() }))
        .statusCode,
    ).toBe(401);
    expect(await adminAlerts()).toEqual([]);
  });

  it('writes an alert published at once, changes and deletes it, each change audited', async () => {
    const mark = await auditMark();
    const added = await post('/api/Onchain/AddAlert', validAlert());
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const [alert] = await adminAlerts();
    expect(alert).toMatchObject({
      id,
      chain: 'ethereum',
      asset: 'USDT',
      // Addresses and hashes in lower case, the amount written canonically (exact, not a float).
      tokenAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      amount: '25000000.5',
      usdValue: 25_000_000.5,
      from: { address: `0x${'1f'.repeat(20)}`, label: null },
      to: { address: BINANCE.toLowerCase(), label: null },
      direction: 'exchange_inflow',
      txHash: TX.toLowerCase(),
      logIndex: 7,
      blockNumber: 21_000_000,
      explorerUrl: `https://etherscan.io/tx/${TX.toLowerCase()}`,
      importance: 'high',
      comment: 'A whale sends USDT to Binance',
      status: 'published',
      source: 'manual',
    });
    expect(alert?.publishedAt).not.toBeNull();

    // The same transfer (chain, transaction, log index) cannot be written twice.
    const again = await post('/api/Onchain/AddAlert', validAlert({ txHash: TX.toLowerCase() }), admin, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({
      txHash: ['An alert for this transfer (transaction and log index) already exists'],
    });
    // On another chain it is another transfer; without a log index, any number may name one transaction.
    const other = await post('/api/Onchain/AddAlert', validAlert({ chain: 'base', logIndex: null }));
    expect(other.statusCode, other.body).toBe(200);
    const otherId = other.json().id as number;
    expect(await post('/api/Onchain/UpdateAlert', { ...validAlert(), id: otherId })).toMatchObject({
      statusCode: 409,
    });

    const changed = await post('/api/Onchain/UpdateAlert', {
      ...validAlert({ amount: '1.000000000000000001', direction: 'transfer', importance: 'normal' }),
      id,
      occurredAt: undefined,
      comment: 'Corrected',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [after] = await adminAlerts('?chain=ethereum');
    expect(after).toMatchObject({
      id,
      amount: '1.000000000000000001',
      direction: 'transfer',
      importance: 'normal',
      comment: 'Corrected',
      status: 'published',
      // Without a time the alert keeps its own.
      occurredAt: alert?.occurredAt,
    });
    expect((await post('/api/Onchain/UpdateAlert', { ...validAlert(), id: 999_999 })).statusCode).toBe(404);

    expect((await post('/api/Onchain/DeleteAlert', { id })).statusCode).toBe(200);
    expect((await post('/api/Onchain/DeleteAlert', { id })).statusCode).toBe(404);
    expect((await adminAlerts()).map((a) => a.id)).toEqual([otherId]);
    expect((await auditSince(mark)).map((a) => [a.action, a.target_type, a.target_id])).toEqual([
      ['admin.onchain.addAlert', 'onchainAlert', String(id)],
      ['admin.onchain.addAlert', 'onchainAlert', String(otherId)],
      ['admin.onchain.updateAlert', 'onchainAlert', String(id)],
      ['admin.onchain.deleteAlert', 'onchainAlert', String(id)],
    ]);
    expect((await auditSince(mark))[0]?.detail).toMatchObject({ amount: '25000000.5', chain: 'ethereum' });
    await post('/api/Onchain/DeleteAlert', { id: otherId });
  });

  it('publishes and discards the watcher’s queued alerts, and nothing else', async () => {
    const first = await queued(1);
    const second = await queued(2);
    const third = await queued(3);
    expect((await adminAlerts('?status=queued')).map((a) => [a.id, a.source])).toEqual([
      [first, 'watcher'],
      [second, 'watcher'],
      [third, 'watcher'],
    ]);
    const mark = await auditMark();
    expect((await post('/api/Onchain/PublishAlert', { id: first })).statusCode).toBe(200);
    expect((await post('/api/Onchain/DiscardAlert', { id: second })).statusCode).toBe(200);
    // A status change is for a queued alert only.
    for (const [url, id] of [
      ['/api/Onchain/PublishAlert', first],
      ['/api/Onchain/DiscardAlert', first],
      ['/api/Onchain/PublishAlert', second],
    ] as const) {
      const res = await post(url, { id }, admin, 'en');
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ id: ['Only a queued alert can be published or discarded'] });
    }
    expect((await post('/api/Onchain/PublishAlert', { id: 999_999 })).statusCode).toBe(404);
    expect((await adminAlerts('?status=published')).map((a) => a.id)).toEqual([first]);
    expect((await adminAlerts('?status=discarded')).map((a) => a.id)).toEqual([second]);
    expect((await adminAlerts('?status=queued&source=watcher&chain=bsc')).map((a) => a.id)).toEqual([third]);
    expect(await adminAlerts('?source=manual')).toEqual([]);
    const published = (await adminAlerts('?status=published'))[0];
    expect(published?.publishedAt).not.toBeNull();
    expect(published?.explorerUrl).toBe(`https://bscscan.com/tx/0x${'1'.padStart(64, '0')}`);
    expect((await auditSince(mark)).map((a) => [a.action, a.target_id])).toEqual([
      ['admin.onchain.publishAlert', String(first)],
      ['admin.onchain.discardAlert', String(second)],
    ]);
    const bad = await get('/api/Onchain/AdminAlerts?status=draft&source=robot');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['source', 'status']);
    await db().deleteFrom('onchain_alerts').execute();
  });

  it('keeps address labels: one per address, validated, shown on alerts as they are now, audited', async () => {
    const bad = await post('/api/Onchain/AddLabel', { address: '0xnope', name: ' ', kind: 'whale' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      address: ['地址须为 0x 加40位十六进制字符'],
      name: ['请输入地址所有者名称'],
      kind: ['请选择类型：交易所、基金、项目或其他'],
    });
    const mark = await auditMark();
    const added = await post('/api/Onchain/AddLabel', {
      address: BINANCE,
      name: 'Binance 14',
      kind: 'exchange',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    // The same address in other letter cases is the same address.
    const twice = await post(
      '/api/Onchain/AddLabel',
      { address: BINANCE.toLowerCase(), name: 'x', kind: 'fund' },
      admin,
      'en',
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ address: ['This address already has a label'] });
    const fund = (
      await post('/api/Onchain/AddLabel', { address: `0x${'1F'.repeat(20)}`, name: 'Jump', kind: 'fund' })
    ).json().id as number;
    const labels = onchainLabelList.parse((await get('/api/Onchain/Labels')).json());
    expect(labels.map((l) => [l.address, l.name, l.kind])).toEqual([
      [BINANCE.toLowerCase(), 'Binance 14', 'exchange'],
      [`0x${'1f'.repeat(20)}`, 'Jump', 'fund'],
    ]);

    await post('/api/Onchain/AddAlert', validAlert());
    const [alert] = await adminAlerts();
    expect([alert?.from.label, alert?.to.label]).toEqual([
      { name: 'Jump', kind: 'fund' },
      { name: 'Binance 14', kind: 'exchange' },
    ]);
    // A corrected label corrects every alert.
    expect(
      (
        await post('/api/Onchain/UpdateLabel', {
          id,
          address: BINANCE,
          name: 'Binance Hot 14',
          kind: 'exchange',
        })
      ).statusCode,
    ).toBe(200);
    expect((await adminAlerts())[0]?.to.label).toEqual({ name: 'Binance Hot 14', kind: 'exchange' });
    expect(
      (await post('/api/Onchain/UpdateLabel', { id: fund, address: BINANCE, name: 'x', kind: 'fund' }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await post('/api/Onchain/UpdateLabel', {
          id: 999_999,
          address: `0x${'99'.repeat(20)}`,
          name: 'x',
          kind: 'fund',
        })
      ).statusCode,
    ).toBe(404);
    expect((await post('/api/Onchain/DeleteLabel', { id: fund })).statusCode).toBe(200);
    expect((await post('/api/Onchain/DeleteLabel', { id: fund })).statusCode).toBe(404);
    expect((await adminAlerts())[0]?.from.label).toBeNull();
    expect((await auditSince(mark)).map((a) => [a.action, a.target_type])).toEqual([
      ['admin.onchain.addLabel', 'onchainLabel'],
      ['admin.onchain.addLabel', 'onchainLabel'],
      ['admin.onchain.addAlert', 'onchainAlert'],
      ['admin.onchain.updateLabel', 'onchainLabel'],
      ['admin.onchain.deleteLabel', 'onchainLabel'],
    ]);
    // Labels are the admins'.
    expect((await get('/api/Onchain/Labels', member)).statusCode).toBe(403);
  });

  it('shows no watcher state when ONCHAIN_WATCH is not set', async () => {
    const res = await get('/api/Onchain/WatcherState');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: false, chains: [] });
  });
});
