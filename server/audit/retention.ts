import { randomUUID } from 'node:crypto';
import { asc, desc, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';
import { RETENTION_RESOURCE, appendAuditRecord } from './chain';

const DAY_MS = 86_400_000;

export interface RetentionResult {
  removed: number;
  /** UTC midnight: every record before it is gone. */
  before: string;
}

/**
 * The retention job: removes whole UTC days older than `retentionDays`, from the start of the chain only
 * (so the kept records still link up), and records what it removed and the hash the first kept record
 * links to, which lets the chain check accept the new start.
 */
export async function purgeExpiredAuditDays(
  db: Db,
  options: { now: number; retentionDays: number },
): Promise<RetentionResult> {
  const cutoff = new Date(Math.floor((options.now - options.retentionDays * DAY_MS) / DAY_MS) * DAY_MS);
  return db.transaction(async (tx) => {
    const [firstKept] = await tx
      .select({ seq: auditLogs.seq })
      .from(auditLogs)
      .where(gte(auditLogs.timestamp, cutoff))
      .orderBy(asc(auditLogs.seq))
      .limit(1);
    const [lastRemoved] = await tx
      .select({ seq: auditLogs.seq, hash: auditLogs.hash })
      .from(auditLogs)
      .where(firstKept ? sql`${auditLogs.seq} < ${firstKept.seq}` : undefined)
      .orderBy(desc(auditLogs.seq))
      .limit(1);
    if (!lastRemoved) return { removed: 0, before: cutoff.toISOString() };

    await tx.execute(sql`select set_config('audit.retention_before', ${cutoff.toISOString()}, true)`);
    const removed = await tx
      .delete(auditLogs)
      .where(lte(auditLogs.seq, lastRemoved.seq))
      .returning({ id: auditLogs.id });
    await tx.execute(sql`select set_config('audit.retention_before', '', true)`);
    await appendAuditRecord(
      tx,
      {
        id: randomUUID(),
        organizationId: null,
        userId: null,
        userName: 'system',
        userEmail: null,
        action: 'DELETE',
        resource: RETENTION_RESOURCE,
        resourceId: null,
        details: {
          job: 'retention',
          retentionDays: options.retentionDays,
          before: cutoff.toISOString(),
          removed: removed.length,
          removedThroughSeq: lastRemoved.seq,
          anchorHash: lastRemoved.hash,
        },
        timestamp: new Date(options.now),
        ipAddress: null,
        userAgent: null,
        status: 'success',
        severity: 'medium',
      },
      lastRemoved,
    );
    return { removed: removed.length, before: cutoff.toISOString() };
  });
}
