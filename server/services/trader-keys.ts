import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { encrypt } from '../security/crypto.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

const hintOf = (value: string) => value.slice(-4);

/** Every trader key with the tag ids it admits, its last check and its sync state, in id order. */
export async function listTraderKeys(db: Kysely<DB>) {
  const [keys, links, checks, syncs] = await Promise.all([
    db.selectFrom('trader_keys').selectAll().orderBy('id').execute(),
    db.selectFrom('trader_key_roles').selectAll().orderBy('role_id').execute(),
    db.selectFrom('trader_key_checks').selectAll().execute(),
    db
      .selectFrom('trader_key_sync')
      .select(['key_id', 'state', 'reconciled_at', 'last_error', 'last_error_at'])
      .execute(),
  ]);
  const checkOf = new Map(checks.map((row) => [row.key_id, row]));
  const syncOf = new Map(syncs.map((row) => [row.key_id, row]));
  return keys.map((key) => ({
    key,
    roleIds: links.filter((l) => l.key_id === key.id).map((l) => l.role_id),
    check: checkOf.get(key.id),
    sync: syncOf.get(key.id),
  }));
}

/** Every trader key's id, name and whether it is on. */
export function traderSummaries(db: Kysely<DB>) {
  return db.selectFrom('trader_keys').select(['id', 'key_name', 'is_active']).orderBy('id').execute();
}

/** A trader key's id and name; undefined once deleted. */
export function traderKeyName(db: Kysely<DB>, keyId: number) {
  return db.selectFrom('trader_keys').select(['id', 'key_name']).where('id', '=', keyId).executeTakeFirst();
}

export async function addTraderKey(
  db: Kysely<DB>,
  secretsKey: Buffer,
  input: {
    keyName: string;
    keyValue: string;
    secretValue: string;
    coEfficient: number;
    leverageCoefficient: number;
    isActive: boolean;
  },
  actor: Actor,
): Promise<number> {
  const now = Date.now();
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('trader_keys')
      .values({
        key_name: input.keyName,
        key_value_enc: encrypt(secretsKey, input.keyValue),
        secret_value_enc: encrypt(secretsKey, input.secretValue),
        key_hint: hintOf(input.keyValue),
        co_efficient: input.coEfficient,
        leverage_coefficient: input.leverageCoefficient,
        is_active: input.isActive ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      action: 'admin.traders.add',
      actorId: actor.userId,
      targetType: 'trader',
      targetId: String(row.id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { keyName: input.keyName },
    });
    return row.id;
  });
}

/** Updates a key; a blank or absent key/secret keeps the stored one. */
export async function updateTraderKey(
  db: Kysely<DB>,
  secretsKey: Buffer,
  input: {
    id: number;
    keyName: string;
    keyValue?: string | undefined;
    secretValue?: string | undefined;
    coEfficient: number;
    leverageCoefficient: number;
    /** Absent: the key stays as active or inactive as it is. */
    isActive?: boolean | undefined;
  },
  actor: Actor,
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('trader_keys')
      .select(['id', 'is_active', 'key_name', 'co_efficient', 'leverage_coefficient'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!existing) throw new DomainError('notFound', 'traderKeyNotFound', { id: ['traderKeyNotFound'] });
    await trx
      .updateTable('trader_keys')
      .set({
        key_name: input.keyName,
        co_efficient: input.coEfficient,
        leverage_coefficient: input.leverageCoefficient,
        ...(input.isActive === undefined ? {} : { is_active: input.isActive ? 1 : 0 }),
        updated_at: Date.now(),
        ...(input.keyValue
          ? { key_value_enc: encrypt(secretsKey, input.keyValue), key_hint: hintOf(input.keyValue) }
          : {}),
        ...(input.secretValue ? { secret_value_enc: encrypt(secretsKey, input.secretValue) } : {}),
      })
      .where('id', '=', input.id)
      .execute();
    const events = [];
    if (input.isActive !== undefined && (existing.is_active === 1) !== input.isActive)
      events.push(await recordHubEvent(trx, { name: 'access.changed', userIds: 'all' }));
    await audit(trx, {
      action: 'admin.traders.update',
      actorId: actor.userId,
      targetType: 'trader',
      targetId: String(input.id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      // Never the key or the secret themselves: only whether they were replaced.
      detail: {
        keyChanged: Boolean(input.keyValue),
        secretChanged: Boolean(input.secretValue),
        before: {
          keyName: existing.key_name,
          coEfficient: existing.co_efficient,
          leverageCoefficient: existing.leverage_coefficient,
          isActive: existing.is_active === 1,
        },
        after: {
          keyName: input.keyName,
          coEfficient: input.coEfficient,
          leverageCoefficient: input.leverageCoefficient,
          isActive: input.isActive ?? existing.is_active === 1,
        },
      },
    });
    return events;
  });
}

/** The active switch: a status change of its own. Deactivating stops delivery of the key's strategies. */
export async function activateTraderKey(
  db: Kysely<DB>,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('trader_keys')
      .set({ is_active: active ? 1 : 0, updated_at: Date.now() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw new DomainError('notFound', 'traderKeyNotFound', { apiKeyId: ['traderKeyNotFound'] });
    await audit(trx, {
      action: active ? 'admin.traders.activate' : 'admin.traders.deactivate',
      actorId: actor.userId,
      targetType: 'trader',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return [await recordHubEvent(trx, { name: 'access.changed', userIds: 'all' })];
  });
}

/** Which role tags may subscribe to the key. Members who no longer qualify stop receiving it at once. */
export async function setTraderKeyRoles(
  db: Kysely<DB>,
  id: number,
  roleIds: number[],
  actor: Actor,
): Promise<number[]> {
  const wanted = [...new Set(roleIds)];
  return inTransaction(db, async (trx) => {
    const key = await trx.selectFrom('trader_keys').select('id').where('id', '=', id).executeTakeFirst();
    if (!key) throw new DomainError('notFound', 'traderKeyNotFound', { id: ['traderKeyNotFound'] });
    const tagNames = async () =>
      (
        await trx
          .selectFrom('trader_key_roles')
          .innerJoin('roles', 'roles.id', 'trader_key_roles.role_id')
          .select('roles.name')
          .where('trader_key_roles.key_id', '=', id)
          .orderBy('roles.name')
          .execute()
      ).map((r) => r.name);
    const before = await tagNames();
    if (wanted.length) {
      const found = await trx.selectFrom('roles').select('id').where('id', 'in', wanted).execute();
      if (found.length !== wanted.length)
        throw new DomainError('invalid', 'unknownRoles', { permissionMap: ['unknownRoles'] });
    }
    await trx.deleteFrom('trader_key_roles').where('key_id', '=', id).execute();
    if (wanted.length)
      await trx
        .insertInto('trader_key_roles')
        .values(wanted.map((role_id) => ({ key_id: id, role_id })))
        .execute();
    await audit(trx, {
      action: 'admin.traders.permissions',
      actorId: actor.userId,
      targetType: 'trader',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { permissionMap: wanted, before: { tags: before }, after: { tags: await tagNames() } },
    });
    return [await recordHubEvent(trx, { name: 'access.changed', userIds: 'all' })];
  });
}
