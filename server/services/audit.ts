import type { Kysely } from 'kysely';
import type { AuditAction, AuditTargetType } from '#shared/audit.ts';
import type { DB } from '../db/schema.ts';

/** A user agent longer than this is cut: it is only there for a person to read. */
export const USER_AGENT_MAX_LENGTH = 512;

/** Where a request came from, as the audit log records it: its address and the browser's user agent. */
export type Client = { ip: string; userAgent: string | null };

/** Who acted and from where, as the audit log records it. */
export type Actor = Client & { userId: string };

/** The client of a request (behind TRUST_PROXY, `ip` is the address the proxy reports). */
export function clientOf(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): Client {
  const header = request.headers['user-agent'];
  const userAgent = (Array.isArray(header) ? header[0] : header)?.trim().slice(0, USER_AGENT_MAX_LENGTH);
  return { ip: request.ip, userAgent: userAgent || null };
}

type AuditEntry = {
  action: AuditAction;
  actorId?: string | null | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
  ip?: string | undefined;
  userAgent?: string | null | undefined;
  /** Context to understand the entry later, `before` and `after` for a change; never secrets. */
  detail?: Record<string, unknown> | undefined;
};

/**
 * Who did what, when, from where: authentication events and every admin change. The log is only ever
 * added to: nothing in the server updates or deletes its rows (server/routes/management/audit-log.test.ts).
 */
export async function audit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: Date.now(),
      actor_id: entry.actorId ?? null,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.userAgent ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
