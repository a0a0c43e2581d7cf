import { type Kysely, sql, type Transaction } from 'kysely';
import { ROLE } from '#shared/roles.ts';
import type { Dialect } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';
import { rewardNewMembers } from './invitation-rewards.ts';
import { normalizeEmail } from './user-lookup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A user's tag names, sorted (what the audit log shows before and after a change). */
async function tagNamesOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.name')
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.name')
    .execute();
  return rows.map((r) => r.name);
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

async function adminRoleId(db: Kysely<DB>): Promise<number> {
  return (await db.selectFrom('roles').select('id').where('name', '=', ROLE.admin).executeTakeFirstOrThrow())
    .id;
}

/** Role ids must all exist and must not include Admin (which batch and tag screens never touch). */
async function checkRoleIds(db: Kysely<DB>, ids: number[], field: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if (unique.includes(await adminRoleId(db)))
    throw new DomainError('invalid', 'adminTagLocked', { [field]: ['adminTagLocked'] });
  const found = await db.selectFrom('roles').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length)
    throw new DomainError('invalid', 'unknownRoles', { [field]: ['unknownRoles'] });
}

type BatchInput = {
  permissionMap?: number[] | null | undefined;
  expiryInDays?: number | null | undefined;
  rows?: string[] | null | undefined;
};

/**
 * The batch operation of the user list, as one set-based transaction: the selected users' tags become
 * `permissionMap` (the Admin tag is never added or removed), and their membership expiry moves by
 * `expiryInDays` from the later of now and the current expiry. No rows means every user.
 * Overlapping batches are serialized (advisory lock on PostgreSQL; SQLite has one writer).
 */
