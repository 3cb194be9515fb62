import { desc, eq, gt, sql } from 'drizzle-orm';
import type { StreamedAlert } from '../../shared/alerts';
import { BANNER } from '../../shared/alerts';
import type { Db } from '../db/client';
import { bannerAlerts } from '../db/schema';

/** The NOTIFY channel that tells every instance a new alert was stored; the payload is its `seq`. */
export const ALERT_CHANNEL = 'banner_alerts';

export type NewAlert = Omit<StreamedAlert, 'id' | 'timestamp'>;
/** A stored alert and its sequence number (the stream's event id). */
export interface SequencedAlert {
  seq: number;
  alert: StreamedAlert;
}

type Row = typeof bannerAlerts.$inferSelect;

function toSequenced(row: Row): SequencedAlert {
  return {
    seq: row.seq,
    alert: {
      id: row.id,
      title: row.title,
      message: row.message,
      type: row.type,
      priority: row.priority,
      category: row.category,
      metadata: row.metadata,
      timestamp: row.createdAt.toISOString(),
    },
  };
}

/** Stores an alert and announces it, in one transaction: the NOTIFY goes out only if the row is there. */
export async function insertAlert(db: Db, alert: NewAlert, at: Date): Promise<SequencedAlert> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bannerAlerts)
      .values({ ...alert, createdAt: at })
      .returning();
    if (!row) throw new Error('The alert was not stored');
    await tx.execute(sql`select pg_notify(${ALERT_CHANNEL}, ${String(row.seq)})`);
    return toSequenced(row);
  });
}

export async function alertBySeq(db: Db, seq: number): Promise<SequencedAlert | undefined> {
  const [row] = await db.select().from(bannerAlerts).where(eq(bannerAlerts.seq, seq));
  return row ? toSequenced(row) : undefined;
}

/**
 * What a client replays on connect, oldest first: the newest `BANNER.maxKept`, or, for a client that
 * names the last one it saw, the newest of those after it.
 */
export async function alertsToReplay(db: Db, afterSeq?: number): Promise<SequencedAlert[]> {
  const rows = await db
    .select()
    .from(bannerAlerts)
    .where(afterSeq === undefined ? undefined : gt(bannerAlerts.seq, afterSeq))
    .orderBy(desc(bannerAlerts.seq))
    .limit(BANNER.maxKept);
  return rows.reverse().map(toSequenced);
}
