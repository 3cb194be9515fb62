import { childcareEndpoints, type AttendanceRecord, type Child } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { isUuid } from '../auth/users';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { activeMemberCount } from '../organizations/queries';
import {
  closeVisit,
  countEnrolledChildren,
  countPresentOn,
  deleteChild,
  findChild,
  findOpenVisit,
  insertCheckIn,
  insertChild,
  listAttendance,
  listAttendanceOn,
  listChildren,
  updateChild,
  type AttendanceRow,
  type ChildRow,
} from './store';

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
async function requireChild(db: Db, organizationId: string, id: string, status = 404): Promise<ChildRow> {
  const row = isUuid(id) ? await findChild(db, organizationId, id) : undefined;
  if (!row) throw new HttpError(status, ERRORS.childNotFound);
  return row;
}

/** Client B: children, attendance and the dashboard statistics of the current organization. */
export function registerChildcareRoutes(route: Route, ctx: ServerContext): void {
  route(childcareEndpoints.listChildren, async ({ tenant }) => {
    const rows = await listChildren(ctx.db, tenant().organizationId);
    return rows.map(toChild);
  });

  route(childcareEndpoints.getChild, async ({ params, tenant }) =>
    toChild(await requireChild(ctx.db, tenant().organizationId, params.id)),
  );

  route(childcareEndpoints.createChild, async ({ body, tenant, audit }) => {
    const { organizationId } = tenant();
    const created = await ctx.db.transaction(async (tx) => {
      const row = await insertChild(tx, {
        organizationId,
        firstName: body.firstName,
        lastName: body.lastName,
        dateOfBirth: body.dateOfBirth,
        classroom: body.classroom ?? null,
        status: body.status ?? 'enrolled',
        enrolledAt: new Date(ctx.config.now()),
        guardianName: body.guardianName ?? null,
        guardianEmail: body.guardianEmail ?? null,
      });
      await audit.record(tx, { resourceId: row.id, details: { status: row.status } });
      return row;
    });
    return toChild(created);
  });

  route(childcareEndpoints.updateChild, async ({ params, body, tenant, audit }) => {
    const { organizationId } = tenant();
    const current = await requireChild(ctx.db, organizationId, params.id);
    const updated = await ctx.db.transaction(async (tx) => {
      const row = await updateChild(tx, organizationId, current.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        dateOfBirth: body.dateOfBirth,
        classroom: body.classroom ?? null,
        status: body.status ?? current.status,
        guardianName: body.guardianName ?? null,
        guardianEmail: body.guardianEmail ?? null,
      });
      if (!row) throw new HttpError(404, ERRORS.childNotFound);
      await audit.record(tx, { details: { status: row.status } });
      return row;
    });
    return toChild(updated);
  });

  route(childcareEndpoints.deleteChild, async ({ params, tenant, audit }) => {
    const { organizationId } = tenant();
    const current = await requireChild(ctx.db, organizationId, params.id);
    await ctx.db.transaction(async (tx) => {
      await deleteChild(tx, organizationId, current.id);
      await audit.record(tx);
    });
    return { deleted: true as const };
  });

  route(childcareEndpoints.listAttendance, async ({ query, tenant }) => {
    const rows = await listAttendance(ctx.db, tenant().organizationId, {
      from: query.from,
      to: query.to,
      childId: query.childId,
      limit: query.limit ?? 200,
    });
    return rows.map(toRecord);
  });

  route(childcareEndpoints.todayAttendance, async ({ tenant }) => {
    const rows = await listAttendanceOn(ctx.db, tenant().organizationId, utcDate(ctx.config.now()));
    return rows.map(toRecord);
  });

  route(childcareEndpoints.recordAttendance, async ({ body, tenant, audit }) => {
    const { organizationId } = tenant();
    const now = ctx.config.now();
    audit.note({ resourceId: body.childId, details: { action: body.action, childId: body.childId } });
    const at = body.at ? new Date(body.at) : new Date(now);
    if (at.getTime() > now) throw new HttpError(400, ERRORS.futureTime);
    const child = await requireChild(ctx.db, organizationId, body.childId, 400);

    const open = await findOpenVisit(ctx.db, organizationId, child.id);

    const saved = await ctx.db.transaction(async (tx) => {
      let row: AttendanceRow | undefined;
      if (body.action === 'check_in') {
        if (open) throw new HttpError(409, ERRORS.alreadyCheckedIn);
        try {
          row = await insertCheckIn(tx, {
            organizationId,
            childId: child.id,
            date: utcDate(at),
            checkInAt: at,
          });
        } catch (error) {
          // A concurrent check-in won the race: the partial unique index allows one open visit.
          if (isUniqueViolation(error)) throw new HttpError(409, ERRORS.alreadyCheckedIn);
          throw error;
        }
      } else {
        if (!open) throw new HttpError(400, ERRORS.notCheckedIn);
        if (at.getTime() < open.checkInAt.getTime()) throw new HttpError(400, ERRORS.checkOutBeforeCheckIn);
        row = await closeVisit(tx, organizationId, open.id, at);
      }
      if (!row) throw new Error('attendance write returned no row');
      await audit.record(tx, { details: { attendanceId: row.id, at: at.toISOString() } });
      return row;
    });
    return toRecord(saved);
  });

  route(childcareEndpoints.dashboardStats, async ({ tenant }) => {
    const { organizationId } = tenant();
    const [childrenEnrolled, presentToday, staff] = await Promise.all([
      countEnrolledChildren(ctx.db, organizationId),
      countPresentOn(ctx.db, organizationId, utcDate(ctx.config.now())),
      activeMemberCount(ctx.db, organizationId),
    ]);
    const attendanceRate =
      childrenEnrolled === 0 ? 0 : Math.round((presentToday / childrenEnrolled) * 1000) / 10;
    return { organizationId, childrenEnrolled, presentToday, attendanceRate, staff };
  });
}
