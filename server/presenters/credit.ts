import { CREDIT_KINDS, type CreditKind } from '#shared/invitations.ts';
import type { CreditEntry, CreditLedgerPage } from '#shared/schemas/credit.ts';
import type { LedgerRow } from '../services/credit-ledger.ts';
import { isoTime } from './common.ts';

const kindOf = (kind: string): CreditKind => CREDIT_KINDS.find((k) => k === kind) ?? 'adjustment';

/** One ledger entry; the acting admin's e-mail only for admins. */
export function presentCreditEntry(row: LedgerRow, audience: 'member' | 'admin'): CreditEntry {
  return {
    id: row.id,
    amount: row.amount,
    balance: row.balance,
    kind: kindOf(row.kind),
    reason: row.reason,
    reference: row.ref_type && row.ref_id ? { type: row.ref_type, id: row.ref_id } : null,
    at: isoTime(row.created_at),
    actor: audience === 'admin' ? row.actor_email : null,
  };
}

export function presentCreditLedger(
  ledger: { balance: number; total: number; rows: LedgerRow[] },
  audience: 'member' | 'admin',
): CreditLedgerPage {
  return {
    balance: ledger.balance,
    total: ledger.total,
    records: ledger.rows.map((row) => presentCreditEntry(row, audience)),
  };
}
