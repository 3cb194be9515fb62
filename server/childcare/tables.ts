/** The childcare group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHILD_STATUSES } from '../../shared/api/childcare';
import { instant } from '../db/columns';
import { organizationRef } from '../organizations/tables';

export const children = pgTable(
  'children',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    classroom: text('classroom'),
    status: text('status', { enum: CHILD_STATUSES }).notNull().default('enrolled'),
    enrolledAt: instant('enrolled_at').notNull().defaultNow(),
    guardianName: text('guardian_name'),
    guardianEmail: text('guardian_email'),
  },
  (t) => [index('children_organization').on(t.organizationId)],
);

export const attendance = pgTable(
  'attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    checkInAt: instant('check_in_at').notNull(),
    checkOutAt: instant('check_out_at'),
  },
  (t) => [
    index('attendance_organization_date').on(t.organizationId, t.date),
    // At most one open visit per child, even for racing check-ins; partial, so it stays small.
    uniqueIndex('attendance_open_by_child')
      .on(t.childId)
      .where(sql`${t.checkOutAt} is null`),
    check('attendance_out_after_in', sql`${t.checkOutAt} is null or ${t.checkOutAt} >= ${t.checkInAt}`),
  ],
);
