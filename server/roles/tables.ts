/** The roles group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isSystemRole: boolean('is_system_role').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Role names are unique ignoring case, even for racing creations.
  (t) => [uniqueIndex('roles_name_lower').on(sql`lower(${t.name})`)],
);

export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  resource: text('resource').notNull(),
  action: text('action').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);
