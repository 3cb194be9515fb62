import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api';
import type { Db } from '../db/client';
import { rolePermissions } from '../db/schema';
import { forbidden } from '../http/errors';

/**
 * users.manage and the role endpoints must not be a ladder: a caller may only grant, take away or act on
 * permissions it holds itself. Refuses with the first one missing.
 */
export function assertHeld(caller: SessionUser, permissionIds: readonly string[]): void {
  const missing = permissionIds.find((p) => !caller.permissions.includes(p));
  if (missing) throw forbidden(missing);
}

export async function permissionsOfRole(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.id);
}
