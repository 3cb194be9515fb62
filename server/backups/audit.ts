import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditSeverity, AuditStatus } from '../../shared/api/audit';
import { appendAuditRecord } from '../audit/chain';
import type { AuditActor } from '../audit';
import type { Db } from '../db/client';

/** The record of backup work that runs after (or without) a request: scheduled runs, restores, tests. */
export async function auditBackupWork(
  db: Db,
  entry: {
    action: AuditAction;
    resource: string;
    resourceId: string | null;
    status: AuditStatus;
    severity: AuditSeverity;
    details: Record<string, unknown>;
    at: Date;
    actor?: AuditActor;
  },
): Promise<void> {
  await appendAuditRecord(db, {
    id: randomUUID(),
    organizationId: null,
    userId: entry.actor?.userId ?? null,
    userName: entry.actor?.userName ?? 'Backup & Recovery',
    userEmail: entry.actor?.userEmail ?? null,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId,
    details: entry.details,
    timestamp: entry.at,
    ipAddress: null,
    userAgent: null,
    status: entry.status,
    severity: entry.severity,
  });
}
