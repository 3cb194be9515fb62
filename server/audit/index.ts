import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuditSpec, SessionUser } from '../../shared/api';
import type { Db } from '../db/client';
import type { AuditSeverity, AuditStatus } from '../db/schema';
import { appendAuditRecord } from './chain';

/**
 * The audit trail: every state-changing endpoint writes exactly one record (declared on the endpoint in
 * shared/api as `audit`), in the same transaction as its change on success, and after the rollback on
 * failure.
 */

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
