import { and, desc, eq, gt } from 'drizzle-orm';
import type { SilenceMatcher } from '../../shared/alerting';
import type { Db } from '../db/client';
import { alertSilences } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SilenceRow = typeof alertSilences.$inferSelect;

export interface NewSilence {
  matchers: SilenceMatcher[];
  startsAt: Date;
  endsAt: Date;
  comment: string;
  createdBy: string;
  createdByName: string;
}

/** The silences not yet ended at `at` (current and future), the latest to start first. */
export async function silencesNotEnded(db: Db, at: Date): Promise<SilenceRow[]> {
  return db
    .select()
    .from(alertSilences)
    .where(gt(alertSilences.endsAt, at))
    .orderBy(desc(alertSilences.startsAt));
}

export async function insertSilence(tx: Tx, silence: NewSilence, at: Date): Promise<SilenceRow> {
  const [s] = await tx
    .insert(alertSilences)
    .values({ ...silence, createdAt: at })
    .returning();
  return s!;
}

/** The silence ended at `at`; undefined when there is none, or it had already ended. */
export async function endSilence(tx: Tx, id: string, at: Date): Promise<SilenceRow | undefined> {
  // Ended, not deleted: what was muted when stays explainable.
  const [s] = await tx
    .update(alertSilences)
    .set({ endsAt: at })
    .where(and(eq(alertSilences.id, id), gt(alertSilences.endsAt, at)))
    .returning();
  return s;
}
