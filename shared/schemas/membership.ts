import { z } from 'zod';

// Membership expiry reminders and notices: the signed-in person's pending notice (a reminder 7 days or 1 day
// before their membership ends, or the notice that it has ended) and its dismissal; the admins' view of the
// reminders of one user.

/** Whom to contact to renew (MEMBERSHIP_CONTACT): the text as configured, and a link when it is one. */
export const membershipContact = z.object({
  text: z.string(),
  /** mailto: for an e-mail address, the address itself for a web address; null for other text. */
  href: z.string().nullable(),
});
export type MembershipContact = z.infer<typeof membershipContact>;

export const membershipNotice = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reminder'),
    /** The reminder's threshold: the membership ends within this many days. */
    thresholdDays: z.union([z.literal(7), z.literal(1)]),
    /** When the membership ends (ISO date-time). */
    expiryDate: z.string(),
  }),
  z.object({
    kind: z.literal('ended'),
    /** When the membership ended (ISO date-time). */
    expiryDate: z.string(),
  }),
]);
export type MembershipNotice = z.infer<typeof membershipNotice>;

/** GET /api/MembershipNotice/Pending: the notice to show now, if any, and whom to contact. */
export const pendingMembershipNotice = z.object({
  notice: membershipNotice.nullable(),
  /** Null: no contact is configured (people are told to contact customer service). */
  contact: membershipContact.nullable(),
});
export type PendingMembershipNotice = z.infer<typeof pendingMembershipNotice>;

/** POST /api/MembershipNotice/Dismiss: closes the notice of that kind for that expiry date, on every device. */
export const dismissMembershipNoticeRequest = z.object({
  kind: z.enum(['reminder', 'ended']),
  expiryDate: z.iso.datetime({ offset: true }),
});
export type DismissMembershipNoticeRequest = z.input<typeof dismissMembershipNoticeRequest>;

/** Where a reminder's mail stands: in the outbox, retried after a refusal, delivered, given up, or none. */
export const REMINDER_MAIL_STATES = ['queued', 'retrying', 'sent', 'failed', 'none', 'unknown'] as const;
export type ReminderMailState = (typeof REMINDER_MAIL_STATES)[number];

/** One row of the admins' list of a user's reminders (newest first). */
export const membershipReminder = z.object({
  id: z.number(),
  /** 7 or 1: a reminder (mail and notice); 0: the in-app notice that the membership ended. */
  thresholdDays: z.union([z.literal(7), z.literal(1), z.literal(0)]),
  /** The expiry date the reminder was for (a renewal moves it, and later reminders are for the new one). */
  expiryDate: z.string(),
  /** When it was recorded: the reminder sent, or the ended notice closed. */
  at: z.string(),
  /** The language of the mail (null: no mail). */
  locale: z.enum(['zh', 'en']).nullable(),
  mail: z.object({
    state: z.enum(REMINDER_MAIL_STATES),
    /** When it was delivered or given up. */
    at: z.string().nullable(),
    attempts: z.number(),
    /** The last refusal while it is retried or once given up. */
    error: z.string().nullable(),
  }),
  /** When the person closed the in-app notice (null: not yet). */
  dismissedAt: z.string().nullable(),
});
export type MembershipReminder = z.infer<typeof membershipReminder>;
export const membershipReminderList = z.array(membershipReminder);
