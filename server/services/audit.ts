import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Who acted and from where, as the audit log records it. */
export type Actor = { userId: string; ip: string };

type AuditEntry = {
  action: string;
  actorId?: string | null | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  ip?: string | undefined;
  /** Context to understand the entry later; never secrets. */
  detail?: Record<string, unknown> | undefined;
};

/** Who did what, when, from where: authentication events and every admin change. */
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
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
