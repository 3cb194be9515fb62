import { desc, sql } from 'drizzle-orm';
import type { AuditStatus } from '../../shared/api/audit';
import { HIGHER } from '../audit';
import { GENESIS_HASH, recordHash, type AuditRecord } from '../audit/chain';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';
import { AUDIT_EVENT_KINDS, LOGIN, LOGOUT, type AuditEventKind } from './audit-events';

export interface AuditPerson {
  id: string | null;
  name: string;
  email: string;
}

const PEOPLE: readonly AuditPerson[] = [
  { id: null, name: 'Avery Admin', email: 'avery@demo.example' },
  { id: null, name: 'Blake Owner', email: 'blake@demo.example' },
  { id: null, name: 'Casey Director', email: 'casey@demo.example' },
  { id: null, name: 'Drew Operator', email: 'drew@demo.example' },
  { id: null, name: 'Emery Manager', email: 'emery@demo.example' },
  { id: null, name: 'Finley Analyst', email: 'finley@demo.example' },
];
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

/** A version-4-shaped UUID from the generator: the same seed gives the same ids. */
function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + Math.floor(next() * 4)).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface AuditTrailOptions {
  count: number;
  /** The first record's instant; each next one `stepMs` later. */
  start: Date;
  stepMs: number;
  seed?: number;
  organizationIds?: readonly string[];
  /** Who acts; six made-up people when not given. */
  people?: readonly AuditPerson[];
  /**
   * false: the records are written without their hashes, to be sealed later (sealLegacyAuditRecords) —
   * the demo's dates move to the first start before the chain is sealed.
   */
  sealed?: boolean;
  /** Called after each inserted batch with the number of records so far. */
  onProgress?: (inserted: number) => void;
}

/**
 * A plausible audit trail, chained like the live one, inserted in batches (benchmarks and the demo): one
 * record at a time would take minutes for a million.
 */
export async function seedAuditTrail(db: Db, options: AuditTrailOptions): Promise<number> {
  const [last] = await db
    .select({ seq: auditLogs.seq, hash: auditLogs.hash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.seq))
    .limit(1);
  const batchSize = 2_000;
  let batch: AuditRecord[] = [];
  let done = 0;
  const flush = async () => {
    await insertBatch(db, batch);
    done += batch.length;
    batch = [];
    options.onProgress?.(done);
  };
  for (const record of auditTrailRecords(options, last)) {
    batch.push(record);
    if (batch.length === batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return options.count;
}

/**
 * The records of the trail, in order, continuing the chain after `head`. Each person's first record is a
 * sign-in; a sign-out closes what a sign-in opened; between them, the changes the audited endpoints make.
 */
export function* auditTrailRecords(
  options: AuditTrailOptions,
  head?: { seq: number; hash: string },
): Generator<AuditRecord> {
  const next = random(options.seed ?? 42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weights = AUDIT_EVENT_KINDS.reduce((sum, k) => sum + k.weight, 0);
  const change = (): AuditEventKind => {
    let roll = next() * weights;
    for (const kind of AUDIT_EVENT_KINDS) if ((roll -= kind.weight) < 0) return kind;
    return AUDIT_EVENT_KINDS[AUDIT_EVENT_KINDS.length - 1]!;
  };
  const people = options.people ?? PEOPLE;
  const signedIn = new Set<AuditPerson>();
  const sealed = options.sealed ?? true;
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  for (let done = 0; done < options.count; done++) {
    const person = pick(people);
    const at = new Date(options.start.getTime() + done * options.stepMs);
    const kind = !signedIn.has(person) ? LOGIN : next() < 0.12 ? LOGOUT : change();
    const roll = next();
    const status: AuditStatus = roll < 0.93 ? 'success' : roll < 0.98 ? 'failure' : 'warning';
    if (kind === LOGIN && status !== 'failure') signedIn.add(person);
    if (kind === LOGOUT) signedIn.delete(person);
    const event = kind.make({
      pick,
      int: (min, max) => min + Math.floor(next() * (max - min + 1)),
      uuid: () => uuidFrom(next),
      at,
    });
    const ownId = kind.resource === 'session';
    seq++;
    const content = {
      id: uuidFrom(next),
      organizationId: kind.tenant && options.organizationIds?.length ? pick(options.organizationIds) : null,
      // A failed sign-in of a known account names it, as the live endpoint does.
      userId: person.id,
      userName: person.name,
      userEmail: person.email,
      action: kind.action,
      resource: kind.resource,
      resourceId: ownId ? person.id : event.resourceId,
      details: event.details,
      timestamp: at,
      ipAddress: `10.0.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}`,
      userAgent: 'ops-console-seed',
      status,
      severity: status === 'success' ? kind.severity : HIGHER[kind.severity],
    };
    const hash = sealed ? recordHash(prevHash, seq, content) : '';
    yield { ...content, seq, prevHash: sealed ? prevHash : '', hash };
    prevHash = hash;
  }
}

/**
 * One parameter per batch (the rows as JSON, expanded by the database): tens of thousands of bound
 * parameters are what makes a plain multi-row insert slow on PGlite.
 */
async function insertBatch(db: Db, batch: AuditRecord[]): Promise<void> {
  const rows = batch.map((r) => ({
    id: r.id,
    organization_id: r.organizationId,
    user_id: r.userId,
    user_name: r.userName,
    user_email: r.userEmail,
    action: r.action,
    resource: r.resource,
    resource_id: r.resourceId,
    details: r.details,
    timestamp: r.timestamp.toISOString(),
    ip_address: r.ipAddress,
    user_agent: r.userAgent,
    status: r.status,
    severity: r.severity,
    seq: r.seq,
    prev_hash: r.prevHash,
    hash: r.hash,
  }));
  await db.execute(
    sql`insert into ${auditLogs} select * from json_populate_recordset(null::audit_logs, ${JSON.stringify(rows)}::json)`,
  );
}
