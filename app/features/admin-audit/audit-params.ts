import type { EndpointAt, QueryOf } from '#shared/api-contract.ts';
import { AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE_MAX } from '#shared/schemas/audit.ts';
import { dayjs } from '../../lib/dayjs.ts';

// The audit screen keeps its page, page size and filters in the address, so that a reload, a shared link or
// the back button shows the same rows. Dates are the reader's local days; the API gets the instants that
// bound them (the start of the first day, included, to the start of the day after the last, excluded).

export const AUDIT_PAGE_SIZE_OPTIONS = [20, AUDIT_PAGE_SIZE, 100, AUDIT_PAGE_SIZE_MAX] as const;

export interface AuditParams {
  current: number;
  pageSize: number;
  /** E-mail or user id of the actor; '' for anyone. */
  actor: string;
  action: string | null;
  targetType: string | null;
  /** '' for any (only with a target type). */
  targetId: string;
  /** YYYY-MM-DD, local. */
  from: string | null;
  to: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = (value: string | null) =>
  value && DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : null;
const whole = (value: string | null, max: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 && n <= max ? n : null;
};

export function readAuditParams(query: URLSearchParams): AuditParams {
  const text = (name: string) => query.get(name)?.trim() ?? '';
  const targetType = text('targetType') || null;
  const pageSize = whole(query.get('pageSize'), AUDIT_PAGE_SIZE_MAX) ?? AUDIT_PAGE_SIZE;
  return {
    current: whole(query.get('current'), Number.MAX_SAFE_INTEGER) ?? 1,
    pageSize,
    actor: text('actor'),
    action: text('action') || null,
    targetType,
    targetId: targetType ? text('targetId') : '',
    from: day(query.get('from')),
    to: day(query.get('to')),
  };
}

/** The address query of a view: defaults are left out, so the plain log has a plain address. */
export function writeAuditParams(params: AuditParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.actor.trim()) query.set('actor', params.actor.trim());
  if (params.action) query.set('action', params.action);
  if (params.targetType) query.set('targetType', params.targetType);
  if (params.targetType && params.targetId.trim()) query.set('targetId', params.targetId.trim());
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.current !== 1) query.set('current', String(params.current));
  if (params.pageSize !== AUDIT_PAGE_SIZE) query.set('pageSize', String(params.pageSize));
  return query;
}

export function isFiltered(params: AuditParams): boolean {
  return Boolean(params.actor || params.action || params.targetType || params.from || params.to);
}

/** What GET /api/Management/AuditLog is asked for a view. */
export function auditQueryOf(params: AuditParams): QueryOf<EndpointAt<'GET', '/api/Management/AuditLog'>> {
  return {
    current: params.current,
    pageSize: params.pageSize,
    ...(params.actor ? { actor: params.actor } : {}),
    ...(params.action ? { action: params.action } : {}),
    ...(params.targetType ? { targetType: params.targetType } : {}),
    ...(params.targetType && params.targetId ? { targetId: params.targetId } : {}),
    ...(params.from ? { from: dayjs(params.from).startOf('day').format() } : {}),
    ...(params.to ? { to: dayjs(params.to).add(1, 'day').startOf('day').format() } : {}),
  };
}
