import type {
  MembershipContact,
  MembershipReminder,
  PendingMembershipNotice,
} from '#shared/schemas/membership.ts';
import { ENDED_NOTICE, type PendingNotice, type ReminderRow } from '../services/membership-reminders.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** MEMBERSHIP_CONTACT as the app shows it: a mailto: link for an e-mail address, a link for a web address. */
export function presentContact(contact: string | undefined): MembershipContact | null {
  if (!contact) return null;
  if (EMAIL.test(contact)) return { text: contact, href: `mailto:${contact}` };
  if (/^https?:\/\/\S+$/i.test(contact) && URL.canParse(contact)) return { text: contact, href: contact };
  return { text: contact, href: null };
}

export function presentPendingNotice(
  notice: PendingNotice | null,
  contact: string | undefined,
): PendingMembershipNotice {
  return {
    notice:
      notice === null
        ? null
        : notice.kind === 'reminder'
          ? { kind: 'reminder', thresholdDays: notice.thresholdDays, expiryDate: isoTime(notice.expiry) }
          : { kind: 'ended', expiryDate: isoTime(notice.expiry) },
    contact: presentContact(contact),
  };
}

/** Where a reminder's mail stands: its settled outcome, else the outbox's row while it is kept. */
function mailOf(row: ReminderRow): MembershipReminder['mail'] {
  const attempts = row.outbox?.attempts ?? 0;
  const error = row.outbox?.error ?? null;
  if (row.mail_sent_at !== null)
    return { state: 'sent', at: isoTime(row.mail_sent_at), attempts, error: null };
  if (row.mail_failed_at !== null)
    return { state: 'failed', at: isoTime(row.mail_failed_at), attempts, error };
  if (row.outbox) {
    if (row.outbox.sent_at !== null)
      return { state: 'sent', at: isoTime(row.outbox.sent_at), attempts, error: null };
    if (row.outbox.failed_at !== null)
      return { state: 'failed', at: isoTime(row.outbox.failed_at), attempts, error };
    return { state: error === null ? 'queued' : 'retrying', at: null, attempts, error };
  }
  // No mail (the ended notice), or one the outbox no longer has whose outcome was not copied in time.
  return { state: row.threshold_days === ENDED_NOTICE ? 'none' : 'unknown', at: null, attempts, error: null };
}

export function presentReminder(row: ReminderRow): MembershipReminder {
  return {
    id: row.id,
    thresholdDays: row.threshold_days as MembershipReminder['thresholdDays'],
    expiryDate: isoTime(row.expiry_date),
    at: isoTime(row.created_at),
    locale: row.locale === 'en' || row.locale === 'zh' ? row.locale : null,
    mail: mailOf(row),
    dismissedAt: isoTimeOrNull(row.dismissed_at),
  };
}
