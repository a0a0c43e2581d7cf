import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '../constants.ts';

// The back office's audit log (GET /api/Management/AuditLog...): read only, for administrators.

export const AUDIT_PAGE_SIZE = ADMIN_PAGE_SIZE;
export const AUDIT_PAGE_SIZE_MAX = 200;
/**
 * A page's total is counted up to this many rows, and pages reach no further: past it, a date range or
 * another filter narrows the view. Every query of the screen then reads at most this many index entries,
 * however long the log grows.
 */
export const AUDIT_COUNT_CAP = 10_000;

const trimmed = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** An instant with its time zone (ISO 8601), e.g. 2025-03-01T00:00:00+08:00. */
const instant = z.iso.datetime({ offset: true, message: 'auditDateInvalid' }).optional();

export const auditLogQuery = z
  .object({
    current: z.coerce
      .number({ message: 'auditPageInvalid' })
      .int('auditPageInvalid')
      .min(1, 'auditPageInvalid')
      .optional(),
    pageSize: z.coerce
      .number({ message: 'auditPageSizeRange' })
      .int('auditPageSizeRange')
      .min(1, 'auditPageSizeRange')
      .max(AUDIT_PAGE_SIZE_MAX, 'auditPageSizeRange')
      .optional(),
    /** The acting person: their e-mail (any case) or user id. */
    actor: trimmed(254, 'tooLong'),
    action: trimmed(100, 'tooLong'),
    targetType: trimmed(50, 'tooLong'),
    /** Only with targetType: ids are per type. */
    targetId: trimmed(200, 'tooLong'),
    /** From this instant, included. */
    from: instant,
    /** Up to this instant, excluded. */
    to: instant,
  })
  .superRefine((query, context) => {
    if (query.from && query.to && Date.parse(query.from) >= Date.parse(query.to))
      context.addIssue({ code: 'custom', path: ['to'], message: 'auditRangeInvalid' });
    if (query.targetId && !query.targetType)
      context.addIssue({ code: 'custom', path: ['targetType'], message: 'auditTargetTypeRequired' });
    const offset = ((query.current ?? 1) - 1) * (query.pageSize ?? AUDIT_PAGE_SIZE);
    if (offset >= AUDIT_COUNT_CAP)
      context.addIssue({ code: 'custom', path: ['current'], message: 'auditPageTooDeep' });
  });
export type AuditLogQuery = z.input<typeof auditLogQuery>;

const person = z.object({
  userId: z.string(),
  /** Null when the account no longer exists. */
  email: z.string().nullable(),
  name: z.string().nullable(),
});

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  /** Who acted; null for the system or a visitor who was not signed in (a failed sign-in). */
  actor: person.nullable(),
  /** What the action was on; `email` is the account's when the target is a user. */
  target: z.object({ type: z.string(), id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  /** Null for rows written before user agents were recorded. */
  userAgent: z.string().nullable(),
  /** The state before and after a change, where the action records them. */
  change: z.object({ before: z.unknown(), after: z.unknown() }).nullable(),
  /** The rest of what the action recorded. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({
  records: z.array(auditEntry),
  /** Rows matching the filters, counted up to AUDIT_COUNT_CAP. */
  total: z.number(),
  /** True when there are more rows than `total` says. */
  capped: z.boolean(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;

/** What the filters offer: every action and target type the server records or the log holds. */
export const auditLogFilters = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
});
export type AuditLogFilters = z.infer<typeof auditLogFilters>;
