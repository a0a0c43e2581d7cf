import { z } from 'zod';
import { CREDIT_KINDS, INVITATION_LIMITS } from '../invitations.ts';
import { adminReason, invitationPageQuery } from './invitations.ts';

// Member credit (spec §3 memberCredit, shown as the profile's "points"): a ledger of every change, whose
// sum is the balance; admins adjust it from the user detail page with a reason.

/** What the refusal of a change that would take a balance below 0 carries (status 409). */
export const NEGATIVE_BALANCE_CODE = 'creditWouldGoNegative';

export const creditEntry = z.object({
  id: z.number(),
  /** Signed: a reward adds, a reversal takes away. */
  amount: z.number(),
  /** The balance after this entry. */
  balance: z.number(),
  kind: z.enum(CREDIT_KINDS),
  /** The admin's reason (adjustments, reversals); null for automatic entries. */
  reason: z.string().nullable(),
  /** What the entry belongs to, e.g. `{ type: 'invitation-reward', id: '12' }`. */
  reference: z.object({ type: z.string(), id: z.string() }).nullable(),
  at: z.string(),
  /** E-mail of the admin who acted; only admins are told (members see null). */
  actor: z.string().nullable(),
});
export type CreditEntry = z.infer<typeof creditEntry>;

/** A page of a ledger, newest first, with the balance. */
export const creditLedgerPage = z.object({
  balance: z.number(),
  records: z.array(creditEntry),
  total: z.number(),
});
export type CreditLedgerPage = z.infer<typeof creditLedgerPage>;

export const creditLedgerQuery = invitationPageQuery.extend({ userId: z.string().min(1).max(100) });
export type CreditLedgerQuery = z.input<typeof creditLedgerQuery>;

export const adjustCreditRequest = z.object({
  userId: z.string().min(1, 'userNotFound').max(100, 'userNotFound'),
  amount: z
    .number({ message: 'creditAmountInvalid' })
    .int('creditAmountInvalid')
    .min(-INVITATION_LIMITS.adjustMax, 'creditAmountInvalid')
    .max(INVITATION_LIMITS.adjustMax, 'creditAmountInvalid')
    .refine((value) => value !== 0, 'creditAmountInvalid'),
  reason: adminReason,
  /** Take the balance below 0 if it must (sent after the first answer refused it). */
  allowNegative: z.boolean().optional(),
});
export type AdjustCreditRequest = z.input<typeof adjustCreditRequest>;

export const adjustCreditResponse = z.object({ balance: z.number(), entryId: z.number() });
