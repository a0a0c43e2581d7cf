// Who may be whose inviter (issue 17): never oneself, and an address that reaches the inviter's own mailbox
// is oneself (a+1@example.com is a@example.com's mailbox; Gmail also ignores dots).

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The mailbox an address delivers to: lower case, without a `+tag`, Gmail's dots and domain alias folded. */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  local = local.split('+')[0] ?? local;
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Why an invitation cannot be recorded for a registration, or null when it can. */
export function inviteRefusal(
  inviter: { id: string; email: string },
  registrant: { id?: string | undefined; email: string },
): 'self' | null {
  if (registrant.id !== undefined && registrant.id === inviter.id) return 'self';
  return mailboxOf(inviter.email) === mailboxOf(registrant.email) ? 'self' : null;
}
