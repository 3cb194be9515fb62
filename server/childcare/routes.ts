import { and, countDistinct, count, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import { childcareEndpoints, type AttendanceRecord, type Child } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { isUuid } from '../auth/users';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { attendance, children } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { activeMemberCount } from '../organizations/queries';

type ChildRow = typeof children.$inferSelect;
type AttendanceRow = typeof attendance.$inferSelect;

const toChild = (row: ChildRow): Child => ({
  id: row.id,
  organizationId: row.organizationId,
  firstName: row.firstName,
  lastName: row.lastName,
  dateOfBirth: row.dateOfBirth,
  classroom: row.classroom,
  status: row.status,
  enrolledAt: row.enrolledAt.toISOString(),
  guardianName: row.guardianName,
  guardianEmail: row.guardianEmail,
});

const toRecord = (row: AttendanceRow): AttendanceRecord => ({
  id: row.id,
  organizationId: row.organizationId,
  childId: row.childId,
  date: row.date,
  checkInAt: row.checkInAt.toISOString(),
  checkOutAt: row.checkOutAt?.toISOString() ?? null,
});

/** The organization's day, in UTC. */
export const utcDate = (at: number | Date) => new Date(at).toISOString().slice(0, 10);

/** A child of this organization, or childNotFound (another organization's child is not found either). */
async function findChild(db: Db, organizationId: string, id: string, status = 404): Promise<ChildRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(children)
        .where(and(eq(children.id, id), eq(children.organizationId, organizationId)))
    : [];
  if (!row) throw new HttpError(status, ERRORS.childNotFound);
  return row;
}

