import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ENDPOINTS, type Endpoint, type SessionUser } from '../../shared/api';
import type { Db } from '../db/client';
import type { AuditAction, AuditSeverity, AuditStatus } from '../db/schema';
import { appendAuditRecord } from './chain';

/**
 * The audit trail: every state-changing endpoint writes exactly one record, in the same transaction as
 * its change on success, and after the rollback on failure.
 */
export interface AuditSpec {
  action: AuditAction;
  resource: string;
  /** Severity of a success; failures are one step higher. */
  severity: AuditSeverity;
  /** Which path parameter names the resource, if any. */
  resourceParam?: string;
}

export const AUDITED = new Map<Endpoint, AuditSpec>([
  [ENDPOINTS['auth.login'], { action: 'LOGIN', resource: 'session', severity: 'low' }],
  [ENDPOINTS['auth.logout'], { action: 'LOGOUT', resource: 'session', severity: 'low' }],
  [ENDPOINTS['auth.register'], { action: 'CREATE', resource: 'user', severity: 'medium' }],
  [ENDPOINTS['auth.changePassword'], { action: 'UPDATE', resource: 'password', severity: 'medium' }],
  [
    ENDPOINTS['organizations.update'],
    { action: 'UPDATE', resource: 'organization', severity: 'medium', resourceParam: 'id' },
  ],
  [ENDPOINTS['organizations.invite'], { action: 'CREATE', resource: 'invite', severity: 'medium' }],
  [
    ENDPOINTS['organizations.updateMember'],
    { action: 'UPDATE', resource: 'member', severity: 'medium', resourceParam: 'userId' },
  ],
  [
    ENDPOINTS['organizations.removeMember'],
    { action: 'DELETE', resource: 'member', severity: 'high', resourceParam: 'userId' },
  ],
  [ENDPOINTS['childcare.createChild'], { action: 'CREATE', resource: 'child', severity: 'low' }],
  [
    ENDPOINTS['childcare.updateChild'],
    { action: 'UPDATE', resource: 'child', severity: 'low', resourceParam: 'id' },
  ],
  [
    ENDPOINTS['childcare.deleteChild'],
    { action: 'DELETE', resource: 'child', severity: 'medium', resourceParam: 'id' },
  ],
  [ENDPOINTS['childcare.recordAttendance'], { action: 'UPDATE', resource: 'attendance', severity: 'low' }],
  [ENDPOINTS['roles.createRole'], { action: 'CREATE', resource: 'role', severity: 'medium' }],
  [
    ENDPOINTS['roles.updateRole'],
    { action: 'UPDATE', resource: 'role', severity: 'medium', resourceParam: 'id' },
  ],
  [
    ENDPOINTS['roles.deleteRole'],
    { action: 'DELETE', resource: 'role', severity: 'high', resourceParam: 'id' },
  ],
  [
    ENDPOINTS['roles.grantPermission'],
    { action: 'UPDATE', resource: 'role_permission', severity: 'high', resourceParam: 'id' },
  ],
  [
    ENDPOINTS['roles.revokePermission'],
    { action: 'UPDATE', resource: 'role_permission', severity: 'high', resourceParam: 'id' },
  ],
  [
    ENDPOINTS['roles.assignUserRole'],
    { action: 'UPDATE', resource: 'user_role', severity: 'high', resourceParam: 'userId' },
  ],
  [ENDPOINTS['exports.createExport'], { action: 'EXPORT', resource: 'export', severity: 'medium' }],
  [ENDPOINTS['business.importCosts'], { action: 'IMPORT', resource: 'cloud_costs', severity: 'medium' }],
  [
    ENDPOINTS['business.setSpend'],
    { action: 'UPDATE', resource: 'acquisition_spend', severity: 'medium', resourceParam: 'month' },
  ],
]);

/** A failure's severity: one step above the success's. */
export const HIGHER: Record<AuditSeverity, AuditSeverity> = {
  low: 'medium',
  medium: 'high',
  high: 'critical',
  critical: 'critical',
};

/** Keys whose values never enter a record, at any depth. */
const SECRET_KEY = /password|token|secret|hash|authorization/i;
/** API keys enter masked: the first 8 characters, the rest as stars (part 2 §9). */
const API_KEY = /api[-_]?key/i;
const API_KEY_VISIBLE = 8;

export const maskApiKey = (value: string) =>
  value.slice(0, API_KEY_VISIBLE) + '*'.repeat(Math.max(0, value.length - API_KEY_VISIBLE));

export function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [
          key,
          API_KEY.test(key) && typeof v === 'string' ? maskApiKey(v) : scrubSecrets(v),
        ]),
    );
  }
  return value;
}

export interface AuditActor {
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
}

export const actorOf = (session: SessionUser | undefined): AuditActor => ({
  userId: session?.userId ?? null,
  userName: session?.name ?? null,
  userEmail: session?.email ?? null,
});

export interface AuditEntry {
  organizationId?: string | null;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  /** Overrides the actor (a sign-in has no session yet). */
  actor?: AuditActor;
}

export interface AuditWriteInput extends AuditEntry {
  spec: AuditSpec;
  status: AuditStatus;
  request: FastifyRequest;
  actor: AuditActor;
  at: Date;
}

export async function writeAudit(db: Db, input: AuditWriteInput): Promise<void> {
  const userAgent = input.request.headers['user-agent'];
  await appendAuditRecord(db, {
    id: randomUUID(),
    organizationId: input.organizationId ?? null,
    userId: input.actor.userId,
    userName: input.actor.userName,
    userEmail: input.actor.userEmail,
    action: input.spec.action,
    resource: input.spec.resource,
    resourceId: input.resourceId ?? null,
    details: scrubSecrets(input.details ?? {}) as Record<string, unknown>,
    timestamp: input.at,
    ipAddress: input.request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    status: input.status,
    severity: input.status === 'success' ? input.spec.severity : HIGHER[input.spec.severity],
  });
}

/** What an audited handler receives: `record` writes the success record with the handler's transaction. */
export interface Auditor {
  record(db: Db, entry?: AuditEntry): Promise<void>;
  /** Details for the failure record, should the request fail after this point (never a secret). */
  note(entry: AuditEntry): void;
}
