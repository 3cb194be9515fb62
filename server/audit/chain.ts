import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';
import { queryChainBatch } from './query';

/**
 * The hash chain of the audit trail: record n carries sha256(hash of n-1, its own content), so an edited,
 * removed or reordered record breaks the chain from that point on, and the latest hash (the chain head),
 * kept elsewhere, proves later that nothing was cut from the end.
 */
export const GENESIS_HASH = '0'.repeat(64);

// Any fixed number: every instance appending to the chain takes the same transaction-scoped lock.
const CHAIN_LOCK_KEY = 7_341_120_513;

export type AuditRecord = typeof auditLogs.$inferSelect;
/** A record's content: everything but its place in the chain. */
export type AuditContent = Omit<AuditRecord, 'seq' | 'prevHash' | 'hash'>;

/** JSON with keys sorted at every depth: jsonb does not keep key order, the hash must not depend on it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function recordHash(prevHash: string, seq: number, content: AuditContent): string {
  const body = canonicalJson({
    seq,
    id: content.id,
    organizationId: content.organizationId,
    userId: content.userId,
    userName: content.userName,
    userEmail: content.userEmail,
    action: content.action,
    resource: content.resource,
    resourceId: content.resourceId,
    details: content.details,
    timestamp: content.timestamp,
    ipAddress: content.ipAddress,
    userAgent: content.userAgent,
    status: content.status,
    severity: content.severity,
  });
  return createHash('sha256').update(prevHash).update('\n').update(body).digest('hex');
}

/**
 * Appends one record at the end of the chain. The advisory lock is held until the caller's outermost
 * transaction ends, so concurrent writers (any instance, PGlite or PostgreSQL) append one after another
 * and each reads the head the previous one committed.
 */
export async function appendAuditRecord(
  db: Db,
  content: AuditContent,
  /** Where the chain continues should the table be empty: the retention job's last removed record. */
  emptyChainHead?: { seq: number; hash: string },
): Promise<AuditRecord> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
    const [last] = await tx
      .select({ seq: auditLogs.seq, hash: auditLogs.hash })
      .from(auditLogs)
      .orderBy(desc(auditLogs.seq))
      .limit(1);
    const head = last ?? emptyChainHead;
    const seq = (head?.seq ?? 0) + 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    // Round-trip the details through JSON: the hash covers exactly what jsonb will give back.
    const normalized = {
      ...content,
      details: JSON.parse(JSON.stringify(content.details)) as AuditContent['details'],
    };
    const record: AuditRecord = { ...normalized, seq, prevHash, hash: recordHash(prevHash, seq, normalized) };
    await tx.insert(auditLogs).values(record);
    return record;
  });
}

export type ChainBreak = 'altered' | 'linkBroken' | 'gap' | 'startMissing';

export interface ChainVerification {
  valid: boolean;
  checked: number;
  firstBroken: { id: string; seq: number; timestamp: Date; reason: ChainBreak } | null;
  head: { id: string; seq: number; hash: string; timestamp: Date } | null;
}

const VERIFY_BATCH = 2_000;

/** The anchor the first kept record must link to: genesis, or the hash a retention run noted before removing. */
async function expectedStart(db: Db, first: AuditRecord): Promise<string | null> {
  if (first.seq === 1) return GENESIS_HASH;
  const [retention] = await db
    .select({ details: auditLogs.details })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.resource, RETENTION_RESOURCE),
        eq(auditLogs.action, 'DELETE'),
        sql`(${auditLogs.details}->>'removedThroughSeq')::bigint = ${first.seq - 1}`,
      ),
    )
    .limit(1);
  const anchor = retention?.details.anchorHash;
  return typeof anchor === 'string' ? anchor : null;
}

/** Walks the whole chain in order, in batches (constant memory), and names the first broken record. */
export async function verifyAuditChain(db: Db): Promise<ChainVerification> {
  let previous: AuditRecord | undefined;
  let checked = 0;
  for (;;) {
    const batch = await queryChainBatch(db, previous?.seq ?? 0, VERIFY_BATCH);
    for (const record of batch) {
      const reason = await breakOf(db, record, previous);
      if (reason) {
        return { valid: false, checked, firstBroken: { ...pick(record), reason }, head: await chainHead(db) };
      }
      previous = record;
      checked++;
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  return { valid: true, checked, firstBroken: null, head: previous ? headOf(previous) : null };
}

async function breakOf(
  db: Db,
  record: AuditRecord,
  previous: AuditRecord | undefined,
): Promise<ChainBreak | null> {
  if (recordHash(record.prevHash, record.seq, record) !== record.hash) return 'altered';
  if (!previous) {
    const anchor = await expectedStart(db, record);
    return anchor !== null && anchor === record.prevHash ? null : 'startMissing';
  }
  if (record.prevHash === previous.hash && record.seq === previous.seq + 1) return null;
  return record.seq === previous.seq + 1 ? 'linkBroken' : 'gap';
}

const pick = (r: AuditRecord) => ({ id: r.id, seq: r.seq, timestamp: r.timestamp });
const headOf = (r: AuditRecord) => ({ id: r.id, seq: r.seq, hash: r.hash, timestamp: r.timestamp });

export async function chainHead(db: Db): Promise<ChainVerification['head']> {
  const [last] = await db.select().from(auditLogs).orderBy(desc(auditLogs.seq)).limit(1);
  return last ? headOf(last) : null;
}

const SEAL_BATCH = 5_000;

/**
 * Records written before the chain existed (migration 0003 gave them a seq and an empty hash), and the
 * demo snapshot's records once moved to the first start (seed/anchor.ts), receive their hashes, in order,
 * once. The append-only trigger lets exactly this update through. `moveMs` moves their timestamps by as
 * much in the same update (the demo's move, seed/anchor.ts): a second pass over the records, each pass
 * rewriting every index of the table (the search index's trigrams above all), was a second of a first
 * launch.
 */
export async function sealLegacyAuditRecords(db: Db, moveMs = 0): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
    const legacy = await tx
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.hash, ''))
      .orderBy(asc(auditLogs.seq));
    if (legacy.length === 0) return 0;
    await tx.execute(sql`select set_config('audit.sealing', 'on', true)`);
    const [before] = await tx
      .select({ hash: auditLogs.hash })
      .from(auditLogs)
      .where(sql`${auditLogs.seq} < ${legacy[0]!.seq} and ${auditLogs.hash} <> ''`)
      .orderBy(desc(auditLogs.seq))
      .limit(1);
    let prevHash = before?.hash ?? GENESIS_HASH;
    const sealed = legacy.map((unmoved) => {
      const record = { ...unmoved, timestamp: new Date(unmoved.timestamp.getTime() + moveMs) };
      const hash = recordHash(prevHash, record.seq, record);
      const row = { id: record.id, timestamp: record.timestamp, prev_hash: prevHash, hash };
      prevHash = hash;
      return row;
    });
    // One statement per batch, the hashes as one JSON parameter: a row at a time, the demo's 1,500
    // records took seconds of a first start on PGlite.
    for (let i = 0; i < sealed.length; i += SEAL_BATCH) {
      await tx.execute(sql`update ${auditLogs} set timestamp = v.timestamp, prev_hash = v.prev_hash, hash = v.hash
        from json_to_recordset(${JSON.stringify(sealed.slice(i, i + SEAL_BATCH))}::json)
          as v(id uuid, timestamp timestamptz, prev_hash text, hash text)
        where ${auditLogs.id} = v.id`);
    }
    await tx.execute(sql`select set_config('audit.sealing', '', true)`);
    return legacy.length;
  });
}

export const RETENTION_RESOURCE = 'audit_logs';
