/** The childcare group's SQL: children, their attendance, and the counts of the dashboards. */
import { and, count, countDistinct, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { isUuid } from '../auth/users';
import type { Db } from '../db/client';
import { attendance, children } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type ChildRow = typeof children.$inferSelect;
export type AttendanceRow = typeof attendance.$inferSelect;
/** What a new child is stored with (its id is made by the database). */
export type NewChild = Omit<typeof children.$inferInsert, 'id'>;
/** What an update of a child writes. */
export type ChildChanges = Pick<
  typeof children.$inferInsert,
  'firstName' | 'lastName' | 'dateOfBirth' | 'classroom' | 'status' | 'guardianName' | 'guardianEmail'
>;

/** Which attendance to list: dates inclusive, a child (an id that is no uuid matches nothing). */
export interface AttendanceFilter {
  from?: string;
  to?: string;
  childId?: string;
  limit: number;
}

/** A child of this organization, if there is one (another organization's child is not found). */
export async function findChild(db: Db, organizationId: string, id: string): Promise<ChildRow | undefined> {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, id), eq(children.organizationId, organizationId)));
  return row;
}

export const listChildren = (db: Db, organizationId: string): Promise<ChildRow[]> =>
  db
    .select()
    .from(children)
    .where(eq(children.organizationId, organizationId))
    .orderBy(children.lastName, children.firstName, children.id);

export async function insertChild(tx: Tx, values: NewChild): Promise<ChildRow> {
  const [row] = await tx.insert(children).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The child as updated, or undefined when it is no longer there. */
export async function updateChild(
  tx: Tx,
  organizationId: string,
  id: string,
  changes: ChildChanges,
): Promise<ChildRow | undefined> {
  const [row] = await tx
    .update(children)
    .set(changes)
    .where(and(eq(children.id, id), eq(children.organizationId, organizationId)))
    .returning();
  return row;
}

export async function deleteChild(tx: Tx, organizationId: string, id: string): Promise<void> {
  // Attendance goes with the child (ON DELETE CASCADE).
  await tx.delete(children).where(and(eq(children.id, id), eq(children.organizationId, organizationId)));
}

/** The organization's attendance, newest check-in first. */
export const listAttendance = (
  db: Db,
  organizationId: string,
  filter: AttendanceFilter,
): Promise<AttendanceRow[]> =>
  db
    .select()
    .from(attendance)
    .where(
      and(
        eq(attendance.organizationId, organizationId),
        filter.from ? gte(attendance.date, filter.from) : undefined,
        filter.to ? lte(attendance.date, filter.to) : undefined,
        filter.childId !== undefined
          ? isUuid(filter.childId)
            ? eq(attendance.childId, filter.childId)
            : isNull(attendance.id)
          : undefined,
      ),
    )
    .orderBy(desc(attendance.checkInAt), desc(attendance.id))
    .limit(filter.limit);

/** The organization's attendance of one day, newest check-in first. */
export const listAttendanceOn = (db: Db, organizationId: string, date: string): Promise<AttendanceRow[]> =>
  db
    .select()
    .from(attendance)
    .where(and(eq(attendance.organizationId, organizationId), eq(attendance.date, date)))
    .orderBy(desc(attendance.checkInAt), desc(attendance.id));

/** The child's visit that has no check-out yet, if any. */
export async function findOpenVisit(
  db: Db,
  organizationId: string,
  childId: string,
): Promise<AttendanceRow | undefined> {
  const [open] = await db
    .select()
    .from(attendance)
    .where(
      and(
        eq(attendance.organizationId, organizationId),
        eq(attendance.childId, childId),
        isNull(attendance.checkOutAt),
      ),
    )
    .orderBy(desc(attendance.checkInAt))
    .limit(1);
  return open;
}

export async function insertCheckIn(
  tx: Tx,
  values: { organizationId: string; childId: string; date: string; checkInAt: Date },
): Promise<AttendanceRow | undefined> {
  const [row] = await tx.insert(attendance).values(values).returning();
  return row;
}

export async function closeVisit(
  tx: Tx,
  organizationId: string,
  id: string,
  checkOutAt: Date,
): Promise<AttendanceRow | undefined> {
  const [row] = await tx
    .update(attendance)
    .set({ checkOutAt })
    .where(and(eq(attendance.id, id), eq(attendance.organizationId, organizationId)))
    .returning();
  return row;
}

export async function countEnrolledChildren(db: Db, organizationId: string): Promise<number> {
  const [enrolled] = await db
    .select({ n: count() })
    .from(children)
    .where(and(eq(children.organizationId, organizationId), eq(children.status, 'enrolled')));
  return enrolled?.n ?? 0;
}

/** Children seen on a day (each once, however many visits). */
export async function countPresentOn(db: Db, organizationId: string, date: string): Promise<number> {
  const [present] = await db
    .select({ n: countDistinct(attendance.childId) })
    .from(attendance)
    .where(and(eq(attendance.organizationId, organizationId), eq(attendance.date, date)));
  return present?.n ?? 0;
}

/** Child-days of enrolled children attended since a day (a child counts once a day). */
export async function countChildDaysSince(db: Db, organizationId: string, since: string): Promise<number> {
  const [attended] = await db
    .select({ n: countDistinct(sql`(${attendance.childId}, ${attendance.date})`) })
    .from(attendance)
    .innerJoin(children, eq(children.id, attendance.childId))
    .where(
      and(
        eq(attendance.organizationId, organizationId),
        gte(attendance.date, since),
        eq(children.status, 'enrolled'),
      ),
    );
  return attended?.n ?? 0;
}