/** Client B: children, attendance and the dashboard statistics of the current organization. */
export function registerChildcareRoutes(route: Route, ctx: ServerContext): void {
  route(childcareEndpoints.listChildren, async ({ tenant }) => {
    const rows = await ctx.db
      .select()
      .from(children)
      .where(eq(children.organizationId, tenant().organizationId))
      .orderBy(children.lastName, children.firstName, children.id);
    return rows.map(toChild);
  });

  route(childcareEndpoints.getChild, async ({ params, tenant }) =>
    toChild(await findChild(ctx.db, tenant().organizationId, params.id)),
  );

  route(childcareEndpoints.createChild, async ({ body, tenant, audit }) => {
    const { organizationId } = tenant();
    const created = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(children)
        .values({
          organizationId,
          firstName: body.firstName,
          lastName: body.lastName,
          dateOfBirth: body.dateOfBirth,
          classroom: body.classroom ?? null,
          status: body.status ?? 'enrolled',
          enrolledAt: new Date(ctx.config.now()),
          guardianName: body.guardianName ?? null,
          guardianEmail: body.guardianEmail ?? null,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await audit.record(tx, { resourceId: row.id, details: { status: row.status } });
      return row;
    });
    return toChild(created);
  });

  route(childcareEndpoints.updateChild, async ({ params, body, tenant, audit }) => {
    const { organizationId } = tenant();
    const current = await findChild(ctx.db, organizationId, params.id);
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(children)
        .set({
          firstName: body.firstName,
          lastName: body.lastName,
          dateOfBirth: body.dateOfBirth,
          classroom: body.classroom ?? null,
          status: body.status ?? current.status,
          guardianName: body.guardianName ?? null,
          guardianEmail: body.guardianEmail ?? null,
        })
        .where(and(eq(children.id, current.id), eq(children.organizationId, organizationId)))
        .returning();
      if (!row) throw new HttpError(404, ERRORS.childNotFound);
      await audit.record(tx, { details: { status: row.status } });
      return row;
    });
    return toChild(updated);
  });

  route(childcareEndpoints.deleteChild, async ({ params, tenant, audit }) => {
    const { organizationId } = tenant();
    const current = await findChild(ctx.db, organizationId, params.id);
    await ctx.db.transaction(async (tx) => {
      // Attendance goes with the child (ON DELETE CASCADE).
      await tx
        .delete(children)
        .where(and(eq(children.id, current.id), eq(children.organizationId, organizationId)));
      await audit.record(tx);
    });
    return { deleted: true as const };
  });

  route(childcareEndpoints.listAttendance, async ({ query, tenant }) => {
    const rows = await ctx.db
      .select()
      .from(attendance)
      .where(
        and(
          eq(attendance.organizationId, tenant().organizationId),
          query.from ? gte(attendance.date, query.from) : undefined,
          query.to ? lte(attendance.date, query.to) : undefined,
          query.childId !== undefined
            ? isUuid(query.childId)
              ? eq(attendance.childId, query.childId)
              : isNull(attendance.id)
            : undefined,
        ),
      )
      .orderBy(desc(attendance.checkInAt), desc(attendance.id))
      .limit(query.limit ?? 200);
    return rows.map(toRecord);
  });

  route(childcareEndpoints.todayAttendance, async ({ tenant }) => {
    const rows = await ctx.db
      .select()
      .from(attendance)
      .where(
        and(
          eq(attendance.organizationId, tenant().organizationId),
          eq(attendance.date, utcDate(ctx.config.now())),
        ),
      )
      .orderBy(desc(attendance.checkInAt), desc(attendance.id));
    return rows.map(toRecord);
  });

  route(childcareEndpoints.recordAttendance, async ({ body, tenant, audit }) => {
    const { organizationId } = tenant();
    const now = ctx.config.now();
    audit.note({ resourceId: body.childId, details: { action: body.action, childId: body.childId } });
    const at = body.at ? new Date(body.at) : new Date(now);
    if (at.getTime() > now) throw new HttpError(400, ERRORS.futureTime);
    const child = await findChild(ctx.db, organizationId, body.childId, 400);

    const [open] = await ctx.db
      .select()
      .from(attendance)
      .where(
        and(
          eq(attendance.organizationId, organizationId),
          eq(attendance.childId, child.id),
          isNull(attendance.checkOutAt),
        ),
      )
      .orderBy(desc(attendance.checkInAt))
      .limit(1);

    const saved = await ctx.db.transaction(async (tx) => {
      let row: AttendanceRow | undefined;
      if (body.action === 'check_in') {
        if (open) throw new HttpError(409, ERRORS.alreadyCheckedIn);
        try {
          [row] = await tx
            .insert(attendance)
            .values({ organizationId, childId: child.id, date: utcDate(at), checkInAt: at })
            .returning();
        } catch (error) {
          // A concurrent check-in won the race: the partial unique index allows one open visit.
          if (isUniqueViolation(error)) throw new HttpError(409, ERRORS.alreadyCheckedIn);
          throw error;
        }
      } else {
        if (!open) throw new HttpError(400, ERRORS.notCheckedIn);
        if (at.getTime() < open.checkInAt.getTime()) throw new HttpError(400, ERRORS.checkOutBeforeCheckIn);
        [row] = await tx
          .update(attendance)
          .set({ checkOutAt: at })
          .where(and(eq(attendance.id, open.id), eq(attendance.organizationId, organizationId)))
          .returning();
      }
      if (!row) throw new Error('attendance write returned no row');
      await audit.record(tx, { details: { attendanceId: row.id, at: at.toISOString() } });
      return row;
    });
    return toRecord(saved);
  });

  route(childcareEndpoints.dashboardStats, async ({ tenant }) => {
    const { organizationId } = tenant();
    const [[enrolled], [present], staff] = await Promise.all([
      ctx.db
        .select({ n: count() })
        .from(children)
        .where(and(eq(children.organizationId, organizationId), eq(children.status, 'enrolled'))),
      ctx.db
        .select({ n: countDistinct(attendance.childId) })
        .from(attendance)
        .where(
          and(eq(attendance.organizationId, organizationId), eq(attendance.date, utcDate(ctx.config.now()))),
        ),
      activeMemberCount(ctx.db, organizationId),
    ]);
    const childrenEnrolled = enrolled?.n ?? 0;
    const presentToday = present?.n ?? 0;
    const attendanceRate =
      childrenEnrolled === 0 ? 0 : Math.round((presentToday / childrenEnrolled) * 1000) / 10;
    return { organizationId, childrenEnrolled, presentToday, attendanceRate, staff };
  });
}
