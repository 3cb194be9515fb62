import { and, eq, notInArray, sql } from 'drizzle-orm';
import { PERMISSIONS, PERMISSION_IDS, SYSTEM_ROLES } from '../../shared/permissions';
import type { Db } from './client';
import { permissions, rolePermissions, roles } from './schema';

/**
 * Upserts the permission catalogue and the six system roles, with exactly the permissions the code gives
 * them. The catalogue in code is the truth: whatever an older version left behind is corrected here.
 */
export async function syncCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((p) => ({ ...p })))
      .onConflictDoUpdate({
        target: permissions.id,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          resource: sql`excluded.resource`,
          action: sql`excluded.action`,
        },
      });
    // Cascades to role_permissions, custom roles included: a permission the code no longer knows grants nothing.
    await tx.delete(permissions).where(notInArray(permissions.id, PERMISSION_IDS));

    await tx
      .insert(roles)
      .values(
        SYSTEM_ROLES.map((r) => ({ id: r.id, name: r.name, description: r.description, isSystemRole: true })),
      )
      .onConflictDoUpdate({
        target: roles.id,
        set: { name: sql`excluded.name`, description: sql`excluded.description`, isSystemRole: true },
        // Leaves updated_at alone when nothing changed.
        setWhere: sql`(${roles.name}, ${roles.description}, ${roles.isSystemRole}) is distinct from (excluded.name, excluded.description, true)`,
      });

    for (const role of SYSTEM_ROLES) {
      await tx
        .delete(rolePermissions)
        .where(
          and(
            eq(rolePermissions.roleId, role.id),
            notInArray(rolePermissions.permissionId, [...role.permissions]),
          ),
        );
    }
    await tx
      .insert(rolePermissions)
      .values(
        SYSTEM_ROLES.flatMap((r) => r.permissions.map((permissionId) => ({ roleId: r.id, permissionId }))),
      )
      .onConflictDoNothing();
  });
}
