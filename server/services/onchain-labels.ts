import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuditActionIn } from '#shared/audit.ts';
import { type addOnchainLabelRequest, ONCHAIN_LIMITS } from '#shared/schemas/onchain.ts';
import type { DB, OnchainAddressLabelsTable } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction } from './hub-events.ts';

// The address labels of on-chain monitoring: an address (lower case, the same on every chain) → its owner's
// name and kind. Alerts show them as they are when read, so a corrected label corrects every alert; the
// watcher reads the exchange labels when it finds a transfer, to tell its direction. Audited.

export type OnchainLabelRow = Selectable<OnchainAddressLabelsTable>;
export type OnchainLabelInput = z.output<typeof addOnchainLabelRequest>;

const notFound = () => new DomainError('notFound', 'onchainLabelNotFound', { id: ['onchainLabelNotFound'] });
const exists = () => new DomainError('conflict', 'onchainLabelExists', { address: ['onchainLabelExists'] });

export async function listOnchainLabels(db: Kysely<DB>): Promise<OnchainLabelRow[]> {
  return db.selectFrom('onchain_address_labels').selectAll().orderBy('name').orderBy('address').execute();
}

/** Of these addresses (lower case), those labelled as an exchange's. */
export async function exchangeAddresses(db: Kysely<DB>, addresses: readonly string[]): Promise<Set<string>> {
  const distinct = [...new Set(addresses)];
  const found = new Set<string>();
  // Within both databases' parameter limits.
  for (let i = 0; i < distinct.length; i += 500) {
    const rows = await db
      .selectFrom('onchain_address_labels')
      .select('address')
      .where('kind', '=', 'exchange')
      .where('address', 'in', distinct.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.address);
  }
  return found;
}

async function checkAddress(trx: Transaction<DB>, address: string, except?: number) {
  let query = trx.selectFrom('onchain_address_labels').select('id').where('address', '=', address);
  if (except !== undefined) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst()) throw exists();
}

async function record(
  trx: Transaction<DB>,
  action: AuditActionIn<'admin.onchain.'>,
  id: number,
  actor: Actor,
  detail: object,
) {
  await audit(trx, {
    action: `admin.onchain.${action}`,
    actorId: actor.userId,
    targetType: 'onchainLabel',
    targetId: String(id),
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { ...detail },
  });
}

export async function addOnchainLabel(
  db: Kysely<DB>,
  input: OnchainLabelInput,
  actor: Actor,
  now = Date.now(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    await checkAddress(trx, input.address);
    const count = await trx
      .selectFrom('onchain_address_labels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= ONCHAIN_LIMITS.labels)
      throw new DomainError('invalid', 'onchainLabelsTooMany', { address: ['onchainLabelsTooMany'] });
    const { id } = await trx
      .insertInto('onchain_address_labels')
      .values({ ...input, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(trx, 'addLabel', id, actor, input);
    return id;
  });
}

export async function updateOnchainLabel(
  db: Kysely<DB>,
  id: number,
  input: OnchainLabelInput,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await checkAddress(trx, input.address, id);
    const updated = await trx
      .updateTable('onchain_address_labels')
      .set({ ...input, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound();
    await record(trx, 'updateLabel', id, actor, input);
  });
}

export async function deleteOnchainLabel(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const label = await trx
      .selectFrom('onchain_address_labels')
      .select(['address', 'name', 'kind'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!label) throw notFound();
    await trx.deleteFrom('onchain_address_labels').where('id', '=', id).execute();
    await record(trx, 'deleteLabel', id, actor, label);
  });
}
