import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuditActionIn } from '#shared/audit.ts';
import type { addOnchainAlertRequest } from '#shared/schemas/onchain.ts';
import type { DB } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

// What admins do with on-chain alerts (/admin/content/onchain): write one (published at once), change what
// one says, delete one, and publish or discard one the watcher queued. Status changes are their own
// operations. Every change is audited, and one that members can see (an alert published, a published one
// changed or deleted) records its hub event in the same transaction.

export type OnchainAlertInput = z.output<typeof addOnchainAlertRequest>;

const notFound = () => new DomainError('notFound', 'onchainAlertNotFound', { id: ['onchainAlertNotFound'] });
const exists = () => new DomainError('conflict', 'onchainAlertExists', { txHash: ['onchainAlertExists'] });
const notQueued = () =>
  new DomainError('conflict', 'onchainAlertNotQueued', { id: ['onchainAlertNotQueued'] });

async function record(
  trx: Transaction<DB>,
  action: AuditActionIn<'admin.onchain.'>,
  id: number,
  actor: Actor,
  detail?: Record<string, unknown>,
) {
  await audit(trx, {
    action: `admin.onchain.${action}`,
    actorId: actor.userId,
    targetType: 'onchainAlert',
    targetId: String(id),
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail,
  });
}

const columnsOf = (input: OnchainAlertInput, now: number) => ({
  chain: input.chain,
  asset: input.asset,
  token_address: input.tokenAddress,
  amount: input.amount,
  usd_value: input.usdValue,
  from_address: input.fromAddress,
  to_address: input.toAddress,
  direction: input.direction,
  tx_hash: input.txHash,
  log_index: input.logIndex,
  block_number: input.blockNumber,
  occurred_at: input.occurredAt ?? now,
  importance: input.importance,
  comment: input.comment,
});

/** Refuses a transfer (chain, transaction, log index) another alert already is. */
async function checkUnique(trx: Transaction<DB>, input: OnchainAlertInput, except?: number) {
  if (input.logIndex === null) return;
  let query = trx
    .selectFrom('onchain_alerts')
    .select('id')
    .where('chain', '=', input.chain)
    .where('tx_hash', '=', input.txHash)
    .where('log_index', '=', input.logIndex);
  if (except !== undefined) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst()) throw exists();
}

/** An alert written by an admin: published at once, and pushed to members. */
export async function addOnchainAlert(
  db: Kysely<DB>,
  input: OnchainAlertInput,
  actor: Actor,
  now = Date.now(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    await checkUnique(trx, input);
    const { id } = await trx
      .insertInto('onchain_alerts')
      .values({
        ...columnsOf(input, now),
        status: 'published',
        source: 'manual',
        published_at: now,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordHubEvent(trx, { name: 'onchain.published', alertId: id });
    await record(trx, 'addAlert', id, actor, input);
    return id;
  });
}

/** Changes what an alert says, whatever its status; members see a published one change live. */
export async function updateOnchainAlert(
  db: Kysely<DB>,
  id: number,
  input: OnchainAlertInput,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const alert = await trx
      .selectFrom('onchain_alerts')
      .select(['status', 'occurred_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!alert) throw notFound();
    await checkUnique(trx, input, id);
    await trx
      .updateTable('onchain_alerts')
      // Without a time, the alert keeps the one it has.
      .set({ ...columnsOf(input, alert.occurred_at), updated_at: now })
      .where('id', '=', id)
      .execute();
    if (alert.status === 'published')
      await recordHubEvent(trx, { name: 'onchain.published', alertId: id, edited: true });
    await record(trx, 'updateAlert', id, actor, input);
  });
}

export async function deleteOnchainAlert(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const alert = await trx
      .selectFrom('onchain_alerts')
      .select(['chain', 'asset', 'amount', 'tx_hash', 'log_index', 'status', 'source'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!alert) throw notFound();
    await trx.deleteFrom('onchain_alerts').where('id', '=', id).execute();
    if (alert.status === 'published') await recordHubEvent(trx, { name: 'onchain.removed', alertId: id });
    await record(trx, 'deleteAlert', id, actor, alert);
  });
}

/** A queued alert goes to members (queued → published); any other status is refused. */
export async function publishOnchainAlert(
  db: Kysely<DB>,
  id: number,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await changeQueued(trx, id, { status: 'published', published_at: now, updated_at: now });
    await recordHubEvent(trx, { name: 'onchain.published', alertId: id });
    await record(trx, 'publishAlert', id, actor);
  });
}

/** A queued alert is set aside (queued → discarded): it stays, so the watcher never queues it again. */
export async function discardOnchainAlert(
  db: Kysely<DB>,
  id: number,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await changeQueued(trx, id, { status: 'discarded', updated_at: now });
    await record(trx, 'discardAlert', id, actor);
  });
}

async function changeQueued(
  trx: Transaction<DB>,
  id: number,
  change: { status: string; published_at?: number; updated_at: number },
) {
  const updated = await trx
    .updateTable('onchain_alerts')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  const alert = await trx.selectFrom('onchain_alerts').select('id').where('id', '=', id).executeTakeFirst();
  throw alert ? notQueued() : notFound();
}
