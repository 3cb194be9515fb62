import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Client B's tenant calls (part 1 §7): children, attendance and the statistics call, envelope
 * `{success, data, error}`. The organization is the current one, sent as `X-Organization-Id`.
 */
const idParams = z.object({ id: z.string().min(1).max(64) });
const isoDate = z.iso.date();

export const CHILD_STATUSES = ['enrolled', 'withdrawn'] as const;

export const child = z.object({
  id: z.string(),
  organizationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  classroom: z.string().nullable(),
  status: z.enum(CHILD_STATUSES),
  enrolledAt: z.string(),
  guardianName: z.string().nullable(),
  guardianEmail: z.string().nullable(),
});
export type Child = z.infer<typeof child>;

export const childBody = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  dateOfBirth: isoDate,
  classroom: z.string().trim().max(100).nullable().optional(),
  status: z.enum(CHILD_STATUSES).optional(),
  guardianName: z.string().trim().max(200).nullable().optional(),
  guardianEmail: z.email().max(320).nullable().optional(),
});

export const attendanceRecord = z.object({
  id: z.string(),
  organizationId: z.string(),
  childId: z.string(),
  date: z.string(),
  checkInAt: z.string(),
  checkOutAt: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;

export const attendanceBody = z.object({
  childId: z.string().min(1).max(64),
  action: z.enum(['check_in', 'check_out']),
  /** When it happened; now when absent. Never in the future. */
  at: z.iso.datetime({ offset: true }).optional(),
});

export const attendanceQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  childId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const dashboardStats = z.object({
  organizationId: z.string(),
  childrenEnrolled: z.number().int(),
  presentToday: z.number().int(),
  /** Present today ÷ enrolled, percent with one decimal; 0 with no child enrolled. */
  attendanceRate: z.number(),
  staff: z.number().int(),
});

export const childcareEndpoints = {
  listChildren: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/children',
    summary: 'Children of the current organization',
    data: z.array(child),
    auth: 'token',
    tenant: 'header',
    tenantRule: 'children:read',
  }),
  getChild: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/children/:id',
    summary: 'One child',
    params: idParams,
    data: child,
    auth: 'token',
    tenant: 'header',
    tenantRule: 'children:read',
  }),
  createChild: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/children',
    summary: 'Enrol a child',
    body: childBody,
    data: child,
    auth: 'token',
    tenant: 'header',
    tenantRule: 'children:manage',
    audit: { action: 'CREATE', resource: 'child', severity: 'low' },
  }),
  updateChild: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/children/:id',
    summary: "Change a child's record",
    params: idParams,
    body: childBody,
    data: child,
    auth: 'token',
    tenant: 'header',
    tenantRule: 'children:manage',
    audit: { action: 'UPDATE', resource: 'child', severity: 'low', resourceParam: 'id' },
  }),
  deleteChild: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/children/:id',
    summary: 'Delete a child and their attendance',
    params: idParams,
    data: z.object({ deleted: z.literal(true) }),
    auth: 'token',
    tenant: 'header',
    tenantRule: 'children:manage',
    audit: { action: 'DELETE', resource: 'child', severity: 'medium', resourceParam: 'id' },
  }),
  listAttendance: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/attendance',
    summary: 'Attendance records, newest first',
    query: attendanceQuery,
    data: z.array(attendanceRecord),
    auth: 'token',
    tenant: 'header',
    tenantRule: 'attendance:read',
  }),
  todayAttendance: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/attendance/today',
    summary: "Today's records (the organization's day in UTC)",
    data: z.array(attendanceRecord),
    auth: 'token',
    tenant: 'header',
    tenantRule: 'attendance:read',
  }),
  recordAttendance: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/attendance',
    summary: 'Check a child in or out',
    body: attendanceBody,
    data: attendanceRecord,
    auth: 'token',
    tenant: 'header',
    tenantRule: 'attendance:manage',
    audit: { action: 'UPDATE', resource: 'attendance', severity: 'low' },
  }),
  dashboardStats: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/dashboard/stats',
    summary: 'Children enrolled, present today, attendance rate and staff of the current organization',
    data: dashboardStats,
    auth: 'token',
    tenant: 'header',
    tenantRule: 'member',
  }),
} as const;
