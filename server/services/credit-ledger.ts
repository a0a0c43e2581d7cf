import { type Kysely, sql, type Transaction } from 'kysely';
import type { CreditKind } from '#shared/invitations.ts';
import { NEGATIVE_BALANCE_CODE } from '#shared/schemas/credit.ts';
import type { DB } from '../db/schema.ts';
import { mustStayAtOrAboveZero } from '../policies/credit.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction } from './hub-events.ts';

// Member credit: `users.member_credit` is the balance, `credit_ledger` every change of it. Both are written
// by changeCredit only, in one transaction, so the ledger always sums to the balance.

export type CreditChange = {
  userId: string;
  amount: number;
  kind: CreditKind;
  /** The admin's reason (adjustments, reversals). */
  reason?: string | null | undefined;
  reference?: { type: string; id: string } | null | undefined;
  actorId?: string | null | undefined;
  /** The admin confirmed that the balance may go below 0. */
  allowNegative?: boolean | undefined;
  now?: number | undefined;
};

/**
 * Moves a balance and records the entry, inside the caller's transaction. The balance is changed by one
 * conditional update (atomic on both databases, whatever runs beside it); a decrease that would take it below
 * 0 without `allowNegative` is refused with 409 and the balance in the problem, for the web app to ask.
 */
export async function changeCredit(
  trx: Transaction<DB>,
  change: CreditChange,
): Promise<{ balance: number; entryId: number }> {
  const now = change.now ?? Date.now();
  let update = trx
    .updateTable('users')
    .set({ member_credit: sql<number>`member_credit + ${change.amount}` })
    .where('id', '=', change.userId);
  if (mustStayAtOrAboveZero({ amount: change.amount, allowNegative: change.allowNegative === true })) {
    update = update.where(sql<boolean>`member_credit + ${change.amount} >= 0`);
  }
  const updated = await update.returning('member_credit').executeTakeFirst();
  if (!updated) {
    const user = await trx
      .selectFrom('users')
      .select('member_credit')
      .where('id', '=', change.userId)
      .executeTakeFirst();
    if (!user) throw new DomainError('notFound', 'userNotFound', { userId: ['userNotFound'] });
    throw new DomainError(
      'conflict',
      NEGATIVE_BALANCE_CODE,
      { allowNegative: [NEGATIVE_BALANCE_CODE] },
      {
        code: NEGATIVE_BALANCE_CODE,
        balance: user.member_credit,
        balanceAfter: user.member_credit + change.amount,
      },
    );
  }
  const entry = await trx
    .insertInto('credit_ledger')
    .values({
      user_id: change.userId,
      amount: change.amount,
      balance: updated.member_credit,
      kind: change.kind,
      reason: change.reason ?? null,
      ref_type: change.reference?.type ?? null,
      ref_id: change.reference?.id ?? null,
      actor_id: change.actorId ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { balance: updated.member_credit, entryId: entry.id };
}

/** An admin's adjustment from the user detail page, with its reason and an audit row. */
export async function adjustCredit(
  db: Kysely<DB>,
  input: { userId: string; amount: number; reason: string; allowNegative?: boolean | undefined },
  actor: Actor,
): Promise<{ balance: number; entryId: number }> {
  return inTransaction(db, async (trx) => {
    const result = await changeCredit(trx, {
      userId: input.userId,
      amount: input.amount,
      kind: 'adjustment',
      reason: input.reason,
      actorId: actor.userId,
      allowNegative: input.allowNegative,
    });
    await audit(trx, {
      action: 'admin.credit.adjust',
      actorId: actor.userId,
      targetType: 'user',
      targetId: input.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: {
        amount: input.amount,
        reason: input.reason,
        balance: result.balance,
        entryId: result.entryId,
        belowZeroConfirmed: result.balance < 0 && input.allowNegative === true,
      },
    });
    return result;
  });
}

/** A page of a person's ledger, newest first, with their balance; the acting admin's e-mail beside each. */
export async function ledgerOf(db: Kysely<DB>, userId: string, page: { offset: number; limit: number }) {
  const user = await db
    .selectFrom('users')
    .select('member_credit')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new DomainError('notFound', 'userNotFound', { userId: ['userNotFound'] });
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('credit_ledger as l')
      .leftJoin('users as a', 'a.id', 'l.actor_id')
      .select([
        'l.id',
        'l.amount',
        'l.balance',
        'l.kind',
        'l.reason',
        'l.ref_type',
        'l.ref_id',
        'l.created_at',
        'a.email as actor_email',
      ])
      .where('l.user_id', '=', userId)
      .orderBy('l.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { balance: user.member_credit, total: Number(total), rows };
}

export type LedgerRow = Awaited<ReturnType<typeof ledgerOf>>['rows'][number];
