import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import type { Dialect } from '../server/db/dialect.ts';
import { createUser } from '../server/test/factories.ts';
import { signIn, TEST_CAPTCHA } from '../server/test/sign-in.ts';
import { TEST_APP_SECRET } from '../server/test/two-factor.ts';
import { median, timeIt, withBenchDatabase } from './harness.ts';

// BatchUserOperation over every user of a 100,000-user database, and the first page of GetUsers with a
// search and a tag filter, each through the whole app (HTTP via inject, auth, validation, audit) against
// the equivalent raw SQL run on the same database in the same process. The ratio is the figure.

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DAY = 86_400_000;

async function seed(database: Database) {
  const now = Date.now();
  const { db } = database;
  // Generated in the database itself: a recursive CTE on SQLite, generate_series on PostgreSQL.
  const series =
    database.dialect === 'postgres'
      ? sql`select g as n from generate_series(1, ${USERS}) g`
      : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${USERS}) select n from s`;
  await sql`insert into users (id, email, email_normalized, user_name, security_stamp, member_credit, points, member_expiry_date, created_at, updated_at)
    select 'bench-' || n, 'user' || n || '@bench.test', 'user' || n || '@bench.test', 'user' || n || '@bench.test', 's', 0, 0,
      case when n % 3 = 0 then null else cast(${now} as bigint) + (n % 90) * cast(${DAY} as bigint) end, cast(${now} as bigint) - n, cast(${now} as bigint)
    from (${series}) t`.execute(db);
  const standard = (
    await db.selectFrom('roles').select('id').where('name', '=', 'StandardUser').executeTakeFirstOrThrow()
  ).id;
  await sql`insert into user_roles (user_id, role_id, created_at) select id, ${standard}, cast(${now} as bigint) from users where id like 'bench-%' and (cast(substr(id, 7) as integer) % 2) = 0`.execute(
    db,
  );
  if (database.dialect === 'postgres') await sql`analyze`.execute(db);
}

export async function runUsersBench(dialect: Dialect, databaseUrl?: string) {
  await withBenchDatabase(dialect, databaseUrl, async (database, dataDir) => {
    const seedMs = await timeIt(() => seed(database));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
      // The administrator signs in with the authenticator code of the test factories, sealed with this secret.
      APP_SECRET: TEST_APP_SECRET,
    });
    const app = await buildApp({ config, database, logger: false, authRateLimitPerMinute: 10_000 });
    const admin = await createUser(database.db, { roles: ['Admin'] });
    const { auth } = await signIn(app, admin.email, admin.password);
    const { db } = database;
    const roles = await db.selectFrom('roles').select(['id', 'name']).execute();
    const id = (name: string) => roles.find((r) => r.name === name)!.id;
    const [standard, premium, adminRole] = [id('StandardUser'), id('PremiumUser'), id('Admin')];

    // --- Batch over every user. Rounds alternate between two tag sets, so every round really changes
    // half of the links, and every round moves every expiry.
    const batchApp: number[] = [];
    const batchRaw: number[] = [];
    const sets = [[standard, premium], [premium]];
    for (let round = 0; round < 4; round++) {
      const wanted = sets[round % 2]!;
      const measureApp = () =>
        timeIt(async () => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/Management/BatchUserOperation',
            headers: auth,
            payload: { permissionMap: wanted, expiryInDays: 30, rows: [] },
          });
          if (res.statusCode !== 200) throw new Error(res.body);
        });
      // The same statements the service runs, written by hand.
      const measureRaw = () =>
        timeIt(() =>
          db.transaction().execute(async (trx) => {
            const now = Date.now();
            const list = sql.join(wanted);
            await sql`delete from user_roles where role_id <> ${adminRole} and role_id not in (${list})`.execute(
              trx,
            );
            await sql`insert into user_roles (user_id, role_id, created_at) select u.id, r.id, cast(${now} as bigint) from users u join roles r on r.id in (${list}) where not exists (select 1 from user_roles e where e.user_id = u.id and e.role_id = r.id)`.execute(
              trx,
            );
            await sql`update users set member_expiry_date = (case when member_expiry_date is not null and member_expiry_date > cast(${now} as bigint) then member_expiry_date else cast(${now} as bigint) end) + cast(${30 * DAY} as bigint), updated_at = cast(${now} as bigint)`.execute(
              trx,
            );
            await sql`insert into audit_log (at, action, detail) values (cast(${now} as bigint), 'bench', '{}')`.execute(
              trx,
            );
          }),
        );
      // Alternate which goes first, and let each start from the same tag set.
      if (round % 2 === 0) {
        batchApp.push(await measureApp());
        await sql`delete from user_roles where role_id <> ${adminRole}`.execute(db);
        batchRaw.push(await measureRaw());
      } else {
        batchRaw.push(await measureRaw());
        await sql`delete from user_roles where role_id <> ${adminRole}`.execute(db);
        batchApp.push(await measureApp());
      }
    }
    // Autovacuum would clean up after such a batch within a minute; do it now so the list below is
    // measured on a table in its normal state.
    if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(db);

    // --- First page of the list, searched and filtered by tag.
    const listApp: number[] = [];
    const listRaw: number[] = [];
    const url = `/api/Management/GetUsers?current=1&pageSize=50&search=user1&roleId=${premium}`;
    for (let round = 0; round < 15; round++) {
      listApp.push(
        await timeIt(async () => {
          const res = await app.inject({ url, headers: auth });
          if (res.statusCode !== 200) throw new Error(res.body);
        }),
      );
      listRaw.push(
        await timeIt(async () => {
          const where = sql`(email_normalized like '%user1%' or lower(user_name) like '%user1%' or lower(nick_name) like '%user1%') and exists (select 1 from user_roles ur where ur.user_id = users.id and ur.role_id = ${premium})`;
          await sql`select count(*) from users where ${where}`.execute(db);
          const page = await sql<{
            id: string;
          }>`select id, email, user_name, member_expiry_date, member_credit, created_at from users where ${where} order by created_at desc, id limit 50`.execute(
            db,
          );
          const ids = page.rows.map((r) => r.id);
          if (ids.length)
            await sql`select user_id, role_id from user_roles where user_id in (${sql.join(ids)})`.execute(
              db,
            );
        }),
      );
    }
    await app.close();

    const report = (name: string, appMs: number[], rawMs: number[], target: string) => {
      const a = median(appMs);
      const r = median(rawMs);
      console.log(
        `${dialect} ${name}: app ${a.toFixed(1)} ms, raw SQL ${r.toFixed(1)} ms, ratio ${(a / r).toFixed(2)} (${target})`,
      );
    };
    console.log(`${dialect}: seeded ${USERS.toLocaleString('en')} users in ${(seedMs / 1000).toFixed(1)} s`);
    report('BatchUserOperation (all users)', batchApp, batchRaw, 'target < 2000 ms on PostgreSQL');
    report('GetUsers first page, search + tag filter', listApp, listRaw, 'target < 50 ms');
  });
}

if (import.meta.main) {
  await runUsersBench('sqlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runUsersBench('postgres', url);
  else console.log('postgres: skipped (set BENCH_DATABASE_URL)');
}
