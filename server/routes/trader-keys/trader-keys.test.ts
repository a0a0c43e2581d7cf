import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt, deriveKey } from '../../security/crypto.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

describe.each(TEST_DIALECTS)('trader keys, strategies and system messages on %s', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  let member: { authorization: string };
  const post = (url: string, payload: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers = admin) => t.app.inject({ url, headers });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const a = await createUser(t.testDb.database.db, { roles: ['Admin'] });
    const m = await createUser(t.testDb.database.db, { roles: ['StandardUser'], memberDays: 10 });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    member = (await signIn(t.app, m.email, m.password)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the spec messages for a trader form with nothing filled in, and ratios at or below 0', async () => {
    const empty = await post('/api/TraderKey/AddApiKey', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      keyName: ['Trader名称为必填项'],
      keyValue: ['API KEY为必填项'],
      secretValue: ['Api Secret为必填项'],
      coEfficient: ['货币比例为必填项'],
      leverageCoefficient: ['杠杆比例为必填项'],
    });
    for (const ratio of [0, -1, 0.0000009]) {
      const res = await post('/api/TraderKey/AddApiKey', {
        keyName: 'x',
        keyValue: 'k',
        secretValue: 's',
        coEfficient: ratio,
        leverageCoefficient: 1,
      });
      expect(res.json().errors.coEfficient).toEqual(['比例不能小于0.000001']);
    }
    const huge = await post('/api/TraderKey/AddApiKey', {
      keyName: 'x',
      keyValue: 'k',
      secretValue: 's',
      coEfficient: 1,
      leverageCoefficient: 1_000_001,
    });
    expect(huge.json().errors.leverageCoefficient).toEqual(['比例不能大于1000000']);
  });

  it('keeps a switched-off key off when an edit does not mention the switch', async () => {
    const id = (
      await post('/api/TraderKey/AddApiKey', {
        keyName: 'Sleeper',
        keyValue: 'k-sleep',
        secretValue: 's',
        coEfficient: 1,
        leverageCoefficient: 1,
      })
    ).json().id;
    await post('/api/TraderKey/ActiviateApiKey', { apiKeyId: id, active: false });
    const edited = await post('/api/TraderKey/UpdateApiKey', {
      id,
      keyName: 'Sleeper 2',
      coEfficient: 2,
      leverageCoefficient: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const key = (await get('/api/TraderKey/GetAllApiKeys')).json().find((k: { id: number }) => k.id === id);
    expect(key).toMatchObject({ keyName: 'Sleeper 2', coEfficient: 2, isActive: false });
  });

  it('encrypts key and secret at rest, never answers them in full, and keeps them when an edit leaves them blank', async () => {
    const added = await post('/api/TraderKey/AddApiKey', {
      keyName: 'Whale',
      keyValue: 'AKIAEXAMPLEKEY9876',
      secretValue: 'wJalrXUtnFEMI-secret',
      coEfficient: 0.5,
      leverageCoefficient: 2,
    });
    const id = added.json().id;
    const row = await t.testDb.database.db
      .selectFrom('trader_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('AKIAEXAMPLEKEY9876');
    expect(JSON.stringify(row)).not.toContain('wJalrXUtnFEMI-secret');
    const key = deriveKey(t.config.appSecret, 'trader-secrets');
    expect(decrypt(key, row.secret_value_enc)).toBe('wJalrXUtnFEMI-secret');

    const list = await get('/api/TraderKey/GetAllApiKeys');
    expect(list.body).not.toContain('AKIAEXAMPLEKEY9876');
    expect(list.body).not.toContain('wJalrXUtnFEMI-secret');
    expect(list.json().find((k: { id: number }) => k.id === id)).toEqual({
      id,
      keyName: 'Whale',
      keyValue: '********9876',
      secretValue: '********',
      coEfficient: 0.5,
      leverageCoefficient: 2,
      isActive: true,
      permissionMap: [],
      // Never checked nor followed: no exchange in these tests (the trader sync is off by default in tests).
      check: null,
      sync: null,
    });
    await post('/api/TraderKey/UpdateApiKey', {
      id,
      keyName: 'Whale 2',
      keyValue: '',
      coEfficient: 1,
      leverageCoefficient: 3,
      isActive: true,
    });
    const after = await t.testDb.database.db
      .selectFrom('trader_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(decrypt(key, after.secret_value_enc)).toBe('wJalrXUtnFEMI-secret');
    expect(decrypt(key, after.key_value_enc)).toBe('AKIAEXAMPLEKEY9876');
    const audit = await t.testDb.database.db.selectFrom('audit_log').select('detail').execute();
    expect(JSON.stringify(audit)).not.toContain('wJalrXUtnFEMI-secret');
    // Permissions per key, as the role-to-key mapping.
    const standard = (await get('/api/TraderKey/GetRoles'))
      .json()
      .find((r: { roleName: string }) => r.roleName === 'StandardUser').roleId;
    await post('/api/TraderKey/UpdateApiKeySubConfig', { id, permissionMap: [standard] });
    expect((await get('/api/TraderKey/GetApiKeyRoleMapping')).json()[id]).toEqual({ [standard]: true });
    expect(
      (await post('/api/TraderKey/UpdateApiKeySubConfig', { id, permissionMap: [99999] })).statusCode,
    ).toBe(400);
  });

  it('never writes a trader key or secret to the log, whatever the call', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(dialect, {
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const a = await createUser(logged.testDb.database.db, { roles: ['Admin'] });
      const headers = (await signIn(logged.app, a.email, a.password)).auth;
      const call = (url: string, payload: object) =>
        logged.app.inject({ method: 'POST', url, payload, headers });
      const fields = { keyName: 'Logged', coEfficient: 1, leverageCoefficient: 1 };
      const id = (
        await call('/api/TraderKey/AddApiKey', {
          ...fields,
          keyValue: 'AKIA-LOGCHECK-1',
          secretValue: 'secret-logcheck-1',
        })
      ).json().id;
      await call('/api/TraderKey/UpdateApiKey', {
        ...fields,
        id,
        keyValue: 'AKIA-LOGCHECK-2',
        secretValue: 'secret-logcheck-2',
      });
      const refused = await call('/api/TraderKey/AddApiKey', {
        ...fields,
        coEfficient: 0,
        keyValue: 'AKIA-LOGCHECK-3',
        secretValue: 'secret-logcheck-3',
      });
      expect(refused.statusCode).toBe(400);
      await logged.app.inject({ url: '/api/TraderKey/GetAllApiKeys', headers });
      const log = lines.join('');
      // The calls were logged, their secrets were not.
      expect(log).toContain('/api/TraderKey/UpdateApiKey');
      for (const n of [1, 2, 3]) {
        expect(log).not.toContain(`AKIA-LOGCHECK-${n}`);
        expect(log).not.toContain(`secret-logcheck-${n}`);
      }
    } finally {
      await logged.close();
    }
  });

  it('validates strategies with the spec messages, stores a missing description as empty, and refuses unknown traders', async () => {
    const empty = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: '',
      content: '<p>x</p>',
      apiKeyArray: [],
    });
    expect(empty.json().errors).toMatchObject({
      title: ['策略标题为必填项'],
      apiKeyArray: ['请选择要推送的Trader'],
    });
    const long = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'x',
      advisoryDesc: 'x'.repeat(501),
      content: '<p>x</p>',
      apiKeyArray: [1],
    });
    expect(long.json().errors.advisoryDesc).toEqual(['描述不能超过500个字符']);
    expect(
      (
        await post('/api/Advisory/AddOrUpdateAdvisory', {
          title: 'x',
          content: '<p>x</p>',
          apiKeyArray: [99999],
        })
      ).statusCode,
    ).toBe(400);
    const traders = (await get('/api/Advisory/GetAllTraders')).json();
    const active = traders.find((trader: { isActive: boolean }) => trader.isActive);
    const saved = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: '默认描述',
      content: '<p>x</p>',
      apiKeyArray: [active.id],
    });
    const detail = (await get(`/api/Advisory/GetAdvisory?advisoryId=${saved.json().id}`)).json();
    // No description is stored as none: readers see the default text in their own language.
    expect(detail).toMatchObject({ title: '默认描述', advisoryDesc: '', counts: { 1: 0, 2: 0, 3: 0 } });
    const blank = await post('/api/Advisory/AddOrUpdateAdvisory', {
      id: saved.json().id,
      title: '默认描述',
      advisoryDesc: '   ',
      content: '<p>x</p>',
      apiKeyArray: [active.id],
    });
    expect(blank.statusCode).toBe(200);
    expect((await get(`/api/Advisory/GetAdvisory?advisoryId=${saved.json().id}`)).json().advisoryDesc).toBe(
      '',
    );
    expect(
      (await post(`/api/Advisory/DeleteAdvisory?advisoryId=${saved.json().id}`, undefined)).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/Advisory/DeleteAdvisory?advisoryId=${saved.json().id}`, undefined)).statusCode,
    ).toBe(404);
  });

  it('validates system messages, blank publisher meaning the default administrator, newest first, popups dismissed per user', async () => {
    const empty = await post('/api/SystemMessage/AddOrUpdateSystemMessage', { title: ' ', content: '' });
    expect(empty.json().errors).toEqual({ title: ['消息标题为必填项'], content: ['消息内容为必填项'] });
    const first = (
      await post('/api/SystemMessage/AddOrUpdateSystemMessage', {
        title: 'first',
        content: 'a',
        publishedUserName: '  ',
      })
    ).json();
    const second = (
      await post('/api/SystemMessage/AddOrUpdateSystemMessage', {
        title: 'second',
        content: 'b',
        publishedUserName: '运营',
        isPop: true,
      })
    ).json();
    expect(first.publishedUserName).toBe('');
    const list = (await get('/api/SystemMessage/GetAllSystemMessage', member)).json();
    expect(list.slice(0, 2).map((m: { title: string }) => m.title)).toEqual(['second', 'first']);
    await post(`/api/SystemMessage/DismissPop?messageId=${second.id}`, undefined, member);
    expect((await get('/api/SystemMessage/GetAllSystemMessage', member)).json()[0].dismissed).toBe(true);
    expect((await get('/api/SystemMessage/GetAllSystemMessage', admin)).json()[0].dismissed).toBe(false);
    // Popping it again brings it back for everyone.
    await post(`/api/SystemMessage/UpdateSystemMessageIsPop?messageId=${second.id}&newValue=true`, undefined);
    expect((await get('/api/SystemMessage/GetAllSystemMessage', member)).json()[0].dismissed).toBe(false);
    expect(
      (await post('/api/SystemMessage/AddOrUpdateSystemMessage', { title: 'x', content: 'y' }, member))
        .statusCode,
    ).toBe(403);
  });
});
