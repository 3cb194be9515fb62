import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { AUDIT_ACTIONS, AUDIT_SEVERITIES, type AuditStatus } from '../../shared/api/audit';
import { GENESIS_HASH, recordHash, type AuditRecord } from '../audit/chain';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';

const PEOPLE = [
  ['Avery Admin', 'avery@demo.example'],
  ['Blake Owner', 'blake@demo.example'],
  ['Casey Director', 'casey@demo.example'],
  ['Drew Operator', 'drew@demo.example'],
  ['Emery Manager', 'emery@demo.example'],
  ['Finley Analyst', 'finley@demo.example'],
] as const;
const RESOURCES = ['session', 'organization', 'member', 'invite', 'child', 'attendance', 'role', 'export'];

/** A small deterministic generator (mulberry32): the same seed gives the same trail. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface AuditTrailOptions {
  count: number;
  /** The first record's instant; each next one `stepMs` later. */
  start: Date;
  stepMs: number;
  seed?: number;
  organizationIds?: readonly string[];
  /** Called after each inserted batch with the number of records so far. */
  onProgress?: (inserted: number) => void;
}

/**
 * A plausible audit trail, chained like the live one, inserted in batches (benchmarks and the demo): one
 * record at a time would take minutes for a million.
 */
export async function seedAuditTrail(db: Db, options: AuditTrailOptions): Promise<number> {
  const next = random(options.seed ?? 42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const [last] = await db
    .select({ seq: auditLogs.seq, hash: auditLogs.hash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.seq))
    .limit(1);
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  const batchSize = 2_000;
  for (let done = 0; done < options.count;) {
    const batch: AuditRecord[] = [];
    for (let i = 0; i < batchSize && done < options.count; i++, done++) {
      const [name, email] = pick(PEOPLE);
      const roll = next();
      const status: AuditStatus = roll < 0.9 ? 'success' : roll < 0.97 ? 'failure' : 'warning';
      seq++;
      const content = {
        id: randomUUID(),
        organizationId: options.organizationIds?.length ? pick(options.organizationIds) : null,
        userId: null,
        userName: name,
        userEmail: email,
        action: pick(AUDIT_ACTIONS),
        resource: pick(RESOURCES),
        resourceId: String(Math.floor(next() * 10_000)),
        details: { note: `change ${seq}` },
        timestamp: new Date(options.start.getTime() + done * options.stepMs),
        ipAddress: `10.0.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}`,
        userAgent: 'ops-console-seed',
        status,
        severity: pick(AUDIT_SEVERITIES),
      };
      const hash = recordHash(prevHash, seq, content);
      batch.push({ ...content, seq, prevHash, hash });
      prevHash = hash;
    }
    await db.insert(auditLogs).values(batch);
    options.onProgress?.(done);
  }
  return options.count;
}
