import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AlertPriority, BannerAlertType, StreamedAlert } from '../../shared/alerts';
import { BANNER } from '../../shared/alerts';
import type { Db } from '../db/client';
import { alerts } from '../db/schema';

/** The NOTIFY channel that tells every instance a new platform alert was stored; the payload is its `seq`. */
export const ALERT_CHANNEL = 'banner_alerts';

/**
 * Held by every transaction that stores a platform alert until it commits (PostgreSQL; PGlite runs one
 * transaction at a time anyway). `seq` comes from an identity, taken at insert: without the lock a later
 * seq could commit first, be streamed, and make a client's Last-Event-ID skip the earlier one for good.
 */
const ALERT_ORDER_LOCK_KEY = 7_341_120_517;

export type NewAlert = Omit<StreamedAlert, 'id' | 'timestamp'> & { source?: string };
/** A stored alert and its sequence number (the stream's event id). */
export interface SequencedAlert {
  seq: number;
  alert: StreamedAlert;
}

type Row = typeof alerts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The banner's kind of event for an alert that names none: by its category and severity. */
function kindOf(row: Pick<Row, 'kind' | 'category' | 'severity'>): BannerAlertType {
  if (row.kind) return row.kind;
  if (row.category === 'security') return 'security';
  if (row.severity === 'critical') return 'error';
  if (row.severity === 'high' || row.severity === 'medium') return 'warning';
  return row.severity === 'info' ? 'info' : 'system';
}

/** The banner has no `info` priority: an informational alert shows as low. */
const priorityOf = (severity: Row['severity']): AlertPriority => (severity === 'info' ? 'low' : severity);

/** An alert of the one model as the banner's stream carries it. */
export function toSequenced(row: Row): SequencedAlert {
  const metadata =
    Object.keys(row.metadata).length || !row.metrics
      ? row.metadata
      : { value: `${row.metrics.value} ${row.metrics.unit}`.trim() };
  return {
    seq: row.seq,
    alert: {
      id: row.id,
      title: row.title,
      message: row.description,
      type: kindOf(row),
      priority: priorityOf(row.severity),
      category: row.category,
      metadata,
      timestamp: row.createdAt.toISOString(),
    },
  };
}

/**
 * Stores a platform alert and announces it to every instance's streams, in the caller's transaction:
 * the NOTIFY goes out only if the row is committed.
 */
export async function storePlatformAlert(tx: Tx, values: typeof alerts.$inferInsert): Promise<Row> {
  // Seq order is commit order, hence the order every stream sends and resumes in.
  await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_ORDER_LOCK_KEY})`);
  const [row] = await tx
    .insert(alerts)
    .values({ ...values, organizationId: null })
    .returning();
  if (!row) throw new Error('The alert was not stored');
  await tx.execute(sql`select pg_notify(${ALERT_CHANNEL}, ${String(row.seq)})`);
  return row;
}

/** Stores a banner event (a business event or a demonstration alert) and announces it. */
export async function insertAlert(db: Db, alert: NewAlert, at: Date): Promise<SequencedAlert> {
  return db.transaction(async (tx) =>
    toSequenced(
      await storePlatformAlert(tx, {
        title: alert.title,
        description: alert.message,
        severity: alert.priority,
        category: alert.category,
        kind: alert.type,
        metadata: alert.metadata,
        source: alert.source ?? 'events',
        createdAt: at,
        updatedAt: at,
      }),
    ),
  );
}

const platform = isNull(alerts.organizationId);

export async function alertBySeq(db: Db, seq: number): Promise<SequencedAlert | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(platform, eq(alerts.seq, seq)));
  return row ? toSequenced(row) : undefined;
}

/**
 * What a client replays on connect, oldest first: the newest `BANNER.maxKept`, or, for a client that
 * names the last one it saw, the newest of those after it.
 */
export async function alertsToReplay(db: Db, afterSeq?: number): Promise<SequencedAlert[]> {
  const rows = await db
    .select()
    .from(alerts)
    // The banner shows what is happening: business events and alerts still open, not the resolved history.
    .where(
      and(
        platform,
        ne(alerts.status, 'resolved'),
        afterSeq === undefined ? undefined : gt(alerts.seq, afterSeq),
      ),
    )
    .orderBy(desc(alerts.seq))
    .limit(BANNER.maxKept);
  return rows.reverse().map(toSequenced);
}
