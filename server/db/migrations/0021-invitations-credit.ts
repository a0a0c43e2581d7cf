import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Invitation rebate and member credit (issue 17).
 *
 * - `users.invited_by`: who invited the account, set when it is created and never changed.
 * - `invite_codes`: one code per person (made the first time they look at their invitation page).
 * - `invitation_settings`: the one row of the reward admins configure (at first 100 points, days off).
 * - `invitation_rewards`: one row per invitee (unique), inserted in the transaction of the grant that first
 *   made them a member; the unique invitee is what makes the reward exactly once, however many grants race.
 * - `credit_ledger`: every change of `users.member_credit`, with the balance after it, written in the same
 *   transaction as the change. Balances from before get an opening entry, so the ledger sums to the balance.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const admin = (c: ColumnDefinitionBuilder) => c.references('users.id').onDelete('set null');

  await db.schema
    .alterTable('users')
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // An inviter's list of invitees, newest first.
  await db.schema
    .createIndex('users_invited_by_idx')
    .on('users')
    .columns(['invited_by', 'created_at'])
    .where(sql.ref('invited_by'), 'is not', null)
    .execute();

  await db.schema
    .createTable('invite_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invitation_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('credit_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_amount', 'integer', (c) => c.notNull())
    .addColumn('days_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('days_amount', 'integer', (c) => c.notNull())
    .addColumn('updated_at', epochMs)
    .addColumn('updated_by', 'text', admin)
    .addCheckConstraint('invitation_settings_one_row', sql`id = 1`)
    .addCheckConstraint(
      'invitation_settings_amounts',
      sql`credit_amount between 1 and 1000000 and days_amount between 1 and 365`,
    )
    .execute();
  await db
    .insertInto('invitation_settings')
    .values({ id: 1, credit_enabled: 1, credit_amount: 100, days_enabled: 0, days_amount: 7 })
    .execute();

  await db.schema
    .createTable('invitation_rewards')
    .addColumn('id', 'integer', id)
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    // What was granted (0: that part was off); a reversal keeps them and sets reversed_at.
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    // The inviter's membership expiry before and after the days were added: a reversal that finds it still
    // as the reward left it puts it back exactly (none at all, for an inviter who had none).
    .addColumn('expiry_before', epochMs)
    .addColumn('expiry_after', epochMs)
    .addColumn('granted_at', epochMs, (c) => c.notNull())
    .addColumn('granted_by', 'text', admin)
    .addColumn('reversed_at', epochMs)
    .addColumn('reversed_by', 'text', admin)
    .addColumn('reverse_reason', 'text')
    .addCheckConstraint('invitation_rewards_amounts', sql`credit >= 0 and days >= 0`)
    .execute();
  await db.schema
    .createIndex('invitation_rewards_inviter_idx')
    .on('invitation_rewards')
    .columns(['inviter_id', 'granted_at'])
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('actor_id', 'text', admin)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addCheckConstraint('credit_ledger_amount', sql`amount <> 0`)
    .addCheckConstraint(
      'credit_ledger_kind',
      sql`kind in ('opening', 'invitation-reward', 'invitation-reversal', 'adjustment')`,
    )
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_idx')
    .on('credit_ledger')
    .columns(['user_id', 'id'])
    .execute();

  // Balances set before the ledger existed (nothing in the portal wrote them, but a database may have).
  const now = Date.now();
  await sql`insert into credit_ledger (user_id, amount, balance, kind, created_at)
    select id, member_credit, member_credit, 'opening', ${now} from users where member_credit <> 0`.execute(
    db,
  );
}
