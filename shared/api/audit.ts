import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * The audit trail (part 2 §2, §3, §4) on Client B's gateway: a server-side search with filters, sorting and
 * keyset pagination, and the hash-chain check. Scope: audit.read over the whole platform, or one
 * organization when the request names it (X-Organization-Id; membership or a platform role checked).
 */
export const AUDIT_ACTIONS = [
  'CREATE',
  'READ',
  'UPDATE',
  'DELETE',
  'LOGIN',
  'LOGOUT',
  'EXPORT',
  'IMPORT',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_STATUSES = ['success', 'failure', 'warning'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];
export const AUDIT_SORTS = ['timestamp', 'user', 'action'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const AUDIT_PAGE_MAX = 1000;

export const auditLog = z.object({
  id: z.string(),
  seq: z.number().int(),
  organizationId: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  resource: z.string(),
  resourceId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.enum(AUDIT_STATUSES),
  severity: z.enum(AUDIT_SEVERITIES),
  hash: z.string(),
});
export type AuditLog = z.infer<typeof auditLog>;

/** What narrows the trail: the same for the list and for an audit-logs export. */
export const auditFilter = z.object({
  /** Case-insensitive substring over user, action, resource and details. */
  search: z.string().trim().max(200).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  status: z.enum(AUDIT_STATUSES).optional(),
  severity: z.enum(AUDIT_SEVERITIES).optional(),
  /** Inclusive bounds, ISO instants. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditFilter = z.infer<typeof auditFilter>;

export const auditSorting = z.object({
  sort: z.enum(AUDIT_SORTS).default('timestamp'),
  order: z.enum(SORT_ORDERS).default('desc'),
});

export const auditListQuery = auditFilter.extend(auditSorting.shape).extend({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
  /** The `nextCursor` of the previous page, for the same filter and sort. */
  cursor: z.string().max(1000).optional(),
  /**
   * Also count the matching records (first page only). Separate from the page, because on a million
   * records a count takes longer than a page: a screen shows its rows first and the count when it comes.
   */
  withTotal: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditPage = z.object({
  items: z.array(auditLog),
  nextCursor: z.string().nullable(),
  /** Records matching the filter: with `withTotal` on a first page (no cursor), otherwise null. */
  total: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const CHAIN_BREAKS = ['altered', 'linkBroken', 'gap', 'startMissing'] as const;

const chainPoint = z.object({ id: z.string(), seq: z.number().int(), timestamp: z.string() });
export const auditVerification = z.object({
  valid: z.boolean(),
  /** Records found intact before the first broken one (all of them when valid). */
  checked: z.number().int(),
  firstBroken: chainPoint.extend({ reason: z.enum(CHAIN_BREAKS) }).nullable(),
  /** The latest record and its hash: kept elsewhere, it later proves nothing was cut from the end. */
  head: chainPoint.extend({ hash: z.string() }).nullable(),
});
export type AuditVerification = z.infer<typeof auditVerification>;

export const auditEndpoints = {
  listAuditLogs: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/audit-logs',
    summary: 'Search the audit trail: filters, sorting, keyset pages',
    query: auditListQuery,
    data: auditPage,
    auth: 'token',
    permission: 'audit.read',
  }),
  verifyAuditLogs: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/audit-logs/verify',
    summary: 'Walk the hash chain: the first broken record and the chain head',
    data: auditVerification,
    auth: 'token',
    permission: 'audit.read',
  }),
} as const;
