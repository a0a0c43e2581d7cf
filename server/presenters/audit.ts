import type { AuditEntry, AuditLogPage } from '#shared/schemas/audit.ts';
import type { AuditLogRow } from '../services/audit-log.ts';
import { isoTime } from './common.ts';

type Detail = Record<string, unknown>;

/** The recorded detail as an object; a row whose detail is not a JSON object keeps it under `value`. */
function parseDetail(text: string | null): Detail | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Detail;
    return { value: parsed };
  } catch {
    return { value: text };
  }
}

const without = (detail: Detail, keys: string[]): Detail | null => {
  const rest = Object.fromEntries(Object.entries(detail).filter(([key]) => !keys.includes(key)));
  return Object.keys(rest).length ? rest : null;
};

/** `before`/`after` where the action records them (an e-mail change records `from`/`to`); the rest as context. */
function splitChange(action: string, detail: Detail | null): Pick<AuditEntry, 'change' | 'detail'> {
  if (!detail) return { change: null, detail: null };
  if ('before' in detail || 'after' in detail)
    return {
      change: { before: detail.before ?? null, after: detail.after ?? null },
      detail: without(detail, ['before', 'after']),
    };
  if (action === 'email.changed' && 'from' in detail && 'to' in detail)
    return {
      change: { before: { email: detail.from }, after: { email: detail.to } },
      detail: without(detail, ['from', 'to']),
    };
  return { change: null, detail };
}

export function presentAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: Number(row.id),
    at: isoTime(Number(row.at)),
    action: row.action,
    actor:
      row.actor_id === null
        ? null
        : {
            userId: row.actor_id,
            email: row.actor_email,
            name: row.actor_nick_name || row.actor_user_name || null,
          },
    target:
      row.target_type === null ? null : { type: row.target_type, id: row.target_id, email: row.target_email },
    ip: row.ip,
    userAgent: row.user_agent,
    ...splitChange(row.action, parseDetail(row.detail)),
  };
}

export function presentAuditLogPage(page: {
  rows: AuditLogRow[];
  total: number;
  capped: boolean;
}): AuditLogPage {
  return { records: page.rows.map(presentAuditEntry), total: page.total, capped: page.capped };
}