export async function batchUserOperation(
  db: Kysely<DB>,
  dialect: Dialect,
  input: BatchInput,
  actor: Actor,
  now = Date.now(),
): Promise<{ affected: number; eventId: number }> {
  const rows = [...new Set(input.rows ?? [])];
  const everyone = rows.length === 0;
  if (input.permissionMap) await checkRoleIds(db, input.permissionMap, 'permissionMap');
  const admin = await adminRoleId(db);

  return inTransaction(db, async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${BATCH_LOCK_ID})`.execute(trx);
    let affected: number;
    if (everyone) {
      affected = Number(
        (
          await trx
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    } else {
      const found = await trx.selectFrom('users').select('id').where('id', 'in', rows).execute();
      if (found.length !== rows.length)
        throw new DomainError('invalid', 'unknownUsers', { rows: ['unknownUsers'] });
      affected = rows.length;
    }

    if (input.permissionMap) {
      // Only what changes is written: links to drop, then links that are missing.
      const wanted = [...new Set(input.permissionMap)];
      let remove = trx.deleteFrom('user_roles').where('role_id', '<>', admin);
      if (wanted.length) remove = remove.where('role_id', 'not in', wanted);
      if (!everyone) remove = remove.where('user_id', 'in', rows);
      await remove.execute();
      if (wanted.length) {
        await trx
          .insertInto('user_roles')
          .columns(['user_id', 'role_id', 'created_at'])
          .expression((eb) => {
            let select = eb
              .selectFrom('users')
              .innerJoin('roles', (join) => join.on('roles.id', 'in', wanted))
              .select(['users.id', 'roles.id as role_id', sql<number>`${now}`.as('created_at')])
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('user_roles as existing')
                      .select('existing.user_id')
                      .whereRef('existing.user_id', '=', 'users.id')
                      .whereRef('existing.role_id', '=', 'roles.id'),
                  ),
                ),
              );
            if (!everyone) select = select.where('users.id', 'in', rows);
            return select;
          })
          // A concurrent AssignUserRole may have added the same link since this statement's snapshot.
          .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
          .execute();
      }
    }

    if (input.expiryInDays !== null && input.expiryInDays !== undefined) {
      const shift = input.expiryInDays * DAY_MS;
      let update = trx.updateTable('users').set({
        member_expiry_date: sql<number>`(case when member_expiry_date is not null and member_expiry_date > ${now} then member_expiry_date else ${now} end) + ${shift}`,
        updated_at: now,
      });
      if (!everyone) update = update.where('id', 'in', rows);
      await update.execute();
    }

    // Invitees who are members now for the first time bring their inviters the reward (exactly once).
    const inviters = await rewardNewMembers(trx, { userIds: everyone ? 'all' : rows, actor, now });

    await audit(trx, {
      action: 'admin.users.batch',
      actorId: actor.userId,
      targetType: 'users',
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: {
        affected,
        everyone,
        permissionMap: input.permissionMap ?? null,
        expiryInDays: input.expiryInDays ?? null,
      },
    });
    // Connected people are re-read after commit; recorded here so that the change cannot commit without it.
    const eventId = await recordHubEvent(trx, {
      name: 'access.changed',
      userIds: everyone ? 'all' : [...new Set([...rows, ...inviters])],
    });
    return { affected, eventId };
  });
}

const BATCH_LOCK_ID = 715_302;

export async function addRole(db: Kysely<DB>, name: string, actor: Actor) {
  const trimmed = name.trim();
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('roles')
      .values({ name: trimmed, name_normalized: trimmed.toLowerCase(), built_in: 0, created_at: Date.now() })
      .onConflict((oc) => oc.column('name_normalized').doNothing())
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!inserted) throw new DomainError('invalid', 'tagExists', { name: ['tagExists'] });
    await audit(trx, {
      action: 'admin.roles.add',
      actorId: actor.userId,
      targetType: 'role',
      targetId: String(inserted.id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { name: trimmed },
    });
    return inserted;
  });
}

/** Deletes a tag and, in the same transaction, removes it from its users. Only the Admin tag stays. */
export async function deleteRole(db: Kysely<DB>, id: number, actor: Actor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const role = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!role) throw new DomainError('notFound', 'tagNotFound', { id: ['tagNotFound'] });
    if (role.name === ROLE.admin)
      throw new DomainError('invalid', 'adminTagLocked', { id: ['adminTagLocked'] });
    const removed = await trx.deleteFrom('user_roles').where('role_id', '=', id).executeTakeFirst();
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    await audit(trx, {
      action: 'admin.roles.delete',
      actorId: actor.userId,
      targetType: 'role',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { name: role.name, usersUntagged: Number(removed.numDeletedRows) },
    });
    return recordHubEvent(trx, { name: 'access.changed', userIds: 'all' });
  });
}

/** The detail page's "edit permissions": tags (Admin kept as it is), membership days from now, e-mail. */
export async function assignUserRole(
  db: Kysely<DB>,
  input: {
    userId: string;
    permissionMap: number[];
    memberDays?: number | null | undefined;
    email?: string | undefined;
  },
  actor: Actor,
  now = Date.now(),
): Promise<number> {
  await checkRoleIds(db, input.permissionMap, 'permissionMap');
  const admin = await adminRoleId(db);
  return inTransaction(db, async (trx: Transaction<DB>) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'member_expiry_date'])
      .where('id', '=', input.userId)
      .executeTakeFirst();
    if (!user) throw new DomainError('notFound', 'userNotFound', { userId: ['userNotFound'] });
    const before = {
      tags: await tagNamesOf(trx, input.userId),
      memberExpiryDate: isoOrNull(user.member_expiry_date),
      email: user.email,
    };
    await trx
      .deleteFrom('user_roles')
      .where('user_id', '=', input.userId)
      .where('role_id', '<>', admin)
      .execute();
    const wanted = [...new Set(input.permissionMap)];
    if (wanted.length) {
      await trx
        .insertInto('user_roles')
        .values(wanted.map((roleId) => ({ user_id: input.userId, role_id: roleId, created_at: now })))
        // The same assignment made at the same moment (another request or process) may have added it.
        .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
        .execute();
    }
    const changes: Partial<{
      member_expiry_date: number | null;
      email: string;
      email_normalized: string;
      user_name: string;
    }> = {};
    if (input.memberDays !== undefined)
      changes.member_expiry_date = input.memberDays === null ? null : now + input.memberDays * DAY_MS;
    if (input.email && normalizeEmail(input.email) !== normalizeEmail(user.email)) {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('email_normalized', '=', normalizeEmail(input.email))
        .executeTakeFirst();
      if (taken) throw new DomainError('invalid', 'emailTaken', { email: ['emailTaken'] });
      changes.email = input.email.trim();
      changes.email_normalized = normalizeEmail(input.email);
      changes.user_name = input.email.trim();
    }
    if (Object.keys(changes).length) {
      await trx
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', input.userId)
        .execute();
    }
    await audit(trx, {
      action: 'admin.users.assign',
      actorId: actor.userId,
      targetType: 'user',
      targetId: input.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: {
        permissionMap: wanted,
        memberDays: input.memberDays ?? null,
        emailChanged: Boolean(changes.email),
        before,
        after: {
          tags: await tagNamesOf(trx, input.userId),
          memberExpiryDate: isoOrNull(
            changes.member_expiry_date === undefined ? user.member_expiry_date : changes.member_expiry_date,
          ),
          email: changes.email ?? user.email,
        },
      },
    });
    // An invitee who is a member now for the first time brings their inviter the reward (exactly once).
    const inviters = await rewardNewMembers(trx, { userIds: [input.userId], actor, now });
    return recordHubEvent(trx, { name: 'access.changed', userIds: [input.userId, ...inviters] });
  });
}
