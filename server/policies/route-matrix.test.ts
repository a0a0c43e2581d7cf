import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BinanceFake } from '../test/binance-fake.ts';
import { startBinanceFake } from '../test/binance-fake-kit.ts';
import { exchangeSymbol } from '../test/binance-fake-market.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { TEST_DIALECTS, tempDir } from '../test/databases.ts';
import { createTraderKey, createUser, type TestUser } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';

type Principal =
  | 'anonymous'
  | 'unconfirmed'
  | 'nonMember'
  | 'expiredMember'
  | 'standardUser'
  | 'premiumUser'
  | 'customTagMember'
  | 'admin';

type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: string;
  body?: unknown;
  multipart?: boolean;
  expect: Record<Principal, number>;
};

const matrix = JSON.parse(readFileSync(path.join(import.meta.dirname, 'route-matrix.json'), 'utf8')) as {
  principals: Record<Principal, string>;
  routes: Row[];
};
const PRINCIPALS = Object.keys(matrix.principals) as Principal[];

describe.each(TEST_DIALECTS)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let fake: BinanceFake;
  let webRoot: string;
  const callers = new Map<Principal, { user: TestUser | undefined; headers: Record<string, string> }>();
  const fixtures: Record<string, string> = {};
  let png: Buffer;

  beforeAll(async () => {
    webRoot = tempDir('portal-web-');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    // The market routes read the exchange's public data: the fake's, with one more symbol to take off the list.
    fake = await startBinanceFake();
    fake.symbols.push(exchangeSymbol('SOLUSDT', 'SOL'));
    t = await buildTestApp(dialect, { webRoot, env: { EXCHANGE_TEST_BASE_URL: fake.baseUrl } });
    const db = t.testDb.database.db;
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const users: Record<Exclude<Principal, 'anonymous'>, Parameters<typeof createUser>[1]> = {
      unconfirmed: { confirmed: false },
      nonMember: {},
      expiredMember: { roles: ['StandardUser'], memberDays: -1 },
      standardUser: { roles: ['StandardUser'], memberDays: 30 },
      premiumUser: { roles: ['PremiumUser'], memberDays: 30 },
      customTagMember: { roles: ['Gold'], memberDays: 30 },
      admin: { roles: ['Admin'] },
    };
    callers.set('anonymous', { user: undefined, headers: {} });
    for (const [principal, options] of Object.entries(users) as Array<
      [Principal, Parameters<typeof createUser>[1]]
    >) {
      const user = await createUser(db, options);
      if (principal === 'unconfirmed') {
        // An unconfirmed account cannot sign in; everything it does, it does without a token.
        await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/403/);
        callers.set(principal, { user, headers: {} });
      } else {
        callers.set(principal, { user, headers: (await signIn(t.app, user.email, user.password)).auth });
      }
    }
    await createFixtures();
  });

  async function createFixtures() {
    // Teaching content the article rows act on, all by the admin.
    const db = t.testDb.database.db;
    const adminId = callers.get('admin')!.user!.id;
    const now = Date.now();
    const category = await db
      .insertInto('article_classifications')
      .values({ label: 'Matrix', show: 1, sort: 1, parent_id: null, pids: '', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const addArticle = async (status: number) =>
      (
        await db
          .insertInto('articles')
          .values({
            head_line: 'fixture',
            description: 'd',
            classification_id: category.id,
            text: '<p>x</p>',
            picture: '/uploads/images/fedcba9876543210fedcba9876543210.webp',
            author_id: adminId,
            status,
            create_time: now,
            update_time: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    fixtures.$category = String(category.id);
    fixtures.$article = String(await addArticle(3));
    fixtures.$articleToEdit = String(await addArticle(3));
    fixtures.$articleToDelete = String(await addArticle(3));
    fixtures.$pendingArticle = String(await addArticle(1));
    const comment = await db
      .insertInto('article_comments')
      .values({ article_id: Number(fixtures.$article), user_id: adminId, content: 'c', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    fixtures.$comment = String(comment.id);

    // Signals: a trader key for every member tag and Admin, subscribed by those principals.
    const roleIds = (
      await db
        .selectFrom('roles')
        .select('id')
        .where('name', 'in', ['StandardUser', 'PremiumUser', 'Gold', 'Admin'])
        .execute()
    ).map((r) => r.id);
    const keyId = await createTraderKey(db, { name: 'Matrix trader', roleIds });
    for (const principal of ['standardUser', 'premiumUser', 'customTagMember', 'admin'] as const) {
      await db
        .insertInto('subscriptions')
        .values({ user_id: callers.get(principal)!.user!.id, key_id: keyId, created_at: now })
        .execute();
    }
    const addAdvisory = async () => {
      const advisory = await db
        .insertInto('advisories')
        .values({
          title: 'a',
          advisory_desc: 'd',
          content: '<p>c</p>',
          created_by: adminId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('advisory_keys').values({ advisory_id: advisory.id, key_id: keyId }).execute();
      return String(advisory.id);
    };
    const addMessage = async () =>
      String(
        (
          await db
            .insertInto('system_messages')
            .values({
              title: 't',
              content: 'c',
              published_user_name: null,
              published_at: now,
              is_roll: 0,
              is_pop: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    fixtures.$traderKey = String(keyId);
    fixtures.$traderRoles = JSON.stringify(roleIds);
    fixtures.$advisory = await addAdvisory();
    fixtures.$advisoryToDelete = await addAdvisory();
    fixtures.$message = await addMessage();
    fixtures.$messageToDelete = await addMessage();

    // The market desk's allow-list, and level sets on it open to every member.
    for (const [symbol, base] of [
      ['BTCUSDT', 'BTC'],
      ['SOLUSDT', 'SOL'],
    ]) {
      await db
        .insertInto('market_symbols')
        .values({
          symbol: symbol!,
          base_asset: base!,
          quote_asset: 'USDT',
          price_precision: 2,
          quantity_precision: 3,
          tick_size: 0.1,
          added_at: now,
          added_by: adminId,
        })
        .execute();
    }
    const addLevelSet = async () => {
      const set = await db
        .insertInto('level_sets')
        .values({
          symbol: 'BTCUSDT',
          timeframe: '1h',
          bias: 'neutral',
          invalidation_price: null,
          targets: '[]',
          notes: '',
          expires_at: null,
          created_by: adminId,
          published_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('levels')
        .values({ set_id: set.id, kind: 'support', price: 50_000, reason: '', strength: null, sort: 0 })
        .execute();
      return String(set.id);
    };
    fixtures.$levelSet = await addLevelSet();
    fixtures.$levelSetToDelete = await addLevelSet();

    // Quantitative strategies: one for PremiumUser only (other members get 404), one to edit, one to delete.
    const premium = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'PremiumUser')
      .executeTakeFirstOrThrow();
    const addQuant = async (roleIds: number[]) => {
      const strategy = await db
        .insertInto('quant_strategies')
        .values({
          name: 'Matrix grid',
          type: 'grid',
          market: '',
          timeframe: '1h',
          risk_level: 'low',
          status: 'backtest',
          description: '',
          parameters: '[]',
          trader_key_id: null,
          results_source: 'manual',
          total_return: 0.1,
          annualized_return: null,
          max_drawdown: null,
          sharpe: null,
          sortino: null,
          calmar: null,
          win_rate: null,
          profit_factor: null,
          trades: null,
          period_start: null,
          period_end: null,
          starting_balance: null,
          final_balance: null,
          currency: null,
          daily_kind: null,
          created_by: adminId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roleIds.length)
        await db
          .insertInto('quant_strategy_roles')
          .values(roleIds.map((role_id) => ({ strategy_id: strategy.id, role_id })))
          .execute();
      return String(strategy.id);
    };
    fixtures.$quantPremium = await addQuant([premium.id]);
    fixtures.$quantToEdit = await addQuant([]);
    fixtures.$quantToDelete = await addQuant([]);

    // Media monitoring: two sources (one to delete), an item, two keyword rules (one to delete).
    const addSource = async (name: string) =>
      (
        await db
          .insertInto('media_sources')
          .values({
            url: `https://news.example/${name}.xml`,
            title: name,
            kind: 'news',
            language: 'en',
            poll_interval_seconds: 300,
            enabled: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const mediaSource = await addSource('matrix');
    fixtures.$mediaSource = String(mediaSource);
    fixtures.$mediaSourceToDelete = String(await addSource('matrix-to-delete'));
    const item = await db
      .insertInto('media_items')
      .values({
        source_id: mediaSource,
        dedup_key: 'matrix-item',
        guid: 'matrix-item',
        link: 'https://news.example/matrix/1',
        title: 'Matrix story',
        summary_text: null,
        summary_html: null,
        published_at: now,
        fetched_at: now,
        language: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fixtures.$mediaItem = String(item.id);
    const addRule = async (keyword: string) =>
      String(
        (
          await db
            .insertInto('media_keyword_rules')
            .values({ keyword, tag: keyword, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    fixtures.$mediaRule = await addRule('matrix');
    fixtures.$mediaRuleToDelete = await addRule('matrix-to-delete');

    // On-chain monitoring: published alerts (one to edit, one to delete), queued ones (one to publish, one
    // to discard), address labels (one to edit, one to delete).
    const addOnchainAlert = async (n: number, status: 'published' | 'queued') =>
      String(
        (
          await db
            .insertInto('onchain_alerts')
            .values({
              chain: 'ethereum',
              asset: 'USDT',
              token_address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
              amount: '5000000',
              usd_value: 5_000_000,
              from_address: `0x${'33'.repeat(20)}`,
              to_address: `0x${'44'.repeat(20)}`,
              direction: 'transfer',
              tx_hash: `0x${String(n).repeat(64)}`,
              log_index: n,
              block_number: 20_000_000 + n,
              block_hash: null,
              occurred_at: now,
              status,
              source: status === 'queued' ? 'watcher' : 'manual',
              published_at: status === 'published' ? now : null,
              created_by: status === 'published' ? adminId : null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    fixtures.$onchainAlert = await addOnchainAlert(1, 'published');
    fixtures.$onchainAlertToDelete = await addOnchainAlert(2, 'published');
    fixtures.$onchainQueued = await addOnchainAlert(3, 'queued');
    fixtures.$onchainQueuedToDiscard = await addOnchainAlert(4, 'queued');
    const addLabel = async (address: string, name: string) =>
      String(
        (
          await db
            .insertInto('onchain_address_labels')
            .values({ address, name, kind: 'exchange', created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    fixtures.$onchainLabel = await addLabel('0x28c6c06298d514db089934071355e5743bf21d60', 'Binance');
    fixtures.$onchainLabelToDelete = await addLabel(`0x${'55'.repeat(20)}`, 'Matrix exchange');
  }

  afterAll(async () => {
    await t.close();
    await fake.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('has a row for every registered route, and no row for a route that does not exist', async () => {
    await t.app.ready();
    const registered = t.app.routeTable.map((r) => `${r.method} ${r.url}`).sort();
    const rows = matrix.routes.map((r) => `${r.method} ${r.route}`).sort();
    expect(rows).toEqual(registered);
    for (const row of matrix.routes) expect(Object.keys(row.expect).sort()).toEqual([...PRINCIPALS].sort());
  });

  for (const row of matrix.routes) {
    it(`${row.method} ${row.route}`, async () => {
      const actual: Partial<Record<Principal, number>> = {};
      for (const principal of PRINCIPALS) {
        const caller = callers.get(principal)!;
        const fill = (text: string) => {
          let filled = text
            .replaceAll('$self', caller.user?.id ?? 'anonymous')
            .replaceAll('$principal', principal);
          // Longest names first, so that $article does not eat $articleToEdit; quoted ids become numbers.
          for (const [name, value] of Object.entries(fixtures).sort((a, b) => b[0].length - a[0].length)) {
            filled = filled.replaceAll(`"${name}"`, value).replaceAll(name, value);
          }
          return filled;
        };
        const url = fill(row.url);
        let res: Awaited<ReturnType<typeof t.app.inject>>;
        if (row.multipart) {
          const boundary = '----matrix-boundary';
          const payload = Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            png,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          res = await t.app.inject({
            method: row.method,
            url,
            headers: { ...caller.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload,
          });
        } else {
          res = await t.app.inject({
            method: row.method,
            url,
            headers: caller.headers,
            ...(row.body !== undefined ? { payload: JSON.parse(fill(JSON.stringify(row.body))) } : {}),
          });
        }
        actual[principal] = res.statusCode;
        // Whatever the answer, it is never a server error.
        expect(res.statusCode, `${principal}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      expect(actual).toEqual(row.expect);
    });
  }
});
